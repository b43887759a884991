import { SERVICES } from '@salon/gateway';
import { freePort } from '@salon/service-kit';
import { waitFor } from '@salon/testing';
import { startPlatform, type Platform } from '../../e2e/src/platform';
import { ALERT_RULES_FILE, alertRuleGroups } from './monitoring-prometheus-rule';
import { EXTERNAL_METRICS, referencedMetricNames } from './monitoring-promql';
import { startPrometheus, type PrometheusServer } from './monitoring-prometheus-server';

/**
 * A real Prometheus scraping the running platform as it is deployed: the gateway and the six services each in
 * its own process (from dist/) on real PostgreSQL and RabbitMQ, each scraped at /metrics on its own metrics port
 * (METRICS_PORT), which the public port does not serve. Every
 * metric the alert rules and the dashboard read must exist, every workload must expose its own series, and
 * every rule must evaluate without error against real series.
 */
const WORKLOADS = ['gateway', ...SERVICES] as const;
let platform: Platform;
let prometheus: PrometheusServer;

beforeAll(async () => {
  platform = await startPlatform();
  await generateTraffic(platform);
  const addressOf = (workload: (typeof WORKLOADS)[number]) =>
    new URL(workload === 'gateway' ? platform.gatewayMetrics : platform.service(workload).metricsUrl).host;
  prometheus = await startPrometheus({
    port: await freePort(),
    targets: WORKLOADS.map((workload) => ({ job: workload, address: addressOf(workload) })),
    ruleFiles: [ALERT_RULES_FILE],
  });
}, 120_000);

afterAll(async () => {
  await prometheus?.stop();
  await platform?.stop();
});

it('serves /metrics on each metrics port, not on the public one, whose /readyz tells nothing more than its status', async () => {
  const publicUrls = [platform.gateway, ...SERVICES.map((name) => platform.service(name).url)];
  const metricsUrls = [platform.gatewayMetrics, ...SERVICES.map((name) => platform.service(name).metricsUrl)];
  for (const url of publicUrls) {
    expect({ url, status: (await fetch(`${url}/metrics`)).status }).toEqual({ url, status: 404 });
    expect(await (await fetch(`${url}/readyz`)).json()).toEqual({ status: 'ready' });
  }
  for (const url of metricsUrls) {
    const response = await fetch(`${url}/metrics`);
    expect({ url, status: response.status }).toEqual({ url, status: 200 });
    expect(await response.text()).toContain('process_cpu_user_seconds_total');
    expect(await (await fetch(`${url}/readyz`)).json()).toMatchObject({ status: 'ready', checks: {} });
  }
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
  expect(targets).toHaveLength(WORKLOADS.length);
});

it('reads request series from every workload', async () => {
  const jobsWithRequests = async () => {
    const { result } = await prometheus.api<{ result: Array<{ metric: { job: string } }> }>(
      `/api/v1/query?query=${encodeURIComponent('count by (job) (http_requests_total)')}`,
    );
    return result.map((series) => series.metric.job).sort();
  };
  await waitFor(async () => (await jobsWithRequests()).length === WORKLOADS.length, {
    timeoutMs: 10_000,
    intervalMs: 250,
  }).catch(() => undefined);
  expect(await jobsWithRequests()).toEqual([...WORKLOADS].sort());
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
  expect(rules.map((rule) => rule.name).sort()).toEqual(
    alertRuleGroups()
      .flatMap((group) => group.rules.map((rule) => rule.alert))
      .sort(),
  );
});

/**
 * A small, booking-free day that reaches every service: a business registers, signs in, adds a service, reads
 * its staff, packages and subscription; the scheduler asks for notification health; a 401 and a 404 happen.
 */
async function generateTraffic(platform: Platform): Promise<void> {
  const api = (method: string, path: string, body?: unknown, token?: string) =>
    platform.request(method, path, { body, token });
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
  expect((await api('GET', '/staff', undefined, token)).status).toBe(200);
  expect((await api('GET', '/packages', undefined, token)).status).toBe(200);
  expect((await platform.request('GET', '/webhooks/notifications/health', { internal: true })).status).toBe(
    200,
  );
}
