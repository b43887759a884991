import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * The web client's types (web/src/api/schema.d.ts) are what the gateway's OpenAPI document generates today:
 * a changed API must be regenerated (`npm run web:api`), and then the web build type-checks against it.
 */
it('the checked-in API types equal a fresh generation from the OpenAPI document', () => {
  const root = join(__dirname, '..', '..');
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'web/scripts/generate-api.ts', '--check'],
    {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  expect(output).toContain('matches the OpenAPI document');
}, 120_000);
