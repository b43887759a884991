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
