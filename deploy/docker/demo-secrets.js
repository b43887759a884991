'use strict';
/**
 * docker compose only: demo secrets generated on the first `docker compose up`, never committed.
 *
 *   node demo-secrets.js init   once, as root: create <dir>/secrets.json (JWT key pair, internal token,
 *                               platform administrator) with the embedded mode's generator, readable by
 *                               the app user, and print the administrator's login.
 *   node demo-secrets.js run …  as a container's entry point: export the secrets named in DEMO_SECRETS
 *                               (e.g. "JWT_PUBLIC_KEY,INTERNAL_TOKEN") and run the image's /app/main.js
 *                               with the remaining arguments (`run migrate` applies migrations).
 *
 * Kubernetes takes the same variables from a Secret instead (deploy/k8s/base/secret.template.yaml).
 */
const { chownSync, existsSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

const dir = process.env.DEMO_SECRETS_DIR || '/run/demo-secrets';
const file = join(dir, 'secrets.json');
const APP_USER = 1000; // the image's "node" user

/** Environment variable → field of the embedded mode's secrets.json. */
const FIELDS = {
  JWT_PUBLIC_KEY: 'jwtPublicKeyPem',
  JWT_PRIVATE_KEY: 'jwtPrivateKeyPem',
  INTERNAL_TOKEN: 'internalToken',
  SUPER_ADMIN_EMAIL: 'superAdminEmail',
  SUPER_ADMIN_PASSWORD: 'superAdminPassword',
};

function init() {
  const created = !existsSync(file);
  const { loadOrCreateSecrets } = require('/app/embedded/dist/secrets.js');
  const quiet = { warn() {} }; // loadOrCreateSecrets announces new secrets on stderr itself
  loadOrCreateSecrets(dir, {}, quiet);
  if (created) chownSync(file, APP_USER, APP_USER);
  process.stdout.write(`demo secrets ${created ? 'created' : 'already present'} in ${file}\n`);
}

function run(args) {
  const secrets = JSON.parse(readFileSync(file, 'utf8'));
  const wanted = (process.env.DEMO_SECRETS || '').split(',').filter(Boolean);
  for (const name of wanted) {
    const field = FIELDS[name];
    if (!field) throw new Error(`DEMO_SECRETS: unknown secret ${name} (known: ${Object.keys(FIELDS)})`);
    process.env[name] = secrets[field];
  }
  // The entry point reads its mode from argv[2] (`migrate`), as if started directly.
  process.argv = [process.argv[0], '/app/main.js', ...args];
  require('/app/main.js');
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'init') init();
else if (command === 'run') run(rest);
else {
  process.stderr.write('usage: demo-secrets.js init | run [args…]\n');
  process.exit(2);
}
