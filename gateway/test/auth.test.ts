import { createHmac } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { createTokenSigner, createTokenVerifier, newId } from '@salon/service-kit';
import { TEST_AUDIENCE, TEST_ISSUER, createTestKeys, waitFor } from '@salon/testing';
import { createAuthenticator } from '../src/auth';
import {
  INTERNAL_TOKEN,
  allUpstreams,
  bearer,
  customerToken,
  keys,
  signer,
  staffToken,
  startGateway,
  startUpstream,
  tenantId,
  type Echo,
  type RunningGateway,
  type RunningUpstream,
} from './helpers';

let upstream: RunningUpstream;
let gateway: RunningGateway;

beforeAll(async () => {
  upstream = await startUpstream();
  // The public budget (which also counts requests without a valid token) is raised: this file sends many.
  gateway = await startGateway({ ...allUpstreams(upstream.url), RATE_LIMIT_PUBLIC: '1000/10000' });
});

afterAll(async () => {
  await gateway.close();
  await upstream.close();
});

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

const staffClaims = () => ({
  sub: newId(),
  typ: 'staff',
  role: 'SUPER_ADMIN',
  tenant_id: tenantId,
  outlet_ids: [],
  jti: newId(),
  iss: TEST_ISSUER,
  aud: TEST_AUDIENCE,
  iat: now(),
  exp: now() + 600,
});

/** Every way an access token can be wrong; each must be a 401 on every token-protected route. */
const badTokens: Record<string, () => string> = {
  expired: () => staffToken({ ttlSeconds: -60 }),
  'wrong issuer': () =>
    createTokenSigner({
      privateKeyPem: keys.privateKeyPem,
      issuer: 'someone-else',
      audience: TEST_AUDIENCE,
    }).signStaffAccess({ sub: newId(), role: 'STAFF', tenant_id: tenantId, outlet_ids: [] }),
  'wrong audience': () =>
    createTokenSigner({
      privateKeyPem: keys.privateKeyPem,
      issuer: TEST_ISSUER,
      audience: 'another-api',
    }).signCustomerAccess({ sub: newId(), tenant_id: tenantId, session_id: newId() }),
  'alg none': () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(staffClaims())}.`,
  'HS256 signed with the public key': () => {
    const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(staffClaims())}`;
    return `${unsigned}.${createHmac('sha256', keys.publicKeyPem).update(unsigned).digest('base64url')}`;
  },
  'refresh token': () => signer.signRefresh({ sub: newId(), tenant_id: tenantId, session_id: newId() }),
  'other kind (a login token)': () =>
    jwt.sign({ sub: newId(), typ: 'login', tenant_ids: [tenantId] }, keys.privateKeyPem, {
      algorithm: 'ES256',
      issuer: TEST_ISSUER,
      audience: TEST_AUDIENCE,
      expiresIn: 300,
    }),
  'signed by another key': () =>
    createTokenSigner({
      privateKeyPem: createTestKeys().privateKeyPem,
      issuer: TEST_ISSUER,
      audience: TEST_AUDIENCE,
    }).signStaffAccess({ sub: newId(), role: 'SUPER_ADMIN', tenant_id: null, outlet_ids: [] }),
  'tampered payload': () => {
    const [header, , signature] = staffToken().split('.');
    return `${header}.${b64(staffClaims())}.${signature}`;
  },
  garbage: () => 'not-a-jwt',
};

// One route of each token area, and what each kind of valid token gets there.
const areas = [
  { area: 'staff', method: 'GET', path: '/tenants', staff: 200, customer: 403 },
  { area: 'customer', method: 'GET', path: '/customers/profile', staff: 403, customer: 200 },
  { area: 'either', method: 'GET', path: '/services', staff: 200, customer: 200 },
] as const;

const call = (method: string, path: string, headers: Record<string, string> = {}) =>
  fetch(`${gateway.url}/api/v1${path}`, { method, headers });

describe.each(areas)('$area route ($method $path)', ({ method, path, staff, customer }) => {
  it('no token → 401 Not authenticated with WWW-Authenticate, and the service is not called', async () => {
    const before = upstream.requests;
    for (const headers of [{}, { authorization: 'Token abc' }, { authorization: 'Bearer' }] as Record<
      string,
      string
    >[]) {
      const response = await call(method, path, headers);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ detail: 'Not authenticated' });
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      // Counted (and limited) like public traffic from the client's address.
      expect(response.headers.get('x-ratelimit-limit-minute')).toBe('1000');
    }
    expect(upstream.requests).toBe(before);
  });

  it.each(Object.keys(badTokens))('%s → 401 {detail}', async (kind) => {
    const before = upstream.requests;
    const response = await call(method, path, bearer((badTokens[kind] as () => string)()));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ detail: 'Invalid or expired token' });
    expect(response.headers.get('www-authenticate')).toContain('invalid_token');
    expect(upstream.requests).toBe(before);
  });

  it(`a staff token → ${staff}, a customer token → ${customer}`, async () => {
    const asStaff = await call(method, path, bearer(staffToken()));
    expect(asStaff.status).toBe(staff);
    const asCustomer = await call(method, path, bearer(customerToken()));
    expect(asCustomer.status).toBe(customer);
    for (const response of [asStaff, asCustomer]) {
      if (response.status === 403)
        expect(await response.json()).toEqual({ detail: 'Insufficient permissions' });
    }
  });
});

describe('requests without a valid token', () => {
  it('are limited per client address like public traffic: token guessing ends in 429', async () => {
    const strict = await startGateway({ ...allUpstreams(upstream.url), RATE_LIMIT_PUBLIC: '3/100' });
    try {
      const before = upstream.requests;
      for (let i = 1; i <= 3; i += 1) {
        const response = await fetch(`${strict.url}/api/v1/tenants`, { headers: bearer(`guess.${i}.x`) });
        expect(response.status).toBe(401);
        expect(response.headers.get('x-ratelimit-remaining-minute')).toBe(String(3 - i));
      }
      const limited = await fetch(`${strict.url}/api/v1/tenants`, { headers: bearer('guess.4.x') });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).not.toBeNull();
      // A valid token is its own caller, with its own budget.
      expect((await fetch(`${strict.url}/api/v1/tenants`, { headers: bearer(staffToken()) })).status).toBe(
        200,
      );
      expect(upstream.requests).toBe(before + 1);
    } finally {
      await strict.close();
    }
  });
});

describe('tokenless areas', () => {
  it('public routes need no token, and a token there is passed on unverified', async () => {
    const response = await call('POST', '/customer/auth/login');
    expect(response.status).toBe(200);
    const withGarbage = await call('POST', '/customer/auth/refresh', bearer('whatever'));
    expect(withGarbage.status).toBe(200);
    expect(((await withGarbage.json()) as Echo).headers.authorization).toBe('Bearer whatever');
  });

  it('the provider callback needs no bearer token; its own headers reach commerce', async () => {
    const response = await call('POST', `/webhooks/gateway-invoice/tenant/${tenantId}`, {
      'x-callback-token': 'provider-secret',
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as Echo).headers['x-callback-token']).toBe('provider-secret');
  });

  it('internal routes ignore tokens: only the internal credential opens them', async () => {
    expect((await call('POST', '/token-usage/quota-reset', bearer(staffToken()))).status).toBe(404);
    expect(
      (await call('POST', '/token-usage/quota-reset', { 'x-internal-token': INTERNAL_TOKEN })).status,
    ).toBe(200);
  });
});

describe('the rejection counters', () => {
  it('count 401 and 403 by area', async () => {
    const { metricsRegistry } = await import('@salon/service-kit');
    const value = async (status: string, area: string) =>
      (await metricsRegistry.getSingleMetric('gateway_rejected_requests_total')?.get())?.values.find(
        (v) => v.labels.status === status && v.labels.area === area,
      )?.value ?? 0;
    const before401 = await value('401', 'staff');
    const before403 = await value('403', 'customer');
    await call('GET', '/tenants');
    await call('GET', '/customers/profile', bearer(staffToken()));
    expect(await value('401', 'staff')).toBe(before401 + 1);
    expect(await value('403', 'customer')).toBe(before403 + 1);
  });
});

describe('the verified-token cache', () => {
  const verifier = createTokenVerifier({
    publicKeyPem: keys.publicKeyPem,
    issuer: TEST_ISSUER,
    audience: TEST_AUDIENCE,
  });

  afterEach(() => jest.restoreAllMocks());

  it('verifies a token once, then answers from the cache until the token expires', () => {
    const spy = jest.spyOn(verifier, 'verifyAccess');
    const authenticator = createAuthenticator(verifier, { cacheSize: 10, internalToken: INTERNAL_TOKEN });
    const token = staffToken({ ttlSeconds: 60 });
    const headers = bearer(token);
    const first = authenticator.authenticate(headers);
    expect(authenticator.authenticate(headers)).toBe(first);
    expect(spy).toHaveBeenCalledTimes(1);

    // Past exp (and the verifier's clock tolerance) the cached entry is not used: the token is refused.
    const later = Date.now() + 120_000;
    jest.spyOn(Date, 'now').mockReturnValue(later);
    expect(() => authenticator.authenticate(headers)).toThrow(
      expect.objectContaining({ status: 401 }) as Error,
    );
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('still refuses a cached token of the wrong kind for the area', () => {
    const authenticator = createAuthenticator(verifier, { cacheSize: 10, internalToken: INTERNAL_TOKEN });
    const headers = bearer(customerToken());
    authenticator.authenticate(headers);
    const auth = authenticator.authenticate(headers);
    expect(authenticator.kindError('customer', auth)).toBeUndefined();
    expect(authenticator.kindError('either', auth)).toBeUndefined();
    expect(authenticator.kindError('staff', auth)).toMatchObject({ status: 403 });
  });

  it('is bounded: the oldest entry goes first', () => {
    const spy = jest.spyOn(verifier, 'verifyAccess');
    const authenticator = createAuthenticator(verifier, { cacheSize: 2, internalToken: INTERNAL_TOKEN });
    const [a, b, c] = [bearer(staffToken()), bearer(staffToken()), bearer(staffToken())];
    for (const headers of [a, b, c, b, c]) authenticator.authenticate(headers);
    expect(spy).toHaveBeenCalledTimes(3);
    authenticator.authenticate(a);
    expect(spy).toHaveBeenCalledTimes(4);
  });
});

describe('ended sessions', () => {
  it('refuses the tokens of a session identity has ended, cached or not, within a poll; others pass', async () => {
    const sessionId = newId();
    const staffSessionId = newId();
    const customer = bearer(
      signer.signCustomerAccess({ sub: newId(), tenant_id: tenantId, session_id: sessionId }),
    );
    const staff = bearer(
      signer.signStaffAccess({
        sub: newId(),
        role: 'TENANT_ADMIN',
        tenant_id: tenantId,
        outlet_ids: [],
        sid: staffSessionId,
      }),
    );
    const other = bearer(customerToken());
    const call = (headers: Record<string, string>) => fetch(`${gateway.url}/api/v1/services`, { headers });
    // Both verified (and cached) before their sessions end.
    expect((await call(customer)).status).toBe(200);
    expect((await call(staff)).status).toBe(200);

    const until = new Date(Date.now() + 3_600_000).toISOString();
    upstream.revokedSessions.push({ session_id: sessionId, until }, { session_id: staffSessionId, until });
    const ended = Date.now();
    await waitFor(async () => (await call(customer)).status === 401, { timeoutMs: 5_000 });
    const refusedAfterMs = Date.now() - ended;
    expect(refusedAfterMs).toBeLessThan(1_000);
    const refused = await call(staff);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ detail: 'Session has ended; sign in again' });
    expect((await call(other)).status).toBe(200);
  });

  it('is not ready until the list of ended sessions has been read from identity', async () => {
    const ready = await fetch(`${gateway.metricsUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ checks: { session_revocations: 'ok' } });
    const unreachable = await startGateway({ IDENTITY_URL: 'http://127.0.0.1:9' });
    try {
      const answer = await fetch(`${unreachable.url}/readyz`);
      expect(answer.status).toBe(503);
    } finally {
      await unreachable.close();
    }
  });
});
