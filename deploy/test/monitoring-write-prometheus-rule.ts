import { writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { stringify } from 'yaml';
import {
  alertRuleGroups,
  PROMETHEUS_RULE_FILE,
  prometheusRule,
  RUNBOOK_BASE_URL,
  withRunbookBase,
} from './monitoring-prometheus-rule';

const HEADER = `# Generated from deploy/prometheus/alerts.rules.yml by deploy/test/monitoring-write-prometheus-rule.ts:
# edit the rules there, then run \`npx tsx deploy/test/monitoring-write-prometheus-rule.ts\`.
`;

// An installation serving its own runbooks: RUNBOOK_BASE_URL=https://…/runbooks.md npx tsx deploy/test/monitoring-write-prometheus-rule.ts
const runbookBase = process.env.RUNBOOK_BASE_URL ?? RUNBOOK_BASE_URL;

/** Writes the Kubernetes copy of the alert rules, formatted as `npm run lint` wants it. */
async function writePrometheusRule(): Promise<void> {
  const options = await resolveConfig(PROMETHEUS_RULE_FILE);
  const text = await format(
    HEADER + stringify(prometheusRule(withRunbookBase(alertRuleGroups(), runbookBase))),
    {
      ...options,
      filepath: PROMETHEUS_RULE_FILE,
    },
  );
  writeFileSync(PROMETHEUS_RULE_FILE, text);
  console.log(`wrote ${PROMETHEUS_RULE_FILE}`);
}

void writePrometheusRule();
