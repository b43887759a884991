import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, freePort } from '@salon/service-kit';
import {
  createTestDatabase,
  deleteBrokerNamespace,
  testAmqpUrl,
  testNamespace,
  testRedisUrl,
  waitFor,
  type TestDatabase,
} from '@salon/testing';
import { startPlatform, type RunningPlatform } from '../../embedded/src/platform';
import { ALERT_RULES_FILE } from './monitoring-prometheus-rule';
import { EXTERNAL_METRICS, referencedMetricNames } from './monitoring-promql';
import { startPrometheus, type PrometheusServer } from './monitoring-prometheus-server';

/**
 * A real Prometheus scraping the running platform: every metric the alert rules and the dashboard read must
 * exist, and every rule must evaluate without error against real series. The platform runs in-process on
 * real PostgreSQL, RabbitMQ and Redis; in that mode the gateway and the six services share one metrics
 * registry, so the gateway's /metrics carries every service's series (labelled by `service`).
 */
let database: TestDatabase;
let namespace: string;
let dataDir: string;
let platform: RunningPlatform;
let prometheus: PrometheusServer;

beforeAll(async () => {
  database = await createTestDatabase('scrape');
  namespace = testNamespace();
  dataDir = mkdtempSync(join(tmpdir(), 'salon-scrape-'));
  platform = await startPlatform({
    dataDir,
    port: await freePort(),
    logger: createLogger({ service: 'scrape-test', level: 'silent' }),
    databaseUrl: database.url,
    amqpUrl: testAmqpUrl(),
    eventNamespace: namespace,
    env: { ...process.env, REDIS_URL: testRedisUrl(), RATE_LIMIT_PREFIX: `scrape-${namespace}` },
  });
  await generateTraffic(platform.url);
  prometheus = await startPrometheus({
    port: await freePort(),
    targets: [{ job: 'salon-platform', address: new URL(platform.url).host }],
    ruleFiles: [ALERT_RULES_FILE],
  });
}, 120_000);

afterAll(async () => {
  await prometheus?.stop();
  await platform?.stop();
  await database?.drop();
  await deleteBrokerNamespace(namespace);
  rmSync(dataDir, { recursive: true, force: true });
});

it('scrapes the platform', async () => {
  const targets = await waitFor(
    async () => {
      const { activeTargets } = await prometheus.api<{ activeTargets: Array<{ health: string }> }>(
        '/api/v1/targets',
      );
      return activeTargets.length > 0 && activeTargets.every((target) => target.health === 'up')
        ? activeTargets
        : undefined;
    },
    { timeoutMs: 10_000, intervalMs: 200, message: 'targets not up' },
  );
  expect(targets).toHaveLength(1);
});

it('has every metric the alert rules and the dashboard use', async () => {
  const required = referencedMetricNames().filter((name) => !EXTERNAL_METRICS.has(name));
  // Sanity: the extraction found the platform's own metrics, not nothing.
  expect(required).toEqual(expect.arrayContaining(['http_requests_total', 'events_consumed_total']));
  const missing = async () => {
    const names = new Set(await prometheus.api<string[]>('/api/v1/label/__name__/values'));
    return required.filter((name) => !names.has(name));
  };
  // Series appear with the first scrapes after the traffic; give them a few seconds.
  await waitFor(async () => (await missing()).length === 0, { timeoutMs: 10_000, intervalMs: 250 }).catch(
    () => undefined,
  );
  expect(await missing()).toEqual([]);
});

it('evaluates every alert rule without error', async () => {
  type Rule = { name: string; health: string; lastError?: string };
  const rules = await waitFor(
    async () => {
      const { groups } = await prometheus.api<{ groups: Array<{ rules: Rule[] }> }>('/api/v1/rules');
      const all = groups.flatMap((group) => group.rules);
      return all.length > 0 && all.every((rule) => rule.health !== 'unknown') ? all : undefined;
    },
    { timeoutMs: 10_000, intervalMs: 250, message: 'rules not evaluated' },
  );
  expect(rules.filter((rule) => rule.health !== 'ok')).toEqual([]);
  expect(rules).toHaveLength(8);
});

/** A small, booking-free day: a business registers, signs in, adds a service; a 401 and a 404 happen. */
async function generateTraffic(url: string): Promise<void> {
  const api = async (method: string, path: string, body?: unknown, token?: string) => {
    const response = await fetch(`${url}/api/v1${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  const registered = await api('POST', '/public/register', {
    business_name: 'Scrape Glow',
    business_email: 'owner@scrape.example',
    business_phone: '+6281234567890',
    business_type: 'salon',
    admin_first_name: 'Ayu',
    admin_last_name: 'Lestari',
    admin_email: 'admin@scrape.example',
    admin_password: 'Secret123',
    terms_accepted: true,
    privacy_accepted: true,
  });
  expect(registered.status).toBe(201);
  const login = await api('POST', '/auth/login', { email: 'admin@scrape.example', password: 'Secret123' });
  expect(login.status).toBe(200);
  const token = login.body.access_token as string;
  const created = await api(
    'POST',
    '/services',
    {
      name: 'Haircut',
      slug: 'haircut',
      category: 'hair_cut',
      duration_minutes: 45,
      pricing: { base_price: '150000', currency: 'IDR' },
    },
    token,
  );
  expect(created.status).toBe(201);
  expect((await api('GET', '/staff')).status).toBe(401);
  expect((await api('GET', '/no-such-resource', undefined, token)).status).toBe(404);
  // Billing creates the FREE subscription from identity's event: an event went through RabbitMQ.
  await waitFor(async () => (await api('GET', '/subscriptions/current', undefined, token)).status === 200, {
    timeoutMs: 15_000,
  });
}
