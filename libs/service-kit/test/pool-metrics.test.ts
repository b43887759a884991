import { createTestDatabase, type TestDatabase } from '@salon/testing';
import { metricsRegistry } from '../src';

/** The pool gauges read node-postgres's counters at scrape time: they move while queries hold connections. */
let database: TestDatabase;
let pool: string;

beforeAll(async () => {
  database = await createTestDatabase('pool_metrics');
  pool = new URL(database.url).pathname.slice(1);
});
let dropped = false;
afterAll(async () => {
  if (!dropped) await database?.drop();
});

const gauge = async (name: string) =>
  (await metricsRegistry.getSingleMetric(name)?.get())?.values.find((value) => value.labels.pool === pool)
    ?.value;

it('exist from the pool’s creation, before any query', async () => {
  expect(await gauge('db_pool_max')).toBe(10);
  expect(await gauge('db_pool_total')).toBe(0);
  expect(await gauge('db_pool_waiting')).toBe(0);
});

it('count connections in use and queries waiting once every connection is taken', async () => {
  // Twelve sleeping queries on a pool of ten: ten run, two wait.
  const sleeping = Array.from({ length: 12 }, () =>
    database.db.withRawTx((s) => s.query('SELECT pg_sleep(1)')),
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect({
    total: await gauge('db_pool_total'),
    idle: await gauge('db_pool_idle'),
    waiting: await gauge('db_pool_waiting'),
  }).toEqual({ total: 10, idle: 0, waiting: 2 });
  await Promise.all(sleeping);
  expect(await gauge('db_pool_waiting')).toBe(0);
  expect(await gauge('db_pool_idle')).toBe(await gauge('db_pool_total'));
});

it('go away with the closed pool', async () => {
  await database.drop();
  dropped = true;
  expect(await gauge('db_pool_max')).toBeUndefined();
});
