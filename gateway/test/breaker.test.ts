import { metricsRegistry } from '@salon/service-kit';
import { waitFor } from '@salon/testing';
import {
  allUpstreams,
  bearer,
  echo,
  staffToken,
  startGateway,
  startUpstream,
  type RunningGateway,
  type RunningUpstream,
  type UpstreamHandler,
} from './helpers';

let upstream: RunningUpstream;
const gateways: RunningGateway[] = [];

beforeAll(async () => {
  upstream = await startUpstream();
});

beforeEach(() => {
  upstream.handler = echo;
});

afterEach(async () => {
  await Promise.all(gateways.splice(0).map((gateway) => gateway.close()));
});

afterAll(() => upstream.close());

const TIMEOUT_MS = 1000;
const RESET_MS = 1000;

const start = async (env: Record<string, string> = {}) => {
  const gateway = await startGateway({
    ...allUpstreams(upstream.url),
    UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS),
    BREAKER_RESET_TIMEOUT_MS: String(RESET_MS),
    BREAKER_VOLUME_THRESHOLD: '10',
    ...env,
  });
  gateways.push(gateway);
  return gateway;
};

const token = staffToken();
const getService = (gateway: RunningGateway) =>
  fetch(`${gateway.url}/api/v1/services`, { headers: bearer(token) });

/** Catalog's paths never answer; every other service's do. */
const catalogHangs: UpstreamHandler = (req, res, body) => {
  if (!req.url?.startsWith('/services')) echo(req, res, body);
};
const answer =
  (status: number): UpstreamHandler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ detail: `answered ${status}` }));
  };

const breakerState = async (name: string) =>
  (await metricsRegistry.getSingleMetric('circuit_breaker_state')?.get())?.values.find(
    (value) => value.labels.breaker === name,
  )?.value;

describe('one breaker per upstream', () => {
  it('a hanging upstream gives 504s, opens the breaker, then 503 at once; it closes after recovery', async () => {
    const gateway = await start();
    upstream.handler = catalogHangs;

    // Ten concurrent requests: each times out (504) and counts as a failure; the tenth reaches the threshold.
    const started = performance.now();
    const timedOut = await Promise.all(Array.from({ length: 10 }, () => getService(gateway)));
    expect(performance.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    for (const response of timedOut) {
      expect(response.status).toBe(504);
      expect(await response.json()).toEqual({ detail: 'catalog did not answer in time' });
    }
    expect(await breakerState('gateway:catalog')).toBe(2);

    // Open: answered by the gateway without calling (so without waiting for) the hanging service: a call that
    // went through would hang until the timeout and answer 504.
    const calls = upstream.requests;
    for (let i = 0; i < 5; i += 1) {
      const response = await getService(gateway);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ detail: 'catalog is temporarily unavailable' });
      const retryAfter = Number(response.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(Math.ceil(RESET_MS / 1000));
    }
    expect(upstream.requests).toBe(calls);

    // Another upstream's breaker is untouched.
    expect((await fetch(`${gateway.url}/api/v1/tenants`, { headers: bearer(token) })).status).toBe(200);

    // Recovery: after the reset timeout one probe goes through (half-open), succeeds, and closes the breaker.
    upstream.handler = echo;
    await waitFor(async () => (await getService(gateway)).status === 200, {
      timeoutMs: RESET_MS * 5,
      intervalMs: 100,
      message: 'breaker did not close',
    });
    expect(await breakerState('gateway:catalog')).toBe(0);
    for (let i = 0; i < 5; i += 1) expect((await getService(gateway)).status).toBe(200);
  });

  it('a failing half-open probe opens the breaker again', async () => {
    const gateway = await start();
    upstream.handler = answer(500);
    for (let i = 0; i < 10; i += 1) expect((await getService(gateway)).status).toBe(500);
    expect((await getService(gateway)).status).toBe(503);

    await new Promise((resolve) => setTimeout(resolve, RESET_MS + 100));
    const probe = await getService(gateway);
    expect(probe.status).toBe(500); // the probe's own answer is passed on
    expect(await breakerState('gateway:catalog')).toBe(2);
    expect((await getService(gateway)).status).toBe(503);
  });

  it('upstream 4xx answers never count as failures', async () => {
    const gateway = await start();
    upstream.handler = answer(404);
    for (let i = 0; i < 30; i += 1) {
      const response = await getService(gateway);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ detail: 'answered 404' });
    }
    expect(await breakerState('gateway:catalog')).toBe(0);
    upstream.handler = echo;
    expect((await getService(gateway)).status).toBe(200);
  });

  it("an upstream's 502 (one of its providers failed) does not count against it", async () => {
    const gateway = await start();
    upstream.handler = answer(502);
    for (let i = 0; i < 30; i += 1) expect((await getService(gateway)).status).toBe(502);
    expect(await breakerState('gateway:catalog')).toBe(0);
  });

  it('one early failure cannot open it (volume threshold)', async () => {
    const gateway = await start();
    upstream.handler = answer(500);
    for (let i = 0; i < 9; i += 1) expect((await getService(gateway)).status).toBe(500);
    upstream.handler = echo;
    for (let i = 0; i < 5; i += 1) expect((await getService(gateway)).status).toBe(200);
    expect(await breakerState('gateway:catalog')).toBe(0);
  });

  it('an upstream that is not listening answers 503 "<service> is temporarily unavailable"', async () => {
    const gateway = await start({ CATALOG_URL: 'http://127.0.0.1:1' });
    const response = await getService(gateway);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ detail: 'catalog is temporarily unavailable' });
  });
});
