import { ROUTES, type Route } from '@salon/gateway';
import { mapLimited } from '@salon/testing';
import { errorRuleBroken } from '../../src/security-checks';
import { seedTwoOutletTenant, type OutletRecords, type TwoOutletTenant } from '../../src/security-outlets';
import {
  startSecurityPlatform,
  UNLIMITED_RATES,
  type SecurityPlatform,
  type SecurityResponse,
} from '../../src/security-platform';

/**
 * The OUTLET_MANAGER matrix (spec 01, Authentication rule 4; docs/decisions.md, "Outlet access"), generated from the
 * gateway's routing table: every staff route an OUTLET_MANAGER may call is either outlet-scoped (its record, or
 * what it creates, belongs to one outlet) or tenant-wide, and each outlet-scoped route is called by a manager of
 * outlet A on A's records (answered) and on B's (403 `{detail}`, nothing changed). A new staff route fails the
 * classification test until it is put in one list or the other. STAFF and RECEPTIONIST bound to A get 403 on B too.
 */

const routeName = (route: Pick<Route, 'method' | 'path'>) => `${route.method} ${route.path}`;

/** A request at one outlet: the path's parameters, and the query and body that aim it there. */
interface AimedRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}
type Aim = (at: OutletRecords, tenant: TwoOutletTenant, n: number) => AimedRequest;

/** Times on the seeded day no seeded record uses (09:00–10:59 and 14:00–14:29 are booked, 17:00–18:00 blocked). */
const FREE = { book: '11:00', bookEither: '11:30', rescheduleTo: '12:00', check: '13:00', block: '16:00' };

const bookingAt = (at: OutletRecords, tenant: TwoOutletTenant, start: string) => ({
  outlet_id: at.outlet_id,
  customer_id: tenant.customer_id,
  appointment_date: tenant.day,
  start_time: start,
  services: [{ service_id: tenant.service_id, staff_id: at.staff_id }],
});
const blockedAt = (at: OutletRecords, tenant: TwoOutletTenant, start: string, end: string) => ({
  staff_id: at.staff_id,
  date: tenant.day,
  start_time: start,
  end_time: end,
  availability_type: 'blocked',
});

/** Outlet-scoped routes, and how to aim each at an outlet's records. `n` makes created names unique. */
const OUTLET_SCOPED: Record<string, Aim> = {
  // identity: the outlet itself
  'PUT /outlets/{outlet_id}': (at) => ({
    params: { outlet_id: at.outlet_id },
    body: { phone: '+62215550123' },
  }),
  // catalog: outlet prices (the service is the tenant's; its price at an outlet is the outlet's)
  'POST /services': (at, _t, n) => ({
    body: {
      name: `Outlet priced ${n}`,
      slug: `outlet-priced-${n}`,
      category: 'hair_cut',
      duration_minutes: 30,
      pricing: { base_price: '150000', currency: 'IDR', outlet_prices: { [at.outlet_id]: '140000' } },
    },
  }),
  'PUT /services/{service_id}': (at, t) => ({
    params: { service_id: t.service_id },
    body: { pricing: { outlet_prices: { [at.outlet_id]: '145000' } } },
  }),
  'POST /services/{service_id}/pricing': (at, t) => ({
    params: { service_id: t.service_id },
    body: { outlet_prices: { [at.outlet_id]: '135000' } },
  }),
  // scheduling: staff members
  'GET /staff': (at) => ({ query: { outlet_id: at.outlet_id } }),
  'POST /staff': (at, _t, n) => ({
    body: {
      outlet_id: at.outlet_id,
      first_name: 'Hire',
      last_name: `Number${n}`,
      email: `hire-${n}@outlets.example`,
      position: 'Assistant',
      employment_type: 'part_time',
    },
  }),
  'GET /staff/{staff_id}': (at) => ({
    params: { staff_id: at.staff_id },
    query: { include_workload: 'true' },
  }),
  'PUT /staff/{staff_id}': (at) => ({
    params: { staff_id: at.staff_id },
    body: { hourly_rate: 1, salary: 1 },
  }),
  'GET /staff/{staff_id}/appointments': (at) => ({ params: { staff_id: at.staff_id } }),
  // scheduling: a staff member's calendar feed (its manager creates, reads and revokes it)
  'POST /staff/{staff_id}/calendar-feed': (at) => ({ params: { staff_id: at.staff_id } }),
  'GET /staff/{staff_id}/calendar-feed': (at) => ({ params: { staff_id: at.staff_id } }),
  'DELETE /staff/{staff_id}/calendar-feed': (at) => ({ params: { staff_id: at.staff_id } }),
  // scheduling: availability (STAFF and OUTLET_MANAGER write their own: the manager is A's staff member)
  'GET /availability': (at, t) => ({
    query: { outlet_id: at.outlet_id, start_date: t.day, end_date: t.day },
  }),
  'POST /availability': (at, t) => ({ body: blockedAt(at, t, FREE.block, '16:30') }),
  'POST /availability/bulk': (at, t) => ({ body: { entries: [blockedAt(at, t, '16:30', '17:00')] } }),
  'GET /availability/check': (at, t) => ({
    query: { staff_id: at.staff_id, date: t.day, start_time: FREE.check, end_time: '13:30' },
  }),
  'GET /availability/availability-grid': (at, t) => ({
    query: { service_id: t.service_id, outlet_id: at.outlet_id, start_date: t.day, num_days: '1' },
  }),
  'PUT /availability/{availability_id}': (at) => ({
    params: { availability_id: at.entry_to_change },
    body: { notes: 'changed by the matrix' },
  }),
  'DELETE /availability/{availability_id}': (at) => ({ params: { availability_id: at.entry_to_delete } }),
  // scheduling: appointments
  'POST /staff/appointments': (at, t) => ({ body: bookingAt(at, t, FREE.book) }),
  'POST /appointments': (at, t) => ({ body: bookingAt(at, t, FREE.bookEither) }),
  'GET /appointments': (at) => ({ query: { outlet_id: at.outlet_id } }),
  'GET /appointments/stream': (at) => ({ query: { outlet_id: at.outlet_id } }),
  'GET /appointments/{appointment_id}': (at) => ({ params: { appointment_id: at.appointment_to_read } }),
  'PUT /appointments/{appointment_id}/reschedule': (at, t) => ({
    params: { appointment_id: at.appointment_to_reschedule },
    body: { new_date: t.day, new_start_time: FREE.rescheduleTo },
  }),
  'PUT /appointments/{appointment_id}/cancel': (at) => ({
    params: { appointment_id: at.appointment_to_cancel },
  }),
  'PUT /appointments/{appointment_id}/status': (at) => ({
    params: { appointment_id: at.appointment_to_confirm },
    body: { status: 'confirmed' },
  }),
  // commerce: staff commission (the staff member works at one outlet)
  'GET /staff/{staff_id}/commission': (at) => ({ params: { staff_id: at.staff_id } }),
  'PUT /staff/{staff_id}/commission': (at) => ({
    params: { staff_id: at.staff_id },
    body: { service_percent: '10', package_percent: '5' },
  }),
  'GET /staff/{staff_id}/commission/report': (at, t) => ({
    params: { staff_id: at.staff_id },
    query: { from: t.day, to: t.day },
  }),
  // scheduling: reviews (each review is of an appointment at one outlet)
  'GET /reviews': (at) => ({ query: { outlet_id: at.outlet_id } }),
  'PUT /reviews/{review_id}/reply': (at) => ({
    params: { review_id: at.review_to_reply },
    body: { reply: 'Thank you for coming!' },
  }),
  // scheduling: the waitlist (an entry waits for a service at one outlet)
  'GET /waitlist': (at, t) => ({ query: { outlet_id: at.outlet_id, date: t.day } }),
};

/** Staff routes an OUTLET_MANAGER may call whose records are the tenant's, not an outlet's, and why. */
const TENANT_WIDE: Record<string, string> = {
  'POST /auth/logout': "the caller's own sessions",
  'POST /auth/password/change': "the caller's own password",
  'GET /tenants/{tenant_id}': 'the tenant itself',
  'GET /users': "staff users are the tenant's memberships; one may name several outlets",
  'GET /users/{user_id}': "staff users are the tenant's memberships; one may name several outlets",
  'GET /outlets': "the tenant's directory of outlets, read by every staff role",
  'GET /outlets/{outlet_id}': "the tenant's directory of outlets, read by every staff role",
  'GET /customers': "customers are the tenant's, not an outlet's",
  'POST /customers': "customers are the tenant's, not an outlet's",
  'GET /customers/{customer_id}': "customers are the tenant's, not an outlet's",
  'PUT /customers/{customer_id}': "customers are the tenant's, not an outlet's",
  'PUT /customers/{customer_id}/preferences': "customers are the tenant's, not an outlet's",
  'GET /customers/{customer_id}/appointments':
    "the customer is the tenant's; the appointments listed are only the caller's outlets' (tested below)",
  'GET /services': "the tenant's catalogue",
  'GET /services/categories': "the tenant's catalogue",
  'GET /services/categories/templates': "the tenant's catalogue",
  'GET /services/{service_id}': "the tenant's catalogue (outlet prices are shown to customers too)",
  'GET /services/{service_id}/price': 'a resolved price, which any customer may ask for at any outlet',
  'GET /staff/positions/templates': "the tenant's settings",
  'GET /packages/limits': "the tenant's plan",
  'POST /customer-packages/{customer_package_id}/record-payment':
    "a customer package is the customer's, usable at every outlet the package covers",
  'POST /customer-packages/{customer_package_id}/create-payment-link':
    "a customer package is the customer's, usable at every outlet the package covers",
  'GET /customer-packages/{customer_package_id}/payment-status':
    "a customer package is the customer's, usable at every outlet the package covers",
  'POST /customer-packages/{customer_package_id}/cancel':
    "a customer package is the customer's, usable at every outlet the package covers",
  'POST /customer/package-payments/{customer_package_id}/record-payment': 'alias of the route above',
  'POST /customer/package-payments/{customer_package_id}/create-payment-link': 'alias of the route above',
  'GET /customer/package-payments/{customer_package_id}/payment-status': 'alias of the route above',
  'GET /subscriptions/plans': "the tenant's subscription",
  'GET /subscriptions/current': "the tenant's subscription",
  'POST /subscriptions/upgrade': "the tenant's subscription",
  'POST /subscriptions/renew': "the tenant's subscription",
  'POST /subscriptions/downgrade': "the tenant's subscription",
  'DELETE /subscriptions/scheduled-changes': "the tenant's subscription",
  'GET /subscriptions/usage': "the tenant's usage against its plan (counts of the whole tenant)",
  'POST /subscriptions/cancel': "the tenant's subscription",
  'GET /subscriptions/payments': "the tenant's subscription",
};

const STAFF_AREAS = new Set<Route['area']>(['staff', 'either']);
/** Every route a staff token reaches that the routing table does not close to OUTLET_MANAGER. */
const managerRoutes = ROUTES.filter(
  (route) => STAFF_AREAS.has(route.area) && (!route.roles || route.roles.includes('OUTLET_MANAGER')),
);
const scopedRoutes = ROUTES.filter((route) => routeName(route) in OUTLET_SCOPED);

describe('the classification of staff routes', () => {
  it('puts every staff route an OUTLET_MANAGER may call in exactly one list: outlet-scoped or tenant-wide', () => {
    const unclassified = managerRoutes
      .map(routeName)
      .filter((name) => name in OUTLET_SCOPED === name in TENANT_WIDE);
    expect(unclassified).toEqual([]);
  });

  it('names only such routes (no stale entry, none the routing table closes to OUTLET_MANAGER)', () => {
    const known = new Set(managerRoutes.map(routeName));
    expect(
      [...Object.keys(OUTLET_SCOPED), ...Object.keys(TENANT_WIDE)].filter((name) => !known.has(name)),
    ).toEqual([]);
  });
});

let platform: SecurityPlatform;
let tenant: TwoOutletTenant;

beforeAll(async () => {
  platform = await startSecurityPlatform({ ...UNLIMITED_RATES, PASSWORD_HASH_COST_LOG2: '12' });
  tenant = await seedTwoOutletTenant(platform, 'Om');
}, 90_000);

afterAll(() => platform?.stop());

let counter = 0;
/** `route` aimed at `at`'s records, as `token`. */
function callAt(route: Route, at: OutletRecords, token: string): Promise<SecurityResponse> {
  counter += 1;
  const { params = {}, query, body } = OUTLET_SCOPED[routeName(route)]!(at, tenant, counter);
  const path = route.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${routeName(route)}: no ${name}`);
    return encodeURIComponent(params[name]);
  });
  const search = query ? `?${new URLSearchParams(query)}` : '';
  return platform.call(route.method, path + search, {
    token,
    body: body ?? (['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined),
  });
}

const describeResponse = (route: Route, response: SecurityResponse) =>
  `${routeName(route)}: ${response.status} ${response.text.slice(0, 300)}`;

describe('outlet-scoped routes', () => {
  it("answer a manager of outlet A on A's records (2xx: the request reached its record)", async () => {
    const failures = await mapLimited(scopedRoutes, 8, async (route) => {
      const response = await callAt(route, tenant.a, tenant.tokensAtA.OUTLET_MANAGER);
      return response.status >= 200 && response.status < 300 ? undefined : describeResponse(route, response);
    });
    expect(failures.filter(Boolean)).toEqual([]);
  });

  it("refuse managers, STAFF and RECEPTIONIST of outlet A on B's records: 403 {detail}, nothing changed", async () => {
    const cases = scopedRoutes.flatMap((route) =>
      Object.entries(tenant.tokensAtA).map(([role, token]) => ({ route, role, token })),
    );
    const failures = await mapLimited(cases, 8, async ({ route, role, token }) => {
      const response = await callAt(route, tenant.b, token);
      const broken = errorRuleBroken(response);
      return response.status === 403 && broken === undefined
        ? undefined
        : `${role} ${describeResponse(route, response)}`;
    });
    expect(failures.filter(Boolean)).toEqual([]);

    // B's records as its tenant admin sees them: untouched.
    const read = (path: string) => expectOk(platform.call('GET', path, { token: tenant.ownerToken }));
    const { b } = tenant;
    expect(await read(`/staff/${b.staff_id}`)).toMatchObject({
      hourly_rate: b.hourly_rate,
      salary: b.salary,
    });
    for (const id of [b.appointment_to_reschedule, b.appointment_to_cancel, b.appointment_to_confirm]) {
      expect(await read(`/appointments/${id}`)).toMatchObject({
        status: 'pending',
        start_time: expect.any(String),
      });
    }
    expect((await read(`/appointments/${b.appointment_to_reschedule}`)).start_time).toBe('09:30:00');
    expect(
      await read(`/availability?staff_id=${b.staff_id}&start_date=${tenant.day}&end_date=${tenant.day}`),
    ).toMatchObject({
      total: 3,
    });
    expect((await read(`/services/${tenant.service_id}`)).pricing.outlet_prices[b.outlet_id]).toBeUndefined();
    expect((await read(`/staff?outlet_id=${b.outlet_id}`)).total).toBe(1);
    expect((await read(`/outlets/${b.outlet_id}`)).phone).toBeNull();
  });
});

async function expectOk(response: Promise<SecurityResponse>) {
  const done = await response;
  if (done.status !== 200) throw new Error(`${done.status} ${done.text.slice(0, 300)}`);
  return done.body;
}

describe("a manager of outlet A and B's staff", () => {
  it("never sees B's staff, their hourly_rate or their salary, in any list or record", async () => {
    const manager = tenant.tokensAtA.OUTLET_MANAGER;
    const { b } = tenant;
    const paths = [
      '/staff?size=100',
      '/staff?size=100&include_availability=true&only_active=false',
      `/staff?search=${b.staff_name}`,
      `/staff/${b.staff_id}`,
      `/staff/${b.staff_id}?include_workload=true`,
    ];
    for (const path of paths) {
      const response = await platform.call('GET', path, { token: manager });
      expect({ path, status: response.status }).toEqual({
        path,
        status: path.startsWith(`/staff/${b.staff_id}`) ? 403 : 200,
      });
      for (const secret of [b.staff_id, b.staff_name, String(b.hourly_rate), String(b.salary)]) {
        expect({ path, leaked: response.text.includes(secret) ? secret : undefined }).toEqual({
          path,
          leaked: undefined,
        });
      }
    }
    const listed = await expectOk(platform.call('GET', '/staff?size=100', { token: manager }));
    expect(
      listed.items.every((member: { outlet_id: string }) => member.outlet_id === tenant.a.outlet_id),
    ).toBe(true);
    // The tenant's admin, bound to no outlet, sees B's member with its pay.
    const all = await expectOk(platform.call('GET', `/staff/${b.staff_id}`, { token: tenant.ownerToken }));
    expect(all).toMatchObject({ hourly_rate: b.hourly_rate, salary: b.salary });
  });

  it("lists spanning outlets (appointments, availability, a customer's history) show only A's records", async () => {
    const manager = tenant.tokensAtA.OUTLET_MANAGER;
    const { b } = tenant;
    const secretsOfB = [
      b.appointment_to_read,
      b.appointment_to_reschedule,
      b.appointment_to_cancel,
      b.appointment_to_confirm,
      b.entry_to_change,
      b.entry_to_delete,
      b.staff_id,
    ];
    const paths = [
      '/appointments?size=100',
      `/availability?start_date=${tenant.day}&end_date=${tenant.day}&size=100`,
      `/customers/${tenant.customer_id}/appointments?size=100`,
    ];
    for (const path of paths) {
      const response = await platform.call('GET', path, { token: manager });
      expect({
        path,
        status: response.status,
        leaked: secretsOfB.filter((id) => response.text.includes(id)),
      }).toEqual({
        path,
        status: 200,
        leaked: [],
      });
    }
  });
});
