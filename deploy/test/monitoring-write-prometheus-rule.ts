import { writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { stringify } from 'yaml';
import { PROMETHEUS_RULE_FILE, prometheusRule } from './monitoring-prometheus-rule';

const HEADER = `# Generated from deploy/prometheus/alerts.rules.yml by deploy/test/monitoring-write-prometheus-rule.ts:
# edit the rules there, then run \`npx tsx deploy/test/monitoring-write-prometheus-rule.ts\`.
`;

/** Writes the Kubernetes copy of the alert rules, formatted as `npm run lint` wants it. */
async function writePrometheusRule(): Promise<void> {
  const options = await resolveConfig(PROMETHEUS_RULE_FILE);
  const text = await format(HEADER + stringify(prometheusRule()), {
    ...options,
    filepath: PROMETHEUS_RULE_FILE,
  });
  writeFileSync(PROMETHEUS_RULE_FILE, text);
  console.log(`wrote ${PROMETHEUS_RULE_FILE}`);
}

void writePrometheusRule();
