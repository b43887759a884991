import { sql } from 'drizzle-orm';
import { createPostgresDb, runMigrations, selectRows, type Migration } from '@salon/service-kit';
import { createTestDatabase, type TestDatabase } from '@salon/testing';

const migrations: Migration[] = [
  { name: '0001_init', sql: 'CREATE TABLE shop.items (id int PRIMARY KEY);' },
  {
    name: '0002_more',
    sql: 'ALTER TABLE shop.items ADD COLUMN name text; INSERT INTO shop.items VALUES (1, $$a$$);',
  },
];

describe('runMigrations', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('migrate');
  });
  afterAll(() => database.drop());

  it('lets two replicas start at once: one migrates, the other waits and finds nothing to do', async () => {
    const replica = createPostgresDb({ url: database.url });
    try {
      const [first, second] = await Promise.all([
        runMigrations(database.db, 'shop', migrations),
        runMigrations(replica, 'shop', migrations),
      ]);
      expect([...first, ...second].sort()).toEqual(['0001_init', '0002_more']);
      expect(first.length === 0 || second.length === 0).toBe(true);
      const rows = await selectRows<{ id: number }>(database.db.orm, sql`SELECT id FROM shop.items`);
      expect(rows).toEqual([{ id: 1 }]);
      expect(
        await runMigrations(replica, 'shop', [...migrations, { name: '0003', sql: 'SELECT 1;' }]),
      ).toEqual(['0003']);
    } finally {
      await replica.close();
    }
  });

  it('applies nothing of a migration set when one of them fails', async () => {
    const broken: Migration[] = [
      { name: '0001_ok', sql: 'CREATE TABLE broken.a (id int);' },
      { name: '0002_bad', sql: 'CREATE TABLE broken.b (id nonexistent_type);' },
    ];
    await expect(runMigrations(database.db, 'broken', broken)).rejects.toThrow();
    const schemas = await selectRows(
      database.db.orm,
      sql`SELECT 1 FROM information_schema.schemata WHERE schema_name = 'broken'`,
    );
    expect(schemas).toHaveLength(0);
  });

  it('refuses a schema name that is not a plain identifier', async () => {
    await expect(runMigrations(database.db, 'bad"name', [])).rejects.toThrow('Not a safe SQL identifier');
  });
});
