import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export const DEPLOY_DIR = join(__dirname, '..');
export const ALERT_RULES_FILE = join(DEPLOY_DIR, 'prometheus', 'alerts.rules.yml');
export const PROMETHEUS_RULE_FILE = join(
  DEPLOY_DIR,
  'k8s',
  'components',
  'monitoring',
  'prometheus-rule.yaml',
);
/**
 * Where every alert's runbook_url points: docs/runbooks.md as the repository serves it, with the alert's
 * section as the anchor. Absolute, because Alertmanager's receivers (Slack, PagerDuty, e-mail) show the link
 * outside Prometheus. An installation reading its own copy of the runbooks sets RUNBOOK_BASE_URL when it
 * writes the PrometheusRule (monitoring-write-prometheus-rule.ts).
 */
export const RUNBOOK_BASE_URL = 'https://github.com/salon-platform/salon-platform/blob/main/docs/runbooks.md';

export interface AlertRule {
  alert: string;
  expr: string;
  for: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
}
export interface RuleGroup {
  name: string;
  rules: AlertRule[];
}

/** The groups of deploy/prometheus/alerts.rules.yml, the one source of the platform's alerts. */
export function alertRuleGroups(): RuleGroup[] {
  return (parse(readFileSync(ALERT_RULES_FILE, 'utf8')) as { groups: RuleGroup[] }).groups;
}

/** The groups with every runbook_url moved from RUNBOOK_BASE_URL to `base`. */
export function withRunbookBase(groups: RuleGroup[], base: string): RuleGroup[] {
  return groups.map((group) => ({
    ...group,
    rules: group.rules.map((rule) => ({
      ...rule,
      annotations: {
        ...rule.annotations,
        runbook_url: rule.annotations.runbook_url!.replace(RUNBOOK_BASE_URL, base),
      },
    })),
  }));
}

/** The PrometheusRule object for the Prometheus operator: the same groups, nothing added. */
export function prometheusRule(groups: RuleGroup[] = alertRuleGroups()) {
  return {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'PrometheusRule',
    metadata: {
      name: 'salon-platform-alerts',
      labels: { 'app.kubernetes.io/name': 'salon-platform', 'app.kubernetes.io/component': 'alerts' },
    },
    spec: { groups },
  };
}
