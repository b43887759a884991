import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { catalogService } from '@salon/catalog';
import { identityService } from '@salon/identity';
import { publicJwkOf, tokenKidOf } from '@salon/service-kit';
import {
  TEST_INTERNAL_TOKEN,
  createTestDatabase,
  createTestKeys,
  httpRequest,
  startRoundRobinFront,
  startTestService,
  type TestDatabase,
  type RoundRobinFront,
  type TestKeys,
  type TestService,
} from '@salon/testing';
import { allUpstreams, startGateway, type RunningGateway } from './helpers';

/**
 * Key rotation as docs/operations.md describes it, with requests flowing all along from several clients at
 * once: identity replicas (real PostgreSQL and RabbitMQ, one shared database, as in a rolling deployment)
 * behind a round-robin front standing in for the cluster's Service; the gateway, and catalog as a service
 * that verifies tokens itself, verify with JWT_PUBLIC_KEY = the old key plus JWT_JWKS_URL = identity's JWKS.
 * Key A (ES256, P-256) is replaced by key B (RS256) — a change of algorithm too, since each key pins its own.
 */

/** Clients sending requests at the same time during the rotation. */
const CLIENTS = 8;

const A: TestKeys = createTestKeys();
const B: TestKeys = (() => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
})();
const kidOf = (keys: TestKeys) => publicJwkOf(createPublicKey(keys.publicKeyPem)).kid;

let database: TestDatabase;
/** The cluster's Service in front of identity's replicas: round robin, its targets swapped at will. */
let front: RoundRobinFront;
const replicas: TestService[] = [];
const catalogs: TestService[] = [];
const gateways: RunningGateway[] = [];

/** One identity replica on the shared database; JWT_PUBLIC_KEY is what operators set beside the keys. */
async function identityReplica(env: Record<string, string>) {
  const replica = await startTestService(identityService, env, { database });
  replicas.push(replica);
  return replica;
}

/** Catalog verifying tokens itself, with the same settings as the gateway (its own database and broker). */
async function catalogWith(publicKeyPem: string) {
  const catalog = await startTestService(catalogService, {
    JWT_PUBLIC_KEY: publicKeyPem,
    JWT_JWKS_URL: `${front.url}/internal/jwks`,
    JWT_JWKS_MAX_AGE_SECONDS: '1',
  });
  catalogs.push(catalog);
  return catalog;
}

async function gatewayWith(publicKeyPem: string) {
  const gateway = await startGateway({
    ...allUpstreams(front.url),
    JWT_PUBLIC_KEY: publicKeyPem,
    JWT_JWKS_URL: `${front.url}/internal/jwks`,
    JWT_JWKS_MAX_AGE_SECONDS: '1',
    INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
    RATE_LIMIT_STAFF: '1000000/10000000',
    RATE_LIMIT_PUBLIC: '1000000/10000000',
  });
  gateways.push(gateway);
  return gateway;
}

/** Replaces the replicas behind the front, then stops the old ones once their last requests are answered. */
async function rollOut(next: TestService[], old: TestService[]) {
  front.targets = next.map((replica) => replica.url);
  await new Promise((resolve) => setTimeout(resolve, 200));
  for (const replica of old) await replica.stop();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  database = await createTestDatabase('identity');
  front = await startRoundRobinFront();
});

afterAll(async () => {
  for (const gateway of gateways) await gateway.close();
  for (const replica of replicas) await replica.stop().catch(() => undefined);
  for (const catalog of catalogs) await catalog.stop().catch(() => undefined);
  await front.close();
  await database.drop();
});

it('rotates the signing key while requests flow: no 401 for a valid token, then the old key is refused', async () => {
  // Before: identity signs with A, every verifier holds A.
  const v1 = await identityReplica({ JWT_PRIVATE_KEY: A.privateKeyPem, JWT_PUBLIC_KEY: A.publicKeyPem });
  front.targets = [v1.url];
  const gateway = await gatewayWith(A.publicKeyPem);
  const api = (method: string, path: string, options: { token?: string; body?: unknown } = {}) =>
    httpRequest(`${gateway.url}/api/v1${path}`, method, options);

  const registration = {
    business_name: 'Rotation Salon',
    business_email: `owner-${Date.now()}@rotation.example`,
    business_phone: `+62812${String(Date.now() % 1e8).padStart(8, '0')}`,
    business_type: 'salon',
    admin_first_name: 'Ayu',
    admin_last_name: 'Lestari',
    admin_email: `admin-${Date.now()}@rotation.example`,
    admin_password: 'Secret123',
    terms_accepted: true,
    privacy_accepted: true,
  };
  const registered = await api('POST', '/public/register', { body: registration });
  expect(registered.status).toBe(201);
  const tenantId = registered.body.tenant_id as string;
  const login = async () => {
    const answer = await api('POST', '/auth/login', {
      body: { email: registration.admin_email, password: registration.admin_password },
    });
    expect(answer.status).toBe(200);
    return { access: answer.body.access_token as string, refresh: answer.body.refresh_token as string };
  };

  const first = await login();
  const spareA = await login(); // its refresh token stays unused until A is retired
  expect(tokenKidOf(first.access)).toBe(kidOf(A));
  expect(tokenKidOf(spareA.refresh)).toBe(kidOf(A));

  // Requests flow from here to the end of the rotation, from CLIENTS clients at once, with every access token
  // minted so far: through the gateway to identity, and straight to catalog.
  const catalog = await catalogWith(A.publicKeyPem);
  const tokens = [first.access];
  const statuses = new Map<string, number>();
  let flowing = true;
  const client = async (offset: number) => {
    let turn = offset;
    while (flowing) {
      const token = tokens[turn++ % tokens.length] as string;
      const answer =
        turn % 2 === 0
          ? await api('GET', `/tenants/${tenantId}`, { token })
          : await catalog.request('GET', '/services', { token });
      const key = `${turn % 2 === 0 ? 'gateway' : 'catalog'} ${answer.status}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    }
  };
  const loop = Promise.all(Array.from({ length: CLIENTS }, (_, offset) => client(offset)));
  const mintWhileFlowing = async (rounds: number) => {
    for (let round = 0; round < rounds; round += 1) {
      tokens.push((await login()).access);
      await sleep(50);
    }
  };

  // 1. Publish B as next (a rolling restart of identity); wait for every verifier to have it: the gateway
  //    refetches the JWKS once it is older than JWT_JWKS_MAX_AGE_SECONDS.
  const v1b = await identityReplica({
    JWT_PRIVATE_KEY: A.privateKeyPem,
    JWT_PUBLIC_KEY: A.publicKeyPem,
    JWT_NEXT_PUBLIC_KEYS: B.publicKeyPem,
  });
  await rollOut([v1b], [v1]);
  const jwks = await httpRequest(`${front.url}/internal/jwks`, 'GET', {
    headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
  });
  expect(jwks.body.keys.map((key: { kid: string }) => key.kid)).toEqual([kidOf(A), kidOf(B)]);
  await mintWhileFlowing(3);
  await sleep(1500);

  // 2. Sign with B, A moves to previous: for a while both kinds of replica answer, as in a rolling update.
  const v2 = await identityReplica({
    JWT_PRIVATE_KEY: B.privateKeyPem,
    JWT_PUBLIC_KEY: A.publicKeyPem,
    JWT_PREVIOUS_PUBLIC_KEYS: A.publicKeyPem,
  });
  await rollOut([v1b, v2], []);
  await mintWhileFlowing(6);
  await rollOut([v2], [v1b]);
  await mintWhileFlowing(3);
  const last = await login();
  expect(tokenKidOf(last.access)).toBe(kidOf(B));
  const kids = new Set(tokens.map(tokenKidOf));
  expect(kids).toEqual(new Set([kidOf(A), kidOf(B)]));

  // A's refresh token still works at identity while A is a previous key.
  const refreshed = await api('POST', '/auth/refresh', { body: { refresh_token: first.refresh } });
  expect(refreshed.status).toBe(200);
  expect(tokenKidOf(refreshed.body.access_token as string)).toBe(kidOf(B));
  tokens.push(refreshed.body.access_token as string);
  await sleep(300);

  flowing = false;
  await loop;
  const counted = Object.fromEntries(statuses);
  const refused = Object.entries(counted).filter(([key]) => key.endsWith(' 401'));
  expect(refused).toEqual([]);
  expect(Object.keys(counted).sort()).toEqual(['catalog 200', 'gateway 200']);
  expect(counted['gateway 200']).toBeGreaterThan(100);
  expect(counted['catalog 200']).toBeGreaterThan(100);

  // 3. Retire A (after the longest token lifetime): identity publishes B only, verifiers hold B only.
  const aTokens = tokens.filter((token) => tokenKidOf(token) === kidOf(A));
  const bTokens = tokens.filter((token) => tokenKidOf(token) === kidOf(B));
  const bRefresh = (await login()).refresh;
  const v3 = await identityReplica({ JWT_PRIVATE_KEY: B.privateKeyPem, JWT_PUBLIC_KEY: B.publicKeyPem });
  await rollOut([v3], [v2]);
  const retired = await gatewayWith(B.publicKeyPem);
  const retiredCatalog = await catalogWith(B.publicKeyPem);
  const retiredApi = (path: string, token: string) =>
    httpRequest(`${retired.url}/api/v1${path}`, 'GET', { token });

  for (const token of aTokens) {
    expect((await retiredApi(`/tenants/${tenantId}`, token)).status).toBe(401);
    // Identity itself (behind the gateway) no longer accepts A either.
    expect((await v3.request('GET', `/tenants/${tenantId}`, { token })).status).toBe(401);
    expect((await retiredCatalog.request('GET', '/services', { token })).status).toBe(401);
  }
  for (const token of bTokens.slice(0, 5)) {
    expect((await retiredApi(`/tenants/${tenantId}`, token)).status).toBe(200);
    expect((await retiredCatalog.request('GET', '/services', { token })).status).toBe(200);
  }
  // An A-signed refresh token (never used) is refused once A is retired; a B one still works.
  const mintedWithA = await httpRequest(`${retired.url}/api/v1/auth/refresh`, 'POST', {
    body: { refresh_token: spareA.refresh },
  });
  expect(mintedWithA.status).toBe(401);
  const mintedWithB = await httpRequest(`${retired.url}/api/v1/auth/refresh`, 'POST', {
    body: { refresh_token: bRefresh },
  });
  expect(mintedWithB.status).toBe(200);
}, 180_000);
