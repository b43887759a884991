import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PodMonitor, PrometheusRule } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
import { parse, parseAllDocuments } from 'yaml';
import { eventSchemas } from '@salon/contracts';
import {
  alertRuleGroups,
  ALERT_RULES_FILE,
  DEPLOY_DIR,
  PROMETHEUS_RULE_FILE,
  prometheusRule,
  RUNBOOK_BASE_URL,
  withRunbookBase,
} from './monitoring-prometheus-rule';
import { dashboardExpressions, metricNamesOf, readDashboard } from './monitoring-promql';

const run = promisify(execFile);
const PROMTOOL = process.env.PROMTOOL ?? '/usr/bin/promtool';
const MONITORING_DIR = join(DEPLOY_DIR, 'k8s', 'components', 'monitoring');
const RUNBOOKS_FILE = join(DEPLOY_DIR, '..', 'docs', 'runbooks.md');
const WORKLOADS = ['gateway', 'identity', 'catalog', 'scheduling', 'commerce', 'billing', 'notifications'];

const readYaml = (file: string) => parse(readFileSync(file, 'utf8')) as Record<string, any>;

describe('alert rules', () => {
  it('pass promtool check rules', async () => {
    const { stdout } = await run(PROMTOOL, ['check', 'rules', ALERT_RULES_FILE]);
    expect(stdout).toContain('SUCCESS');
  });

  it('pass their promtool unit tests (alerts.test.yml)', async () => {
    const { stdout } = await run(PROMTOOL, ['test', 'rules', 'alerts.test.yml'], {
      cwd: join(DEPLOY_DIR, 'prometheus'),
    });
    expect(stdout).toContain('SUCCESS');
  });

  it('cover every signal of issue #10, payments that arrived without their effect, refunds owed outside, and a ledger that does not add up', () => {
    const alerts = alertRuleGroups().flatMap((group) => group.rules.map((rule) => rule.alert));
    expect(alerts.sort()).toEqual(
      [
        'HighErrorRatio',
        'HighLatencyP99',
        'CircuitBreakerOpen',
        'OutboxBacklogStale',
        'MessagesDeadLettered',
        'ConsumerLagHigh',
        'CronJobFailed',
        'CronJobNotSucceeded',
        'TargetDown',
        'RateLimitStoreDown',
        'SessionRevocationsStale',
        'ProviderCallbackFailed',
        'PaymentCallbacksRejected',
        'NotificationDeliveryFailing',
        'DatabasePoolSaturated',
        'DeadLetterQueueNotEmpty',
        'RefundOwedOutsidePlatform',
        'LedgerOutOfBalance',
      ].sort(),
    );
  });

  it('each have a duration, a severity, a summary, a description and an absolute link to its runbook section', () => {
    const anchors = new Set(
      readFileSync(RUNBOOKS_FILE, 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('#'))
        .map((line) => githubAnchor(line.replace(/^#+\s*/, ''))),
    );
    for (const rule of alertRuleGroups().flatMap((group) => group.rules)) {
      expect({ alert: rule.alert, for: rule.for }).toEqual({
        alert: rule.alert,
        for: expect.stringMatching(/^\d+[smh]$/),
      });
      expect(['critical', 'warning']).toContain(rule.labels.severity);
      expect(rule.annotations.summary).toBeTruthy();
      expect(rule.annotations.description).toBeTruthy();
      const url = new URL(rule.annotations.runbook_url!);
      expect(url.protocol).toBe('https:');
      expect(`${url.origin}${url.pathname}`).toBe(RUNBOOK_BASE_URL);
      expect([...anchors]).toContain(url.hash.slice(1));
    }
  });

  it('are embedded unchanged in the Kubernetes PrometheusRule, which is a valid one', () => {
    const committed = readYaml(PROMETHEUS_RULE_FILE);
    // On failure: run `npx tsx deploy/test/monitoring-write-prometheus-rule.ts` and commit the result.
    expect(committed).toEqual(prometheusRule());
    expect(() => new PrometheusRule(committed as never).validate()).not.toThrow();
  });

  it('move to another runbook base when an installation writes them with its own', () => {
    const base = 'https://runbooks.example.com/salon/runbooks.md';
    const urls = withRunbookBase(alertRuleGroups(), base).flatMap((group) =>
      group.rules.map((rule) => rule.annotations.runbook_url),
    );
    expect(urls).toHaveLength(alertRuleGroups().flatMap((group) => group.rules).length);
    for (const url of urls)
      expect(url).toMatch(/^https:\/\/runbooks\.example\.com\/salon\/runbooks\.md#[a-z0-9]+$/);
  });
});

describe('Kubernetes monitoring resources', () => {
  it('have a PodMonitor per workload scraping /metrics on the "metrics" port, by app.kubernetes.io/name', () => {
    const monitors = yamlFiles()
      .map((file) => readYaml(join(MONITORING_DIR, file)))
      .filter((resource) => resource.kind === 'PodMonitor');
    expect(monitors.map((monitor) => monitor.metadata.name).sort()).toEqual([...WORKLOADS].sort());
    for (const monitor of monitors) {
      expect(() => new PodMonitor(monitor as never).validate()).not.toThrow();
      expect(monitor.spec.selector).toEqual({
        matchLabels: { 'app.kubernetes.io/name': monitor.metadata.name },
      });
      expect(monitor.spec.jobLabel).toBe('app.kubernetes.io/name');
      expect(monitor.spec.podMetricsEndpoints).toEqual([
        expect.objectContaining({ port: 'metrics', path: '/metrics' }),
      ]);
    }
  });

  it('are all listed in the kustomization, and nothing else is', () => {
    const kustomization = readYaml(join(MONITORING_DIR, 'kustomization.yaml'));
    expect([...kustomization.resources].sort()).toEqual(yamlFiles().sort());
  });
});

describe("against deploy/k8s/base's workloads", () => {
  const resources = readdirSync(join(DEPLOY_DIR, 'k8s', 'base'))
    .filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml')
    .flatMap((file) =>
      parseAllDocuments(readFileSync(join(DEPLOY_DIR, 'k8s', 'base', file), 'utf8')).map(
        (document) => document.toJSON() as Record<string, any>,
      ),
    )
    .filter((resource) => resource !== null);

  it("finds each PodMonitor's pods: labelled by name, with a container port named metrics at METRICS_PORT", () => {
    for (const workload of WORKLOADS) {
      const deployment = resources.find(
        (resource) => resource.kind === 'Deployment' && resource.metadata.name === workload,
      );
      expect({ workload, labels: deployment?.spec.template.metadata.labels }).toEqual({
        workload,
        labels: expect.objectContaining({ 'app.kubernetes.io/name': workload }),
      });
      const ports = deployment!.spec.template.spec.containers.flatMap(
        (container: { ports?: Array<{ name?: string }> }) => container.ports ?? [],
      );
      expect(ports).toContainEqual({ name: 'metrics', containerPort: 9464 });
    }
  });

  it('watches exactly the CronJobs of the base in the CronJobFailed and CronJobNotSucceeded alerts', () => {
    const cronJobs = resources
      .filter((resource) => resource.kind === 'CronJob')
      .map((resource) => resource.metadata.name as string);
    expect(cronJobs.length).toBeGreaterThan(0);
    const rules = alertRuleGroups().flatMap((group) => group.rules);
    for (const alert of ['CronJobFailed', 'CronJobNotSucceeded']) {
      const expr = rules.find((rule) => rule.alert === alert)!.expr;
      const patterns = [...expr.matchAll(/(?:owner_name|cronjob)=~"\.\*\(([^)]+)\)"/g)];
      expect({ alert, matchers: patterns.length > 0 }).toEqual({ alert, matchers: true });
      for (const pattern of patterns) expect(pattern[1]!.split('|').sort()).toEqual([...cronJobs].sort());
    }
  });
});

describe('Grafana dashboard', () => {
  const dashboard = readDashboard();

  it('has a panel for each signal of issue #10, each with an expression', () => {
    const titles = (dashboard.panels as Array<{ title: string; type: string; targets?: unknown[] }>)
      .filter((panel) => panel.type !== 'row')
      .map((panel) => {
        expect(panel.targets?.length).toBeGreaterThan(0);
        return panel.title;
      });
    for (const wanted of [
      'Requests per second',
      '5xx ratio',
      'Latency p50 and p99',
      'Requests per second by route',
      'Errors by route',
      'p99 latency by route',
      'Bookings per minute',
      'Payments per minute',
      'Events published',
      'Events consumed',
      'Events dead-lettered',
      'Circuit breakers',
      'Outbox backlog',
    ])
      expect(titles).toContain(wanted);
    const ids = (dashboard.panels as Array<{ id: number }>).map((panel) => panel.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('counts bookings and payments with event types that exist', () => {
    const types = dashboardExpressions(dashboard).flatMap((expr) =>
      [...expr.matchAll(/\btype=~?"([^"]+)"/g)].flatMap((match) => match[1]!.split('|')),
    );
    expect(types.length).toBeGreaterThan(0);
    for (const type of types) expect(Object.keys(eventSchemas)).toContain(type);
  });

  it('reads metrics through PromQL the name extraction understands', () => {
    expect(
      metricNamesOf(
        'histogram_quantile(0.99, sum by (service, le) (rate(a_bucket{x="y"}[5m]))) > 1 and on (x) b offset 5m',
      ),
    ).toEqual(['a_bucket', 'b']);
    expect(metricNamesOf('label_values(http_requests_total, service)')).toEqual(['http_requests_total']);
  });
});

function yamlFiles(): string[] {
  return readdirSync(MONITORING_DIR).filter(
    (file) => file.endsWith('.yaml') && file !== 'kustomization.yaml',
  );
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function githubAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');
}
