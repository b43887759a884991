/**
 * `npm run openapi`: writes docs/openapi.json, the committed copy of the gateway's OpenAPI document, from the
 * routing table and the contracts. Refuses (exit 1, nothing written) while the new document breaks a client of
 * the committed one in a way docs/api-changelog.md does not acknowledge; gateway/test/openapi-committed.test.ts
 * is the same check in CI. Rerun it after merging a branch that adds or changes routes or contracts.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { breakingChanges, buildOpenApiDocument } from '@salon/gateway';

const ROOT = join(__dirname, '..');
const DOCUMENT = join(ROOT, 'docs', 'openapi.json');
const CHANGELOG = join(ROOT, 'docs', 'api-changelog.md');

const generated = buildOpenApiDocument();
const changelog = readFileSync(CHANGELOG, 'utf8');
const unacknowledged = existsSync(DOCUMENT)
  ? breakingChanges(JSON.parse(readFileSync(DOCUMENT, 'utf8')), generated).filter(
      (change) => !changelog.includes(change),
    )
  : [];

if (unacknowledged.length > 0) {
  console.error(
    'docs/openapi.json not written: these changes break clients of the committed document.\n' +
      'If they are intended, add each line to a new entry in docs/api-changelog.md and run npm run openapi again.\n',
  );
  for (const change of unacknowledged) console.error(`  ${change}`);
  process.exit(1);
}
writeFileSync(DOCUMENT, `${JSON.stringify(generated, null, 2)}\n`);
console.log(`wrote docs/openapi.json (${Object.keys(generated.paths as object).length} paths)`);
