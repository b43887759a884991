import express from 'express';
import {
  AppError,
  createHttpApp,
  createInternalClient,
  finishHttpApp,
  metricsRegistry,
  requireInternalToken,
  type InternalClient,
} from '../src';
import { captureLogger, listen, type Running } from './helpers';

const TOKEN = 'internal-token-for-tests-0123456789';
const { logger } = captureLogger('caller');
let upstream: Running;
const clients: InternalClient[] = [];
/** How often the callee's `/ok` was reached: an open breaker answers without calling it. */
let okCalls = 0;

beforeAll(async () => {
  const app = createHttpApp({ service: 'callee', logger });
  const internal = express.Router();
  internal.use(requireInternalToken(TOKEN));
  internal.post('/echo', (req, res) => {
    res.status(201).json({ body: req.body, query: req.query, requestId: req.get('x-request-id') });
  });
  internal.get('/missing', (_req, res) => {
    res.status(404).json({ detail: 'Customer not found' });
  });
  internal.get('/fail', (_req, res) => {
    res.status(500).json({ detail: 'Internal Server Error' });
  });
  internal.get('/slow', async (_req, res) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    res.json({ late: true });
  });
  internal.get('/ok', (_req, res) => {
    okCalls += 1;
    res.json({ ok: true });
  });
  app.use('/internal', internal);
  finishHttpApp(app, logger);
  upstream = await listen(app);
});

afterAll(async () => {
  for (const client of clients) client.close();
  await upstream.close();
});

function client(name: string, options: { timeoutMs?: number; baseUrl?: string; token?: string } = {}) {
  const created = createInternalClient({
    name,
    baseUrl: options.baseUrl ?? `${upstream.url}/internal/`,
    internalToken: options.token ?? TOKEN,
    timeoutMs: options.timeoutMs,
    logger,
    breaker: { resetTimeoutMs: 60_000 },
  });
  clients.push(created);
  return created;
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

const breakerGauge = async (name: string) =>
  (await metricsRegistry.getSingleMetric('circuit_breaker_state')?.get())?.values.find(
    (value) => value.labels.breaker === name,
  )?.value;

describe('requireInternalToken', () => {
  it('hides internal endpoints behind 404 without the right token', async () => {
    const missing = await fetch(`${upstream.url}/internal/ok`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ detail: 'Not Found' });
    const wrong = await fetch(`${upstream.url}/internal/ok`, { headers: { 'x-internal-token': 'nope' } });
    expect(wrong.status).toBe(404);
    const right = await fetch(`${upstream.url}/internal/ok`, { headers: { 'x-internal-token': TOKEN } });
    expect(right.status).toBe(200);
  });

  it('refuses a short expected token at start-up', () => {
    expect(() => requireInternalToken('short')).toThrow(/at least 16/);
  });
});

describe('internal client', () => {
  it('sends the token, request id, query and JSON body', async () => {
    const response = await client('echo').request('POST', '/echo', {
      body: { amount: '10.00' },
      query: { page: 2, tags: ['a', 'b'], skip: undefined },
      requestId: 'req-42',
    });
    expect(response).toEqual({
      status: 201,
      body: { body: { amount: '10.00' }, query: { page: '2', tags: ['a', 'b'] }, requestId: 'req-42' },
    });
  });

  it('returns 4xx answers without opening the breaker', async () => {
    const catalog = client('catalog');
    for (let i = 0; i < 25; i += 1) {
      expect(await catalog.request('GET', '/missing')).toEqual({
        status: 404,
        body: { detail: 'Customer not found' },
      });
    }
    expect(await catalog.request('GET', '/ok')).toEqual({ status: 200, body: { ok: true } });
    expect(await breakerGauge('catalog')).toBe(0);
  });

  it('turns repeated 5xx into 503 and then fails fast once the breaker is open', async () => {
    const commerce = client('commerce');
    for (let i = 0; i < 10; i += 1) {
      const error = await failure(commerce.request('GET', '/fail'));
      expect(error.status).toBe(503);
      expect(error.toBody()).toEqual({ detail: 'commerce is temporarily unavailable' });
    }
    expect(await breakerGauge('commerce')).toBe(2);
    // Failing fast: the open breaker answers without calling the callee (its healthy `/ok` is never reached).
    const callsBefore = okCalls;
    const error = await failure(commerce.request('GET', '/ok'));
    expect(okCalls).toBe(callsBefore);
    expect(error.status).toBe(503);
    expect(error.detail).toBe('commerce is temporarily unavailable');
  });

  it('counts timeouts as failures', async () => {
    const billing = client('billing', { timeoutMs: 50 });
    for (let i = 0; i < 10; i += 1) {
      expect((await failure(billing.request('GET', '/slow'))).status).toBe(503);
    }
    const callsBefore = okCalls;
    expect((await failure(billing.request('GET', '/ok'))).status).toBe(503);
    expect(okCalls).toBe(callsBefore);
  });

  it('answers 503 when the callee is unreachable', async () => {
    const dead = client('identity', { baseUrl: 'http://127.0.0.1:9' });
    const error = await failure(dead.request('GET', '/ok'));
    expect(error.toBody()).toEqual({ detail: 'identity is temporarily unavailable' });
  });
});
