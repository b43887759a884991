import net from 'node:net';
import { Redis } from 'ioredis';
import { createLogger, metricsRegistry, newId } from '@salon/service-kit';
import { testRedisUrl, waitFor } from '@salon/testing';
import {
  allUpstreams,
  bearer,
  customerToken,
  staffToken,
  startGateway,
  startUpstream,
  tenantId,
  type RunningGateway,
  type RunningUpstream,
} from './helpers';

let upstream: RunningUpstream;
const gateways: RunningGateway[] = [];

beforeAll(async () => {
  upstream = await startUpstream();
});

afterEach(async () => {
  await Promise.all(gateways.splice(0).map((gateway) => gateway.close()));
});

afterAll(() => upstream.close());

const start = async (
  env: Record<string, string | undefined> = {},
  logger?: Parameters<typeof startGateway>[1],
) => {
  const gateway = await startGateway({ ...allUpstreams(upstream.url), ...env }, logger);
  gateways.push(gateway);
  return gateway;
};

const get = (gateway: RunningGateway, path: string, headers: Record<string, string> = {}) =>
  fetch(`${gateway.url}/api/v1${path}`, { headers });
const post = (gateway: RunningGateway, path: string, headers: Record<string, string> = {}) =>
  fetch(`${gateway.url}/api/v1${path}`, { method: 'POST', headers });

const limitHeaders = (response: Response) => ({
  limitMinute: response.headers.get('x-ratelimit-limit-minute'),
  remainingMinute: response.headers.get('x-ratelimit-remaining-minute'),
  limitHour: response.headers.get('x-ratelimit-limit-hour'),
  remainingHour: response.headers.get('x-ratelimit-remaining-hour'),
});

/** 100 staff requests count down to 0; the 101st is 429 with Retry-After; the service never sees it. */
async function expectStaffLimit(instances: RunningGateway[], token: string) {
  const before = upstream.requests;
  for (let i = 1; i <= 100; i += 1) {
    const response = await get(instances[i % instances.length] as RunningGateway, '/tenants', bearer(token));
    expect(response.status).toBe(200);
    expect(limitHeaders(response)).toEqual({
      limitMinute: '100',
      remainingMinute: String(100 - i),
      limitHour: '1000',
      remainingHour: String(1000 - i),
    });
    await response.arrayBuffer();
  }
  expect(upstream.requests).toBe(before + 100);

  const limited = await get(instances[0] as RunningGateway, '/tenants', bearer(token));
  expect(limited.status).toBe(429);
  expect(await limited.json()).toEqual({ detail: 'Rate limit exceeded: 100 requests per minute' });
  const retryAfter = Number(limited.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(limitHeaders(limited)).toMatchObject({ limitMinute: '100', remainingMinute: '0' });
  expect(upstream.requests).toBe(before + 100);
}

describe('rate limits in memory (the default)', () => {
  it('staff: headers count down per user and the 101st request in a minute is 429', async () => {
    const gateway = await start();
    const user = newId();
    await expectStaffLimit([gateway], staffToken({ sub: user }));

    // Per user: another user of the same tenant is not affected, nor is a new token of the limited user spared.
    expect((await get(gateway, '/tenants', bearer(staffToken()))).status).toBe(200);
    expect((await get(gateway, '/tenants', bearer(staffToken({ sub: user })))).status).toBe(429);
  });

  it('customers: 60 per minute per customer', async () => {
    const gateway = await start();
    const token = customerToken();
    for (let i = 1; i <= 60; i += 1) {
      const response = await get(gateway, '/customers/profile', bearer(token));
      expect(response.status).toBe(200);
      expect(response.headers.get('x-ratelimit-remaining-minute')).toBe(String(60 - i));
      expect(response.headers.get('x-ratelimit-limit-hour')).toBe('600');
      await response.arrayBuffer();
    }
    const limited = await get(gateway, '/services', bearer(token));
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ detail: 'Rate limit exceeded: 60 requests per minute' });
    expect((await get(gateway, '/services', bearer(customerToken()))).status).toBe(200);
  });

  it('public: 30 per minute per client address; the provider callback has its own limit', async () => {
    const gateway = await start();
    for (let i = 1; i <= 30; i += 1) {
      const response = await post(gateway, '/customer/auth/login');
      expect(response.status).toBe(200);
      expect(response.headers.get('x-ratelimit-limit-minute')).toBe('30');
      expect(response.headers.get('x-ratelimit-remaining-minute')).toBe(String(30 - i));
      await response.arrayBuffer();
    }
    const limited = await post(gateway, '/public/register');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).not.toBeNull();
    expect((await get(gateway, '/openapi.json')).status).toBe(429);

    const callback = await post(gateway, `/webhooks/gateway-invoice/tenant/${tenantId}`);
    expect(callback.status).toBe(200);
    expect(limitHeaders(callback)).toEqual({
      limitMinute: '6000',
      remainingMinute: '5999',
      limitHour: '120000',
      remainingHour: '119999',
    });
  });

  it('the hour window: past it, 429 says so and Retry-After is up to an hour', async () => {
    const gateway = await start({ RATE_LIMIT_CUSTOMER: '5/5' });
    const token = customerToken();
    for (let i = 0; i < 5; i += 1)
      expect((await get(gateway, '/token-usage/quota', bearer(token))).status).toBe(200);
    const limited = await get(gateway, '/token-usage/quota', bearer(token));
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ detail: 'Rate limit exceeded: 5 requests per hour' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3500);
  });

  it('uses the forwarded client address only when the proxy in front is trusted', async () => {
    const untrusting = await start({ RATE_LIMIT_PUBLIC: '2/100' });
    const trusting = await start({ RATE_LIMIT_PUBLIC: '2/100', TRUST_PROXY: 'loopback' });
    for (const gateway of [untrusting, trusting]) {
      for (let i = 0; i < 2; i += 1)
        expect(
          (await post(gateway, '/customer/auth/login', { 'x-forwarded-for': '198.51.100.1' })).status,
        ).toBe(200);
    }
    // Untrusted, a forged X-Forwarded-For does not give a new budget; behind a trusted proxy it is the client.
    expect(
      (await post(untrusting, '/customer/auth/login', { 'x-forwarded-for': '198.51.100.2' })).status,
    ).toBe(429);
    expect((await post(trusting, '/customer/auth/login', { 'x-forwarded-for': '198.51.100.2' })).status).toBe(
      200,
    );
    expect((await post(trusting, '/customer/auth/login', { 'x-forwarded-for': '198.51.100.1' })).status).toBe(
      429,
    );
  });
});

describe('rate limits in Redis', () => {
  let redis: Redis;
  const prefixes: string[] = [];
  const uniquePrefix = () => {
    const prefix = `test:gateway:${newId()}`;
    prefixes.push(prefix);
    return prefix;
  };

  beforeAll(async () => {
    redis = new Redis(testRedisUrl(), { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await redis.connect();
    } catch (error) {
      throw new Error(
        `Redis is needed at ${testRedisUrl()} (TEST_REDIS_URL): redis-server --daemonize yes --port 6379 (${String(error)})`,
        { cause: error },
      );
    }
  });

  afterAll(async () => {
    for (const prefix of prefixes) {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
    }
    redis.disconnect();
  });

  it('counts in Redis: the 101st staff request in a minute is 429', async () => {
    const prefix = uniquePrefix();
    const gateway = await start({ REDIS_URL: testRedisUrl(), RATE_LIMIT_PREFIX: prefix });
    const user = newId();
    await expectStaffLimit([gateway], staffToken({ sub: user }));
    expect(await redis.get(`${prefix}:staff:minute:${user}`)).toBe('101');
    expect(await redis.get(`${prefix}:staff:hour:${user}`)).toBe('101');
    const ready = await fetch(`${gateway.metricsUrl}/readyz`);
    expect(await ready.json()).toEqual({
      status: 'ready',
      checks: { rate_limit_store: 'ok', session_revocations: 'ok' },
    });
  });

  it('two gateway instances share one count', async () => {
    const prefix = uniquePrefix();
    const first = await start({ REDIS_URL: testRedisUrl(), RATE_LIMIT_PREFIX: prefix });
    const second = await start({ REDIS_URL: testRedisUrl(), RATE_LIMIT_PREFIX: prefix });
    const token = staffToken();
    await expectStaffLimit([first, second], token);
    expect((await get(second, '/tenants', bearer(token))).status).toBe(429);
  });

  it('keeps serving with local counters while Redis is down, says so, and goes back to Redis', async () => {
    const relay = await startTcpRelay(new URL(testRedisUrl()));
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger({
      service: 'gateway-test',
      level: 'info',
      destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    const prefix = uniquePrefix();
    const gateway = await start(
      { REDIS_URL: `redis://127.0.0.1:${relay.port}`, RATE_LIMIT_PREFIX: prefix },
      logger,
    );
    const token = customerToken();
    const customer = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as {
      sub: string;
    };
    const fallbacks = async () =>
      (await metricsRegistry.getSingleMetric('gateway_rate_limit_fallback_total')?.get())?.values[0]?.value ??
      0;
    const storeUp = async () =>
      (await metricsRegistry.getSingleMetric('gateway_rate_limit_store_up')?.get())?.values[0]?.value;

    for (let i = 0; i < 3; i += 1)
      expect((await get(gateway, '/customer/wallet', bearer(token))).status).toBe(200);
    expect(await redis.get(`${prefix}:customer:minute:${customer.sub}`)).toBe('3');
    expect(await storeUp()).toBe(1);

    relay.stop();
    const before = await fallbacks();
    for (let i = 1; i <= 60; i += 1) {
      const response = await get(gateway, '/customer/wallet', bearer(token));
      expect(response.status).toBe(200);
      expect(response.headers.get('x-ratelimit-remaining-minute')).toBe(String(60 - i));
      await response.arrayBuffer();
    }
    // Local counters still limit.
    expect((await get(gateway, '/customer/wallet', bearer(token))).status).toBe(429);
    expect(await fallbacks()).toBeGreaterThan(before);
    expect(await storeUp()).toBe(0);
    expect(lines.some((line) => line.level === 'warn' && String(line.msg).includes('local counters'))).toBe(
      true,
    );
    const ready = await fetch(`${gateway.metricsUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as { checks: Record<string, string> }).checks.rate_limit_store).toMatch(
      /^degraded: /,
    );

    await relay.start();
    await waitFor(async () => (await storeUp()) === 1, { timeoutMs: 15_000, message: 'redis reconnection' });
    const back = await get(gateway, '/customer/wallet', bearer(customerToken()));
    expect(back.status).toBe(200);
    expect(await redis.get(`${prefix}:customer:minute:${customer.sub}`)).toBe('3');
    await relay.close();
  });
});

/** A TCP relay in front of Redis that the test can cut and restore, as a network failure would. */
async function startTcpRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const remote = net.connect(Number(target.port || 6379), target.hostname);
        for (const socket of [client, remote]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        client.pipe(remote).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server?.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await listen();
  return {
    port,
    stop() {
      server?.close();
      for (const socket of sockets) socket.destroy();
    },
    start: listen,
    async close() {
      this.stop();
    },
  };
}
