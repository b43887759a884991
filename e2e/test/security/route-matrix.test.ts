import { randomBytes } from 'node:crypto';
import { ROUTES, type Route } from '@salon/gateway';
import { ROLES, type Role } from '@salon/service-kit';
import { mapLimited, waitFor } from '@salon/testing';
import { errorRuleBroken } from '../../src/security-checks';
import {
  startSecurityPlatform,
  UNLIMITED_RATES,
  type SecurityPlatform,
  type SecurityResponse,
} from '../../src/security-platform';
import { registerBusiness, seedTenant, type PathIds, type SeededTenant } from '../../src/security-tenants';
import { expiredCopyOf, forgedTokens } from '../../src/security-tokens';
import { SUPER_ADMIN_NAMED_BY_SPEC, superAdminRequests } from '../../src/super-admin-requests';

/**
 * The security matrix of the whole platform, generated from the gateway's routing table: every route ×
 * every kind of caller that must be refused, through the gateway to the real services on PostgreSQL and
 * RabbitMQ. Tenant B's callers aim at tenant A's records and must never see anything of tenant A.
 */

const TOKEN_AREAS = new Set<Route['area']>(['staff', 'customer', 'either']);
const tokenRoutes = ROUTES.filter((route) => TOKEN_AREAS.has(route.area));
const internalRoutes = ROUTES.filter((route) => route.area === 'internal');
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

const routeName = (route: Route) => `${route.method} ${route.path}`;
const hasPathParameters = (route: Route) => route.path.includes('{');

/** The route's path with tenant A's records (or a random id where A has none of that kind). */
const fillPath = (route: Route, ids: PathIds) =>
  route.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(ids[name as keyof PathIds] ?? randomBytes(12).toString('hex')),
  );

let platform: SecurityPlatform;
let tenantA: SeededTenant;
let tenantB: SeededTenant;
let superAdminToken: string;
/** Tenant C, where the SUPER_ADMIN acts through a token scoped to it (C's records take its writes). */
let tenantC: SeededTenant;
let scopedSuperAdminToken: string;

beforeAll(async () => {
  platform = await startSecurityPlatform(UNLIMITED_RATES);
  [tenantA, tenantB] = await Promise.all([
    seedTenant(platform, 'A', { withRoles: true }),
    seedTenant(platform, 'B'),
  ]);
  const { superAdminEmail, superAdminPassword } = platform.platform.secrets;
  const admin = await platform.call('POST', '/auth/login', {
    body: { email: superAdminEmail, password: superAdminPassword },
  });
  superAdminToken = admin.body.access_token;
  tenantC = await seedTenant(platform, 'C');
  const entered = await platform.call('POST', '/auth/complete-login', {
    token: superAdminToken,
    body: { tenant_id: tenantC.ids.tenant_id },
  });
  if (entered.status !== 200) throw new Error(`SUPER_ADMIN into C: ${entered.status} ${entered.text}`);
  scopedSuperAdminToken = entered.body.access_token;
}, 90_000);

afterAll(() => platform?.stop());

/** One request to `route` on tenant A's records; a body-taking method gets an empty object. */
const callRoute = (route: Route, token: string | undefined, query = '') =>
  platform.call(route.method, fillPath(route, tenantA.ids) + query, {
    token,
    body: BODY_METHODS.has(route.method) ? {} : undefined,
  });

/** The status (one of `status`) in the spec's error shape, never with internals. */
const expectErrorBody = (response: SecurityResponse, status: number | number[], what: string) => {
  const expected = Array.isArray(status) ? status : [status];
  if (!expected.includes(response.status))
    throw new Error(
      `${what}: expected ${expected.join('/')}, got ${response.status} ${response.text.slice(0, 500)}`,
    );
  expect(errorRuleBroken(response)).toBeUndefined();
};

/** Tenant A's ids and names in a response to tenant B, except the ids B itself put in the request. */
const leakedSecrets = (text: string, requestPath: string) => {
  const lowered = text.toLowerCase();
  return tenantA.secrets.filter(
    (secret) => !requestPath.includes(secret) && lowered.includes(secret.toLowerCase()),
  );
};

describe.each(tokenRoutes.map((route) => [routeName(route), route] as const))('%s', (_, route) => {
  it('no token and an expired token → 401', async () => {
    expectErrorBody(await callRoute(route, undefined), 401, 'no token');
    const expired = expiredCopyOf(
      route.area === 'customer' ? tenantA.customerToken : tenantA.ownerToken,
      platform.platform.secrets.jwtPrivateKeyPem,
    );
    expectErrorBody(await callRoute(route, expired), 401, 'expired token');
  });

  if (route.area !== 'either') {
    it(`a ${route.area === 'staff' ? 'customer' : 'staff'} token → 403`, async () => {
      const wrongKind = route.area === 'staff' ? tenantA.customerToken : tenantA.ownerToken;
      expectErrorBody(await callRoute(route, wrongKind), 403, 'wrong kind of token');
    });
  }

  it("tenant B's tokens never reach or reveal tenant A's records", async () => {
    const tokensOfB = [
      ...(route.area !== 'customer' ? [tenantB.ownerToken] : []),
      ...(route.area !== 'staff' ? [tenantB.customerToken] : []),
    ];
    // B's writes without ids in the path act on B's own records only: nothing of A to reach.
    if (!hasPathParameters(route) && route.method !== 'GET') return;
    for (const token of tokensOfB) {
      // With A's ids in the path, and for reads also as filters in the query: refused, or B's own data only.
      const queries = route.method === 'GET' ? ['', `?${new URLSearchParams(tenantA.ids)}`] : [''];
      for (const query of queries) {
        const response = await callRoute(route, token, query);
        const path = fillPath(route, tenantA.ids) + query;
        expect({ path, status: response.status, leaked: leakedSecrets(response.text, path) }).toEqual({
          path,
          status: response.status,
          leaked: [],
        });
        expect(response.status).toBeLessThan(500);
        if (hasPathParameters(route)) expectErrorBody(response, [400, 403, 404, 422], `B on ${path}`);
      }
    }
  });

  const excludedRoles = route.roles ? ROLES.filter((role) => !route.roles!.includes(role)) : [];
  if (excludedRoles.length > 0) {
    it.each(excludedRoles)("%s (not among the routing table's roles) → 403", async (role: Role) => {
      const token = role === 'SUPER_ADMIN' ? superAdminToken : tenantA.roleTokens[role];
      expect(token).toBeDefined();
      expectErrorBody(await callRoute(route, token), 403, role);
    });
  }
});

/**
 * Every route the routing table names SUPER_ADMIN for (and those the spec names it for with any staff role)
 * takes a SUPER_ADMIN token scoped to a tenant (POST /auth/complete-login with its tenant_id), in every
 * service. Each call is a valid request on tenant C's records (`superAdminRequests`), so it passes validation
 * and reaches the use case: never 401, 403 or 422. The two that switch C off go last.
 */
const SWITCHES_OFF = ['DELETE /tenants/{tenant_id}', 'POST /subscriptions/deactivate'];
const superAdminRoutes = ROUTES.filter(
  (route) => route.roles?.includes('SUPER_ADMIN') || SUPER_ADMIN_NAMED_BY_SPEC.includes(routeName(route)),
).sort((a, b) => SWITCHES_OFF.indexOf(routeName(a)) - SWITCHES_OFF.indexOf(routeName(b)));

describe('a tenant-scoped SUPER_ADMIN', () => {
  it('carries its tenant in the token', () => {
    const claims = JSON.parse(Buffer.from(scopedSuperAdminToken.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ role: 'SUPER_ADMIN', tenant_id: tenantC.ids.tenant_id });
  });

  it('covers both routes the spec opens to SUPER_ADMIN without a role list', () => {
    expect(superAdminRoutes.map(routeName)).toEqual(expect.arrayContaining(SUPER_ADMIN_NAMED_BY_SPEC));
  });

  it.each(superAdminRoutes.map((route) => [routeName(route), route] as const))(
    '%s: reaches its use case (no 401, 403 or 422)',
    async (name, route) => {
      const request = superAdminRequests(tenantC.ids)[name] ?? {};
      const query = request.query ? `?${new URLSearchParams(request.query)}` : '';
      const path = fillPath(route, tenantC.ids) + query;
      const response = await platform.call(route.method, path, {
        token: scopedSuperAdminToken,
        body: BODY_METHODS.has(route.method) ? (request.body ?? {}) : undefined,
      });
      const detail: unknown = response.body?.detail;
      expect({
        path,
        status: response.status,
        detail,
        stopped: [401, 403, 422].includes(response.status),
      }).toEqual({
        path,
        status: response.status,
        detail,
        stopped: false,
      });
      expect(response.status).toBeLessThan(500);
    },
  );
});

describe('internal routes from outside', () => {
  it.each(internalRoutes.map((route) => [routeName(route), route] as const))(
    '%s → 404 without the internal credential, whatever token comes with it',
    async (_, route) => {
      const headerSets: Record<string, string>[] = [
        {},
        { 'x-internal-token': 'guess' },
        { 'x-internal-token': '' },
      ];
      const tokens = [undefined, tenantA.ownerToken, superAdminToken];
      await Promise.all(
        headerSets.flatMap((headers) =>
          tokens.map(async (token) => {
            const response = await platform.call(route.method, fillPath(route, tenantA.ids), {
              token,
              headers,
            });
            expectErrorBody(response, 404, `${JSON.stringify(headers)} token ${token ? 'yes' : 'no'}`);
          }),
        ),
      );
      // The route is there for the scheduler: with the credential, it is not the gateway's unknown-path 404.
      const unknownPath = await platform.call('GET', '/no-such-path');
      const opened = await platform.call(route.method, fillPath(route, tenantA.ids), {
        headers: { 'x-internal-token': platform.platform.secrets.internalToken },
      });
      expect(opened.status).toBeLessThan(500);
      expect(opened.text).not.toEqual(unknownPath.text);
    },
  );
});

describe('forged and misused tokens', () => {
  let forged: Record<string, string>;
  beforeAll(() => {
    forged = forgedTokens(tenantA.ownerToken, {
      publicKeyPem: platform.platform.secrets.jwtPublicKeyPem,
      privateKeyPem: platform.platform.secrets.jwtPrivateKeyPem,
      refreshToken: tenantA.ownerRefreshToken,
    });
    forged['customer refresh token as access token'] = tenantA.customerRefreshToken;
  });

  it('every forgery → 401 with the error shape on every token-protected route, never a 5xx', async () => {
    const cases = tokenRoutes.flatMap((route) =>
      Object.entries(forged).map(([kind, token]) => ({ route, kind, token })),
    );
    // Many clients at a time, not all of them at once: over a thousand simultaneous connections overflow a 2-core
    // machine's listen queue and the kernel resets them, which says nothing about the gateway.
    const failures = await mapLimited(cases, 64, async ({ route, kind, token }) => {
      const response = await callRoute(route, token);
      return response.status === 401 && typeof response.body?.detail === 'string'
        ? undefined
        : `${routeName(route)} with ${kind}: ${response.status} ${response.text.slice(0, 200)}`;
    });
    expect(failures.filter(Boolean)).toEqual([]);
  });

  it("a deactivated tenant's staff can neither sign in nor refresh", async () => {
    const business = await registerBusiness(platform, 'Deactivated');
    const deactivated = await platform.call('DELETE', `/tenants/${business.tenantId}`, {
      token: superAdminToken,
    });
    expect(deactivated.status).toBe(204);
    const login = await platform.call('POST', '/auth/login', { body: business.credentials });
    expectErrorBody(login, [401, 403], 'login of a deactivated tenant');
    const refresh = await platform.call('POST', '/auth/refresh', {
      body: { refresh_token: business.refreshToken },
    });
    expectErrorBody(refresh, 401, 'refresh of a deactivated tenant');
  });
});

/**
 * A suspended tenant in identity, through the gateway to the distributed services: once billing suspends the
 * subscription, every identity staff write of the routing table that a TENANT_ADMIN may call answers 403
 * "Subscription suspended" (a new row is covered without touching this test), while sign-in and reads stay
 * open; billing's activation opens the writes again. The exceptions (SUPER_ADMIN routes, customers' own
 * account) are in identity's API test.
 */
describe("a suspended tenant's staff in identity", () => {
  const WRITES = new Set<Route['method']>(['POST', 'PUT', 'PATCH', 'DELETE']);
  /**
   * Staff-area identity writes a suspended tenant's staff keep: their own logout and password (sign-in, refresh
   * and the password reset are public rows). SUPER_ADMIN-only rows are left out by `roles`.
   */
  const KEPT_WHILE_SUSPENDED = new Set<string>(['POST /auth/logout', 'POST /auth/password/change']);
  const identityStaffWrites = ROUTES.filter(
    (route) =>
      route.service === 'identity' &&
      route.area === 'staff' &&
      WRITES.has(route.method) &&
      (!route.roles || route.roles.includes('TENANT_ADMIN')) &&
      !KEPT_WHILE_SUSPENDED.has(routeName(route)),
  );
  const SUSPENDED = { detail: 'Subscription suspended' };
  const WAIT = { timeoutMs: 30_000, intervalMs: 100 };

  it('sign in and read; every identity staff write is 403 until billing activates the subscription again', async () => {
    expect(identityStaffWrites.map(routeName)).toEqual(
      expect.arrayContaining(['POST /customers', 'POST /users', 'POST /outlets', 'PUT /tenants/{tenant_id}']),
    );
    const business = await registerBusiness(platform, 'Suspended');
    const subscription = (action: 'deactivate' | 'activate') =>
      platform.call('POST', `/subscriptions/${action}?tenant_id=${business.tenantId}`, {
        token: superAdminToken,
        body: {},
      });
    const settings = (body: Record<string, unknown>) =>
      platform.call('PUT', `/tenants/${business.tenantId}`, { token: business.ownerToken, body });
    // Billing opens the subscription on identity's registration event; identity hears of the suspension by event.
    await waitFor(async () => (await subscription('deactivate')).status === 200, WAIT);
    await waitFor(async () => (await settings({})).status === 403, WAIT);

    const login = await platform.call('POST', '/auth/login', { body: business.credentials });
    expect(login.status).toBe(200);
    const token = login.body.access_token as string;
    const tenant = await platform.call('GET', `/tenants/${business.tenantId}`, { token });
    expect({ status: tenant.status, subscription: tenant.body.subscription?.status }).toEqual({
      status: 200,
      subscription: 'suspended',
    });
    const outlets = await platform.call('GET', '/outlets', { token });
    expect(outlets.status).toBe(200);

    const ids = {
      tenant_id: business.tenantId,
      user_id: business.userId,
      outlet_id: outlets.body.items[0].id as string,
    } as PathIds;
    const answers = await mapLimited(identityStaffWrites, 4, async (route) => {
      const response = await platform.call(route.method, fillPath(route, ids), { token, body: {} });
      return { route: routeName(route), status: response.status, body: response.body };
    });
    expect(answers).toEqual(
      identityStaffWrites.map((route) => ({ route: routeName(route), status: 403, body: SUSPENDED })),
    );

    expect((await subscription('activate')).status).toBe(200);
    await waitFor(async () => (await settings({ description: 'Open again' })).status === 200, WAIT);
  });
});
