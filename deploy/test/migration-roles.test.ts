import { randomBytes } from 'node:crypto';
import { catalogService } from '@salon/catalog';
import { migrateService } from '@salon/runtime';
import { createPostgresDb, runMigrations, type Db } from '@salon/service-kit';
import { createTestDatabase, type TestDatabase } from '@salon/testing';

// The migration Job connects as the schema's owner and grants the role the services run as
// (DATABASE_RUNTIME_ROLE) read and write on the tables, nothing else. Roles are cluster-wide: this one has a
// name of its own and is dropped at the end.

const role = `salon_runtime_${randomBytes(4).toString('hex')}`;
let database: TestDatabase;
let runtime: Db;

beforeAll(async () => {
  database = await createTestDatabase('migration_roles');
  await database.db.withRawTx((session) => session.exec(`CREATE ROLE "${role}" LOGIN`));
  await migrateService(catalogService, database.db, { runtimeRole: role });
  const url = new URL(database.url);
  url.username = role;
  url.password = '';
  runtime = createPostgresDb({ url: url.toString(), poolSize: 2, applicationName: role });
}, 60_000);

afterAll(async () => {
  await runtime?.close();
  await database?.db.withRawTx((session) => session.exec(`DROP OWNED BY "${role}"; DROP ROLE "${role}"`));
  await database?.drop();
});

const asRuntime = (text: string) => runtime.withRawTx((session) => session.exec(text));

it('the runtime role reads and writes the tables', async () => {
  await asRuntime(
    `INSERT INTO catalog.inbox (consumer, event_id) VALUES ('roles-test', '${'a'.repeat(24)}')`,
  );
  const rows = await runtime.withRawTx((session) =>
    session.query<{ event_id: string }>(`SELECT event_id FROM catalog.inbox WHERE consumer = 'roles-test'`),
  );
  expect(rows).toEqual([{ event_id: 'a'.repeat(24) }]);
  await asRuntime(`UPDATE catalog.inbox SET consumer = 'roles-test-2' WHERE consumer = 'roles-test'`);
  await asRuntime(`DELETE FROM catalog.inbox WHERE consumer = 'roles-test-2'`);
});

it('the runtime role cannot create, alter, drop or truncate', async () => {
  await expect(asRuntime('CREATE TABLE catalog.intruder (id int)')).rejects.toThrow(/permission denied/);
  await expect(asRuntime('DROP TABLE catalog.inbox')).rejects.toThrow(/must be owner/);
  await expect(asRuntime('ALTER TABLE catalog.inbox ADD COLUMN x int')).rejects.toThrow(/must be owner/);
  await expect(asRuntime('TRUNCATE catalog.inbox')).rejects.toThrow(/permission denied/);
  await expect(asRuntime('CREATE SCHEMA intruder')).rejects.toThrow(/permission denied/);
});

it('a service starting as the runtime role after the Job finds nothing to apply, without any DDL', async () => {
  const all = await database.db.withRawTx((session) =>
    session.query<{ name: string }>('SELECT name FROM catalog._migrations ORDER BY name'),
  );
  expect(all.length).toBeGreaterThan(0);
  await expect(migrateService(catalogService, runtime)).resolves.toEqual([]);
  // A pending migration needs the owner: the runtime role is refused.
  await expect(
    runMigrations(runtime, 'catalog', [{ name: '9999_pending', sql: 'CREATE TABLE catalog.later (id int)' }]),
  ).rejects.toThrow(/permission denied/);
});
