import { writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { stringify } from 'yaml';
import { HTTP_ROUTE_FILE, INGRESS_FILE, httpRoute, ingress } from './exposure-routes';

const HEADER = `# Generated from PUBLIC_PATH_PREFIXES (gateway/src/routes.ts) by deploy/test/exposure-write-routes.ts:
# add a prefix there, \`npm run build\`, then run \`npx tsx deploy/test/exposure-write-routes.ts\`.
# Only these prefixes reach the gateway from outside: /healthz and /readyz stay in the cluster, and /metrics
# is on another port that no Service exposes.
`;

/** Writes the HTTPRoute and the Ingress, formatted as `npm run lint` wants them. */
async function write(file: string, object: unknown): Promise<void> {
  const options = await resolveConfig(file);
  writeFileSync(file, await format(HEADER + stringify(object), { ...options, filepath: file }));
  console.log(`wrote ${file}`);
}

void (async () => {
  await write(HTTP_ROUTE_FILE, httpRoute());
  await write(INGRESS_FILE, ingress());
})();
