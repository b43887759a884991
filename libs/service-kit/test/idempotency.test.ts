import { sql } from 'drizzle-orm';
import type { RequestHandler } from 'express';
import {
  AppError,
  IdempotencyKeys,
  createHttpApp,
  finishHttpApp,
  idempotencyMigrations,
  selectRows,
  type IdempotencyOptions,
} from '../src';
import { createMigratedDatabase, type TestDatabase } from '@salon/testing';
import { captureLogger, listen, type Running } from './helpers';

const SCHEMA = 'shop';
const TENANT = 'a'.repeat(24);

/** An app whose POST /orders/:id counts its effects; the body's `fail` makes it answer that status. */
async function orderApp(db: TestDatabase['db'], options: IdempotencyOptions = {}) {
  const effects: unknown[] = [];
  const app = createHttpApp({ service: 'shop', logger: captureLogger().logger });
  // Stands in for `authenticate`: the caller is the customer named by a test header.
  const asCustomer: RequestHandler = (req, _res, next) => {
    req.auth = {
      kind: 'customer',
      customerId: req.get('x-customer') ?? 'c1',
      tenantId: TENANT,
      sessionId: 's',
    };
    next();
  };
  app.post('/orders/:id', asCustomer, new IdempotencyKeys(db, SCHEMA, options).guard(), async (req, res) => {
    const body = req.body as { fail?: number; delayMs?: number };
    await new Promise((resolve) => setTimeout(resolve, body.delayMs ?? 0));
    if (body.fail === 500) throw new Error('boom');
    if (body.fail !== undefined) throw new AppError(body.fail, 'refused');
    effects.push(body);
    res.status(201).json({ order: effects.length, id: req.params.id });
  });
  finishHttpApp(app, captureLogger().logger);
  return { effects, server: await listen(app) };
}

describe('IdempotencyKeys', () => {
  let database: TestDatabase;
  let server: Running;
  let effects: unknown[];
  beforeAll(async () => {
    database = await createMigratedDatabase(SCHEMA, idempotencyMigrations(SCHEMA));
    ({ effects, server } = await orderApp(database.db, { pollMs: 10 }));
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });
  beforeEach(() => void effects.splice(0));

  const post = (key: string | undefined, body: unknown, { path = '/orders/1', customer = 'c1' } = {}) =>
    fetch(server.url + path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-customer': customer,
        ...(key === undefined ? {} : { 'idempotency-key': key }),
      },
      body: JSON.stringify(body),
    });
  const answerOf = async (response: Response) => ({
    status: response.status,
    replayed: response.headers.get('idempotent-replayed'),
    body: (await response.json()) as unknown,
  });

  it('replays the first answer to a retry with the same key and body, and runs it once', async () => {
    const first = await answerOf(await post('k-seq', { a: 1, b: [1, 2] }));
    // The same body with its keys in another order is the same request.
    const retry = await answerOf(await post('k-seq', { b: [1, 2], a: 1 }));
    expect(first).toEqual({ status: 201, replayed: null, body: { order: 1, id: '1' } });
    expect(retry).toEqual({ ...first, replayed: 'true' });
    expect(effects).toHaveLength(1);
  });

  it('runs 20 concurrent requests with one key once, and gives each the same answer', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () => answerOf(await post('k-concurrent', { delayMs: 200 }))),
    );
    expect(effects).toHaveLength(1);
    expect(new Set(answers.map(({ status, body }) => JSON.stringify({ status, body })))).toEqual(
      new Set([JSON.stringify({ status: 201, body: { order: 1, id: '1' } })]),
    );
    expect(answers.filter((answer) => answer.replayed === 'true')).toHaveLength(19);
  });

  it('answers 422 to the key reused with another body or another path', async () => {
    await post('k-reused', { a: 1 });
    for (const response of [
      await post('k-reused', { a: 2 }),
      await post('k-reused', { a: 1 }, { path: '/orders/2' }),
    ]) {
      expect(await answerOf(response)).toEqual({
        status: 422,
        replayed: null,
        body: {
          detail: [
            {
              loc: ['header', 'Idempotency-Key'],
              msg: 'Idempotency-Key was already used with a different request',
              type: 'idempotency_key_reused',
            },
          ],
        },
      });
    }
    expect(effects).toHaveLength(1);
  });

  it("keeps one caller's key apart from another's", async () => {
    const mine = await answerOf(await post('k-shared', { a: 1 }, { customer: 'c1' }));
    const theirs = await answerOf(await post('k-shared', { a: 2 }, { customer: 'c2' }));
    expect([mine.status, theirs.status, theirs.replayed]).toEqual([201, 201, null]);
    expect(effects).toHaveLength(2);
  });

  it('stores a 4xx answer but releases the key after a 5xx, so a retry runs again', async () => {
    expect((await post('k-409', { fail: 409 })).status).toBe(409);
    expect(await answerOf(await post('k-409', { fail: 409 }))).toMatchObject({
      status: 409,
      replayed: 'true',
    });

    expect((await post('k-500', { fail: 500 })).status).toBe(500);
    const rows = await selectRows(
      database.db.orm,
      sql`SELECT 1 FROM shop.idempotency_keys WHERE key = 'k-500'`,
    );
    expect(rows).toEqual([]);
  });

  it('refuses a malformed key with 422, and runs a request without a key as usual', async () => {
    for (const key of ['', 'x'.repeat(256), 'caf\u00e9']) {
      expect(await answerOf(await post(key, {}))).toMatchObject({
        status: 422,
        body: { detail: [{ loc: ['header', 'Idempotency-Key'], type: 'value_error' }] },
      });
    }
    expect((await post(undefined, {})).status).toBe(201);
    expect((await post(undefined, {})).status).toBe(201);
    expect(effects).toHaveLength(2);
  });

  it('answers 409 to a retry that waited too long for the first request, and forgets expired keys', async () => {
    const impatient = await orderApp(database.db, { waitMs: 50, pollMs: 10, ttlMs: 400 });
    try {
      const send = (body: unknown) =>
        fetch(`${impatient.server.url}/orders/1`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': 'k-slow' },
          body: JSON.stringify(body),
        });
      const first = send({ delayMs: 300 });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await send({ delayMs: 300 })).status).toBe(409);
      expect((await first).status).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 450));
      // Past its time to live the key is new again: even another body runs.
      expect((await send({ other: true })).status).toBe(201);
      expect(impatient.effects).toHaveLength(2);
    } finally {
      await impatient.server.close();
    }
  });
});
