import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { alertRuleGroups, DEPLOY_DIR } from './monitoring-prometheus-rule';

export const DASHBOARD_FILE = join(DEPLOY_DIR, 'grafana', 'dashboards', 'salon-platform.json');

/**
 * Metrics the rules and the dashboard use that the platform does not expose itself: they come from
 * exporters running beside it, so a scrape of the platform cannot show them.
 */
export const EXTERNAL_METRICS = new Map([
  ['kube_job_status_failed', 'kube-state-metrics'],
  ['kube_job_owner', 'kube-state-metrics'],
  ['kube_cronjob_status_last_successful_time', 'kube-state-metrics'],
  ['kube_cronjob_status_last_schedule_time', 'kube-state-metrics'],
  ['kube_cronjob_next_schedule_time', 'kube-state-metrics'],
  ['kube_cronjob_created', 'kube-state-metrics'],
  ['rabbitmq_detailed_queue_messages', "RabbitMQ's rabbitmq_prometheus plugin (queue_coarse_metrics)"],
  ['rabbitmq_detailed_queue_messages_ready', "RabbitMQ's rabbitmq_prometheus plugin (queue_coarse_metrics)"],
]);

interface DashboardPanel {
  title?: string;
  targets?: Array<{ expr?: string }>;
  panels?: DashboardPanel[];
}
export interface Dashboard {
  panels: DashboardPanel[];
  templating: { list: Array<{ name: string; definition?: string }> };
}

export const readDashboard = (): Dashboard => JSON.parse(readFileSync(DASHBOARD_FILE, 'utf8')) as Dashboard;

export const alertExpressions = (): string[] =>
  alertRuleGroups().flatMap((group) => group.rules.map((rule) => rule.expr));

/** Every PromQL expression of the dashboard: panel targets and template variable queries. */
export function dashboardExpressions(dashboard: Dashboard = readDashboard()): string[] {
  const panels = (list: DashboardPanel[]): DashboardPanel[] =>
    list.flatMap((panel) => [panel, ...panels(panel.panels ?? [])]);
  const targets = panels(dashboard.panels).flatMap((panel) =>
    (panel.targets ?? []).map((target) => target.expr).filter((expr) => expr !== undefined),
  );
  const variables = dashboard.templating.list.flatMap((variable) =>
    variable.definition ? [variable.definition] : [],
  );
  return [...targets, ...variables];
}

const KEYWORDS = new Set([
  'and',
  'or',
  'unless',
  'bool',
  'offset',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
]);

/**
 * The metric names a PromQL expression reads. Enough of PromQL for our expressions: strings, label
 * matchers, ranges, grouping clauses and numbers are dropped, then every identifier that is not a function
 * call or a keyword is a metric. Grafana's `label_values(metric, label)` variable query is understood too.
 */
export function metricNamesOf(expression: string): string[] {
  const variableQuery = /^label_values\(\s*([a-zA-Z_:][\w:]*)\s*,/.exec(expression.trim());
  if (variableQuery) return [variableQuery[1]!];
  const stripped = expression
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/(?<![\w:])\d[\w.]*/g, ' ');
  const names = new Set<string>();
  for (const match of stripped.matchAll(/[a-zA-Z_:][\w:]*(?!\w|\s*\()/g)) {
    if (!KEYWORDS.has(match[0])) names.add(match[0]);
  }
  return [...names];
}

/** Every metric name the alert rules and the dashboard read, sorted. */
export function referencedMetricNames(): string[] {
  const names = new Set([...alertExpressions(), ...dashboardExpressions()].flatMap(metricNamesOf));
  return [...names].sort();
}
