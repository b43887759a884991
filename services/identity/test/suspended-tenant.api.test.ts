import { routesOf } from '@salon/service-kit';
import { setTenantPlan, type TestService } from '@salon/testing';
import { claimsOf, fakePrecheck, registeredCustomer, registeredTenant, startWithSuperAdmin } from './helpers';

/**
 * A suspended tenant (billing's plan replica says `suspended`) or a deactivated one (DELETE /tenants) is blocked in
 * identity too: its staff still sign in and read, but every staff write on customers, users, outlets and the
 * tenant's settings answers 403 {detail: "Subscription suspended"} until the plan is active again. A SUPER_ADMIN
 * is never refused, and the tenant's customers keep their own accounts (docs/decisions.md).
 *
 * The writes checked are every write identity serves (its router, which the embedded platform and the route check
 * hold equal to the gateway's routing table): each is either a tenant staff write below, with the request that
 * succeeds once the tenant is active again, or one of the named exceptions. A new write route fails the
 * completeness test until it is put in one of them.
 */

const SUPER_ADMIN = { email: 'root@suspended.example', password: 'Root-Password-123' };
const SUSPENDED = { detail: 'Subscription suspended' };
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Ids = Record<'tenant_id' | 'user_id' | 'outlet_id' | 'customer_id', string>;

interface StaffWrite {
  route: string;
  body?: (tag: string) => Record<string, unknown>;
  /** The answer when the tenant is active; the list runs in order (creations, changes, deactivations). */
  status: number;
}

/** Tenant staff writes: refused while suspended or deactivated, for every staff role (the owner's token here). */
const TENANT_STAFF_WRITES: StaffWrite[] = [
  {
    route: 'POST /users',
    body: (tag) => ({
      email: `reception-${tag}@glow.example`,
      password: 'Reception123',
      first_name: 'Dewi',
      last_name: 'Sari',
      role: 'RECEPTIONIST',
    }),
    status: 201,
  },
  { route: 'PUT /users/{user_id}', body: () => ({ role: 'OUTLET_MANAGER' }), status: 200 },
  { route: 'DELETE /users/{user_id}', status: 204 },
  { route: 'POST /outlets', body: (tag) => ({ name: `Kemang ${tag}` }), status: 201 },
  { route: 'PUT /outlets/{outlet_id}', body: () => ({ name: 'Senopati' }), status: 200 },
  { route: 'DELETE /outlets/{outlet_id}', status: 204 },
  {
    route: 'POST /customers',
    body: (tag) => ({ first_name: 'Budi', email: `budi-${tag}@mail.example` }),
    status: 201,
  },
  { route: 'PUT /customers/{customer_id}', body: () => ({ first_name: 'Bambang' }), status: 200 },
  { route: 'PUT /customers/{customer_id}/preferences', body: () => ({ language: 'en' }), status: 200 },
  { route: 'DELETE /customers/{customer_id}', status: 200 },
  { route: 'PUT /tenants/{tenant_id}', body: () => ({ description: 'Open again' }), status: 200 },
];

/** SUPER_ADMIN only: a tenant's staff are refused anyway (403), a SUPER_ADMIN never (the way back). */
const SUPER_ADMIN_WRITES = [
  'POST /tenants',
  'DELETE /tenants/{tenant_id}',
  'POST /tenants/{tenant_id}/reactivate',
];

/** Writes that stay open for a suspended tenant, and why. */
const OPEN_WRITES: Record<string, string> = {
  'POST /public/register': 'no token: a new business',
  'POST /auth/login': 'staff sign-in: the suspended tenant’s staff see where they stand and reach billing',
  'POST /auth/complete-login':
    'staff sign-in, choosing the organisation (and a SUPER_ADMIN entering a tenant)',
  'POST /auth/refresh': 'staff sign-in kept',
  'POST /auth/logout': 'staff ending their own sessions',
  'POST /auth/password/forgot': 'no token: a staff user locked out of the account',
  'POST /auth/password/reset': 'no token: a staff user locked out of the account',
  'POST /auth/password/change': 'a staff user’s own password',
  'POST /customer/auth/password/forgot': 'a customer’s own account',
  'POST /customer/auth/password/reset': 'a customer’s own account',
  'POST /customer/auth/password/change': 'a customer’s own account',
  'POST /customer/auth/register': 'a customer’s own account',
  'POST /customer/auth/login': 'a customer’s own account',
  'POST /customer/auth/refresh': 'a customer’s own account',
  'POST /customer/auth/logout': 'a customer’s own account',
  'POST /customer/auth/verify-email': 'a customer’s own account',
  'POST /customer/auth/verify-phone': 'a customer’s own account',
  'POST /customer/auth/verify-email/resend': 'a customer’s own account',
  'POST /customer/auth/verify-phone/resend': 'a customer’s own account',
  'POST /customers/profile': 'a customer’s own account',
  'PUT /customers/preferences': 'a customer’s own account',
  'PUT /customers/consent': 'a customer’s own account (data protection)',
  'DELETE /customers/account': 'a customer’s own account (data protection)',
  'POST /internal/jobs/retention': 'the retention CronJob (internal token), no tenant’s write',
};

/** `POST /users/{user_id}` for `POST /users/:user_id`, as the routing table writes it. */
const routeName = ({ method, path }: { method: string; path: string }) =>
  `${method} ${path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;

const pathOf = (route: string, ids: Ids) =>
  route.slice(route.indexOf(' ') + 1).replace(/\{([a-z_]+)\}/g, (_, name: keyof Ids) => ids[name]);

describe('a suspended or deactivated tenant in identity', () => {
  let service: TestService;
  let superToken: string;
  let scheduling: Awaited<ReturnType<typeof fakePrecheck>>;
  let commerce: Awaited<ReturnType<typeof fakePrecheck>>;
  let tags = 0;
  const tag = () => `${Date.now().toString(36)}${(tags += 1)}`;

  beforeAll(async () => {
    // Customers of a suspended tenant may delete their account: the pre-checks say nothing blocks it.
    [scheduling, commerce] = await Promise.all([fakePrecheck(), fakePrecheck()]);
    ({ service, superToken } = await startWithSuperAdmin(SUPER_ADMIN, {
      SCHEDULING_URL: scheduling.url,
      COMMERCE_URL: commerce.url,
    }));
  });
  afterAll(async () => {
    await service.stop();
    scheduling.server.close();
    commerce.server.close();
  });

  const call = (route: string, ids: Ids, token: string, body?: Record<string, unknown>) =>
    service.request(route.slice(0, route.indexOf(' ')), pathOf(route, ids), { token, body });

  /** A PRO tenant with a second outlet, a STAFF user and a customer, then suspended by billing. */
  async function suspendedTenant() {
    const tenant = await registeredTenant(service);
    const token = tenant.token;
    await setTenantPlan(service, tenant.tenantId, 'PRO');
    const staffEmail = `stylist-${tag()}@glow.example`;
    const user = await service.request('POST', '/users', {
      token,
      body: {
        email: staffEmail,
        password: 'Stylist123',
        first_name: 'Rina',
        last_name: 'Putri',
        role: 'STAFF',
      },
    });
    const outlet = await service.request('POST', '/outlets', { token, body: { name: `Kemang ${tag()}` } });
    const customer = await service.request('POST', '/customers', {
      token,
      body: { first_name: 'Sari', email: `sari-${tag()}@mail.example` },
    });
    expect([user.status, outlet.status, customer.status]).toEqual([201, 201, 201]);
    await setTenantPlan(service, tenant.tenantId, 'PRO', { status: 'suspended' });
    const ids: Ids = {
      tenant_id: tenant.tenantId,
      user_id: user.body.id,
      outlet_id: outlet.body.id,
      customer_id: customer.body.id,
    };
    return { ...tenant, ids, staff: { email: staffEmail, password: 'Stylist123' } };
  }

  it('knows every write identity serves: a tenant staff write, a SUPER_ADMIN write or a named exception', () => {
    const served = routesOf(service.running.context.app)
      .filter((route) => WRITE_METHODS.has(route.method))
      .map(routeName)
      .sort();
    const listed = [
      ...TENANT_STAFF_WRITES.map((write) => write.route),
      ...SUPER_ADMIN_WRITES,
      ...Object.keys(OPEN_WRITES),
    ].sort();
    expect(served).toEqual(listed);
  });

  it('lets its staff sign in, refresh, choose it among their organisations, and read', async () => {
    const tenant = await suspendedTenant();
    const login = await service.request('POST', '/auth/login', {
      body: { email: tenant.body.admin_email, password: tenant.body.admin_password },
    });
    expect(login.status).toBe(200);
    expect(claimsOf(login.body.access_token)).toMatchObject({
      tenant_id: tenant.tenantId,
      role: 'TENANT_ADMIN',
    });
    const refreshed = await service.request('POST', '/auth/refresh', {
      body: { refresh_token: login.body.refresh_token },
    });
    expect(refreshed.status).toBe(200);

    // The stylist also works for an active business: it picks the suspended one among its organisations.
    const other = await registeredTenant(service);
    const membership = await service.request('POST', '/users', {
      token: other.token,
      body: { email: tenant.staff.email, first_name: 'Rina', last_name: 'Putri', role: 'STAFF' },
    });
    expect(membership.status).toBe(201);
    const first = await service.request('POST', '/auth/login', { body: tenant.staff });
    expect(first.body.organizations.map((org: { tenant_id: string }) => org.tenant_id).sort()).toEqual(
      [tenant.tenantId, other.tenantId].sort(),
    );
    const chosen = await service.request('POST', '/auth/complete-login', {
      body: { login_token: first.body.login_token, tenant_id: tenant.tenantId },
    });
    expect(chosen.status).toBe(200);
    expect(claimsOf(chosen.body.access_token)).toMatchObject({ tenant_id: tenant.tenantId, role: 'STAFF' });

    // The owner reads everything identity shows it, the suspension included.
    const token = refreshed.body.access_token as string;
    const reads = [
      `/tenants/${tenant.tenantId}`,
      `/tenants/${tenant.tenantId}/stats`,
      '/users',
      `/users/${tenant.ids.user_id}`,
      '/outlets',
      `/outlets/${tenant.ids.outlet_id}`,
      '/customers',
      `/customers/${tenant.ids.customer_id}`,
      '/audit-logs',
    ];
    const statuses = await Promise.all(
      reads.map(async (path) => [path, (await service.request('GET', path, { token })).status]),
    );
    expect(statuses).toEqual(reads.map((path) => [path, 200]));
    const shown = await service.request('GET', `/tenants/${tenant.tenantId}`, { token });
    expect(shown.body.subscription).toMatchObject({ plan: 'PRO', status: 'suspended' });
    // The stylist reads too (STAFF may list outlets and read its tenant).
    const outlets = await service.request('GET', '/outlets', { token: chosen.body.access_token });
    expect(outlets.status).toBe(200);

    // No read identity serves refuses it for the suspension.
    const gets = routesOf(service.running.context.app).filter((route) => route.method === 'GET');
    for (const route of gets) {
      const path = pathOf(routeName(route), tenant.ids);
      const response = await service.request('GET', path, { token });
      expect({ path, status: response.status, body: response.body }).not.toMatchObject({ body: SUSPENDED });
      expect(response.status).toBeLessThan(500);
    }
  });

  it('refuses every staff write on customers, users, outlets and settings, changing nothing; once active they work', async () => {
    const tenant = await suspendedTenant();
    const before = await snapshot(tenant.ids, tenant.token);

    const refused = [];
    for (const write of TENANT_STAFF_WRITES) {
      const response = await call(write.route, tenant.ids, tenant.token, write.body?.(tag()));
      refused.push({ route: write.route, status: response.status, body: response.body });
    }
    expect(refused).toEqual(
      TENANT_STAFF_WRITES.map((write) => ({ route: write.route, status: 403, body: SUSPENDED })),
    );
    // With a body that would pass or fail validation alike: the suspension is answered first.
    const invalid = await call('PUT /tenants/{tenant_id}', tenant.ids, tenant.token, { name: 42 });
    expect({ status: invalid.status, body: invalid.body }).toEqual({ status: 403, body: SUSPENDED });
    // Every other staff role too.
    const stylist = await service.request('POST', '/auth/login', { body: tenant.staff });
    const preferences = await call(
      'PUT /customers/{customer_id}/preferences',
      tenant.ids,
      stylist.body.access_token,
      {
        language: 'en',
      },
    );
    expect({ status: preferences.status, body: preferences.body }).toEqual({ status: 403, body: SUSPENDED });
    expect(await snapshot(tenant.ids, tenant.token)).toEqual(before);

    // Billing activates the subscription again: every write goes through.
    await setTenantPlan(service, tenant.tenantId, 'PRO');
    const done = [];
    for (const write of TENANT_STAFF_WRITES) {
      const response = await call(write.route, tenant.ids, tenant.token, write.body?.(tag()));
      done.push({ route: write.route, status: response.status });
    }
    expect(done).toEqual(TENANT_STAFF_WRITES.map(({ route, status }) => ({ route, status })));
  });

  it('never refuses a SUPER_ADMIN, scoped to the tenant or not; the tenant’s staff get 403 on its routes', async () => {
    const tenant = await suspendedTenant();
    const entered = await service.request('POST', '/auth/complete-login', {
      token: superToken,
      body: { tenant_id: tenant.tenantId },
    });
    const scoped = entered.body.access_token as string;
    expect(claimsOf(scoped)).toMatchObject({ role: 'SUPER_ADMIN', tenant_id: tenant.tenantId });

    const settings = await call('PUT /tenants/{tenant_id}', tenant.ids, scoped, {
      description: 'Looked after',
    });
    expect(settings.status).toBe(200);
    const user = await service.request('POST', '/users', {
      token: scoped,
      body: {
        email: `helper-${tag()}@glow.example`,
        password: 'Helper123',
        first_name: 'A',
        last_name: 'B',
        role: 'STAFF',
      },
    });
    expect(user.status).toBe(201);
    const customer = await call('PUT /customers/{customer_id}', tenant.ids, superToken, {
      first_name: 'Sinta',
    });
    expect(customer.status).toBe(200);

    for (const route of SUPER_ADMIN_WRITES) {
      const response = await call(route, tenant.ids, tenant.token, {});
      expect({ route, status: response.status }).toEqual({ route, status: 403 });
    }
    expect((await call('DELETE /tenants/{tenant_id}', tenant.ids, scoped)).status).toBe(204);
    expect((await call('POST /tenants/{tenant_id}/reactivate', tenant.ids, scoped)).status).toBe(200);
  });

  it('a deactivated tenant: no sign-in or refresh, and the access tokens issued before are refused every write at once', async () => {
    // Active in billing's replica all along: identity's own tenant row refuses, before billing's suspension comes back.
    const tenant = await registeredTenant(service);
    const ids: Ids = {
      tenant_id: tenant.tenantId,
      user_id: tenant.userId,
      outlet_id: (await service.request('GET', '/outlets', { token: tenant.token })).body.items[0].id,
      customer_id: (
        await service.request('POST', '/customers', {
          token: tenant.token,
          body: { first_name: 'Sari', email: `sari-${tag()}@mail.example` },
        })
      ).body.id,
    };
    expect((await call('DELETE /tenants/{tenant_id}', ids, superToken)).status).toBe(204);

    const login = await service.request('POST', '/auth/login', {
      body: { email: tenant.body.admin_email, password: tenant.body.admin_password },
    });
    expect(login.status).toBe(401);
    const refresh = await service.request('POST', '/auth/refresh', {
      body: { refresh_token: tenant.refreshToken },
    });
    expect(refresh.status).toBe(401);
    for (const write of TENANT_STAFF_WRITES) {
      const response = await call(write.route, ids, tenant.token, write.body?.(tag()));
      expect({ route: write.route, status: response.status, body: response.body }).toEqual({
        route: write.route,
        status: 403,
        body: SUSPENDED,
      });
    }
    expect(
      (await service.request('GET', `/tenants/${tenant.tenantId}`, { token: tenant.token })).status,
    ).toBe(200);

    expect((await call('POST /tenants/{tenant_id}/reactivate', ids, superToken)).status).toBe(200);
    const update = await call('PUT /tenants/{tenant_id}', ids, tenant.token, { description: 'Back' });
    expect(update.status).toBe(200);
  });

  it('lets its customers sign up, sign in and keep their own account: profile, preferences, consent, deletion', async () => {
    const tenant = await suspendedTenant();
    const customer = await registeredCustomer(service, tenant.slug);
    const token = customer.token;
    const profile = await service.request('POST', '/customers/profile', {
      token,
      body: { first_name: 'Ayu' },
    });
    expect(profile.status).toBe(200);
    const preferences = await service.request('PUT', '/customers/preferences', {
      token,
      body: { language: 'en' },
    });
    expect(preferences.status).toBe(200);
    const consent = await service.request('PUT', '/customers/consent', {
      token,
      body: { marketing_consent: false },
    });
    expect(consent.status).toBe(200);
    // Staff cannot touch the customer meanwhile; the customer can leave.
    const byStaff = await call(
      'PUT /customers/{customer_id}',
      { ...tenant.ids, customer_id: customer.customerId },
      tenant.token,
      {
        first_name: 'X',
      },
    );
    expect(byStaff.status).toBe(403);
    const deleted = await service.request('DELETE', '/customers/account', { token });
    expect(deleted.status).toBe(200);
  });

  /** What the refused writes would have changed: the tenant, its users, outlets and customers. */
  async function snapshot(ids: Ids, token: string) {
    const read = async (path: string) => (await service.request('GET', path, { token })).body;
    return {
      tenant: await read(`/tenants/${ids.tenant_id}`),
      users: await read('/users?size=100'),
      outlets: await read('/outlets?size=100'),
      customers: await read('/customers?size=100'),
    };
  }
});
