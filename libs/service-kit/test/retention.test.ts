import { sql } from 'drizzle-orm';
import { metricsRegistry, pruneTable, selectRows, type Db, type RetentionTable } from '@salon/service-kit';
import { createTestDatabase, type TestDatabase } from '@salon/testing';

const TABLE = `
  CREATE SCHEMA shop;
  CREATE TABLE shop.events (id serial PRIMARY KEY, done boolean NOT NULL, created_at timestamptz NOT NULL);`;

const target: RetentionTable = { schema: 'shop', table: 'events', timeColumn: 'created_at', days: 30 };

// Rows are written with their age in SQL: the job compares against the database's clock, which nothing moves.
const insert = (db: Db, count: number, ageDays: number, done = true) =>
  db.orm.execute(
    sql`INSERT INTO shop.events (done, created_at)
        SELECT ${done}, now() - make_interval(days => ${ageDays}) FROM generate_series(1, ${count})`,
  );

const ages = async (db: Db) =>
  (
    await selectRows<{ age: number }>(
      db.orm,
      sql`SELECT extract(day FROM now() - created_at)::int AS age FROM shop.events ORDER BY age`,
    )
  ).map((row) => row.age);

const counted = async () =>
  (await metricsRegistry.getSingleMetric('retention_rows_deleted_total')?.get())?.values.find(
    (value) => value.labels.table === 'shop.events',
  )?.value ?? 0;

/** On real PostgreSQL: the DELETE … ctid = ANY(ARRAY(… FOR UPDATE SKIP LOCKED)) form is what runs in production. */
describe('pruneTable', () => {
  let database: TestDatabase;
  let db: Db;
  beforeEach(async () => {
    database = await createTestDatabase('retention');
    db = database.db;
    await db.orm.execute(sql.raw(TABLE));
  });
  afterEach(() => database.drop());

  it('deletes the rows older than the period and keeps the newer ones', async () => {
    await insert(db, 3, 31);
    await insert(db, 2, 29);
    await insert(db, 1, 0);
    const before = await counted();

    expect(await pruneTable(db, target)).toBe(3);

    expect(await ages(db)).toEqual([0, 29, 29]);
    expect((await counted()) - before).toBe(3);
  });

  it('removes more rows than one batch in several batches, each its own statement', async () => {
    await insert(db, 25, 40);
    await insert(db, 4, 10);
    const execute = jest.spyOn(db.orm, 'execute');

    expect(await pruneTable(db, target, 10)).toBe(25);

    const deletes = execute.mock.calls.filter(([query]) => JSON.stringify(query).includes('DELETE FROM'));
    expect(deletes).toHaveLength(3); // 10, 10, then 5: a short batch means nothing old is left
    expect(await ages(db)).toEqual([10, 10, 10, 10]);
    execute.mockRestore();
  });

  it('three runs at once (two replicas, a retried CronJob call) delete each old row once', async () => {
    await insert(db, 2_500, 40);
    await insert(db, 3, 10);
    const runs = await Promise.all([
      pruneTable(db, target, 100),
      pruneTable(db, target, 100),
      pruneTable(db, target, 100),
    ]);
    // SKIP LOCKED: a run passes over the rows another has locked, so the counts add up to the rows exactly.
    expect(runs.reduce((sum, deleted) => sum + deleted, 0)).toBe(2_500);
    expect(await ages(db)).toEqual([10, 10, 10]);
  });

  it('keeps old rows outside onlyWhere (not finished yet)', async () => {
    await insert(db, 2, 60, true);
    await insert(db, 2, 60, false);

    expect(await pruneTable(db, { ...target, onlyWhere: sql`done` })).toBe(2);

    expect(await selectRows<{ done: boolean }>(db.orm, sql`SELECT done FROM shop.events`)).toEqual([
      { done: false },
      { done: false },
    ]);
  });
});
