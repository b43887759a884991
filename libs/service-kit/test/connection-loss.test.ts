import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { selectRows } from '@salon/service-kit';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '@salon/testing';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('connection_loss');
});
afterAll(() => database.drop());

it('a connection killed between two queries of a transaction fails that transaction, not the process', async () => {
  const failure = await database.db
    .withTx(async (tx) => {
      const [row] = await selectRows<{ pid: number }>(tx, sql`SELECT pg_backend_pid() AS pid`);
      const admin = new Client({ connectionString: testDatabaseUrl() });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend($1)', [row!.pid]);
      await admin.end();
      // The driver learns of it while the transaction is idle: an 'error' event on the checked-out client.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.execute(sql`SELECT 1`);
    })
    .then(
      () => undefined,
      (error: unknown) => error,
    );
  expect(failure).toBeInstanceOf(Error);
  // The pool replaces the dead connection.
  expect(await selectRows(database.db.orm, sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
});
