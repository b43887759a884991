import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createTestDatabase, type TestDatabase } from '@salon/testing';
import { stubSecret } from './manifests-config';
import { containersOf, renderKustomization } from './manifests-render';

// The migration Job's container, run as the image runs it (`node services/catalog/dist/main.js` plus the
// Job's args) on a real, empty database: it applies the migrations, exits 0, and is a no-op the second time.

const ROOT = join(__dirname, '..', '..');
const run = promisify(execFile);
const objects = renderKustomization(join(ROOT, 'deploy', 'k8s', 'base'));
const job = objects.find((object) => object.kind === 'Job' && object.metadata.name === 'catalog-migrate');
const [container] = job ? containersOf(job) : [];

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('migration_job');
});
afterAll(async () => {
  await database?.drop();
});

it("the catalog migration Job's command migrates an empty database and exits, twice", async () => {
  const configMap = objects.find(
    (object) => object.kind === 'ConfigMap' && object.metadata.name === 'salon-common',
  );
  const env = {
    PATH: process.env.PATH,
    ...(configMap?.data as Record<string, string>),
    JWT_PUBLIC_KEY: stubSecret('JWT_PUBLIC_KEY'),
    INTERNAL_TOKEN: stubSecret('INTERNAL_TOKEN'),
    DATABASE_URL: database.url,
    // No AMQP_URL: migrating needs only the database.
  };
  const args = [join(ROOT, 'services/catalog/dist/main.js'), ...((container?.args as string[]) ?? [])];
  expect(args.at(-1)).toBe('migrate');

  const first = await run('node', args, { env, timeout: 20_000 });
  expect(first.stdout).toMatch(/"applied":\["[^"]+/);
  const applied = await database.db.withRawTx((session) =>
    session.query<{ name: string }>('SELECT name FROM catalog._migrations'),
  );
  expect(applied.length).toBeGreaterThan(0);

  const second = await run('node', args, { env, timeout: 20_000 });
  expect(second.stdout).toContain('"applied":[]');
});
