import { ROUTES, type Route } from '@salon/gateway';
import { waitFor } from '@salon/testing';
import { expectStatus, registerBusiness, registerCustomer, type Business } from '../src/journey-steps';
import { startPlatform, type Platform } from '../src/platform';
import { UNLIMITED_RATES } from '../src/security-platform';

/**
 * Accounts through the gateway, with every service in its own process: a password reset whose code arrives
 * in the SMTP sandbox, and each way a session ends refusing its access token at a route of every service
 * within a second.
 */
let platform: Platform;
let business: Business;

beforeAll(async () => {
  // A refused token counts as public traffic from its address: this file presents many on purpose.
  platform = await startPlatform({ env: { gateway: UNLIMITED_RATES } });
  business = await registerBusiness(platform, 'Sessions');
}, 120_000);

afterAll(async () => {
  await platform?.stop();
}, 60_000);

const WAIT = { timeoutMs: 30_000, intervalMs: 100 };
const PASSWORD = 'Secret123';
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];

type TokenKind = 'staff' | 'customer';
const AREAS: Record<TokenKind, ReadonlyArray<Route['area']>> = {
  staff: ['staff', 'either'],
  customer: ['customer', 'either'],
};

interface Probe {
  method: string;
  path: string;
}

/**
 * Customers only write at notifications (their push devices): there the probe unregisters a device that was
 * never registered, which changes nothing (404 while the token works, 401 once its session has ended).
 */
const CUSTOMER_WRITE_ONLY_PROBES: Record<string, Probe> = {
  notifications: { method: 'DELETE', path: '/customer/devices/never-registered-device' },
};

/**
 * One route per service that takes this kind of token: a GET without path parameters from the routing table,
 * open to a TENANT_ADMIN (notifications has one for staff, its webhook endpoints), else the harmless write
 * above.
 */
const probesFor = (kind: TokenKind): Probe[] => {
  const byService = new Map<string, Probe>();
  for (const route of ROUTES)
    if (
      route.method === 'GET' &&
      !route.path.includes('{') &&
      AREAS[kind].includes(route.area) &&
      (kind === 'customer' || !route.roles || route.roles.includes('TENANT_ADMIN')) &&
      !byService.has(route.service)
    )
      byService.set(route.service, { method: 'GET', path: route.path });
  if (kind === 'customer')
    for (const [service, probe] of Object.entries(CUSTOMER_WRITE_ONLY_PROBES))
      if (!byService.has(service)) byService.set(service, probe);
  return [...byService.values()];
};

it('finds a route for each kind of token in every service that takes tokens', () => {
  const tokenServices = new Set(
    ROUTES.filter((route) => ['staff', 'customer', 'either'].includes(route.area)).map((r) => r.service),
  );
  expect(tokenServices).toEqual(
    new Set(['identity', 'catalog', 'scheduling', 'commerce', 'billing', 'notifications']),
  );
  expect(probesFor('staff')).toHaveLength(6);
  expect(probesFor('customer')).toHaveLength(6);
});

/** The token works at a route of every service, and within a second of `end()` is refused at each (401). */
async function expectEndedWithinASecond(token: string, kind: TokenKind, end: () => Promise<unknown>) {
  const probes = probesFor(kind);
  for (const { method, path } of probes) {
    const before = await platform.request(method, path, { token });
    if (before.status === 401) throw new Error(`${path} refused the token before its session ended`);
  }
  await end();
  const endedAt = Date.now();
  const refusedAt = await Promise.all(
    probes.map(({ method, path }) =>
      waitFor(async () => (await platform.request(method, path, { token })).status === 401 && Date.now(), {
        timeoutMs: 10_000,
        intervalMs: 25,
        message: `${path} still takes the token`,
      }),
    ),
  );
  const slowest = Math.max(...refusedAt) - endedAt;
  expect(slowest).toBeLessThan(1_000);
  const refused = await platform.request(probes[0]!.method, probes[0]!.path, { token });
  expect(refused.body).toEqual({ detail: 'Session has ended; sign in again' });
}

const staffLogin = async (email: string, password = PASSWORD) =>
  expectStatus(await platform.request('POST', '/auth/login', { body: { email, password } }), 200)
    .access_token as string;
const customerToken = async (email: string, password = PASSWORD) =>
  expectStatus(
    await platform.request('POST', '/customer/auth/login', {
      body: { email, password, tenant_slug: business.slug },
    }),
    200,
  ).access_token as string;

describe('a session that ends is refused everywhere within a second', () => {
  it('customer logout', async () => {
    const customer = await registerCustomer(platform, business, 'logout@sessions.example', 'Lina');
    await expectEndedWithinASecond(customer.token, 'customer', () =>
      platform.request('POST', '/customer/auth/logout', { token: customer.token }),
    );
  });

  it('customer logout everywhere ends the other devices too', async () => {
    const customer = await registerCustomer(platform, business, 'everywhere@sessions.example', 'Maya');
    const phone = await customerToken(customer.email);
    await expectEndedWithinASecond(customer.token, 'customer', () =>
      platform.request('POST', '/customer/auth/logout?everywhere=true', { token: phone }),
    );
  });

  it('staff logout, and staff logout everywhere', async () => {
    const laptop = await staffLogin(business.adminEmail);
    await expectEndedWithinASecond(laptop, 'staff', () =>
      platform.request('POST', '/auth/logout', { token: laptop }),
    );
    const tablet = await staffLogin(business.adminEmail);
    const desk = await staffLogin(business.adminEmail);
    await expectEndedWithinASecond(tablet, 'staff', () =>
      platform.request('POST', '/auth/logout?everywhere=true', { token: desk }),
    );
  });

  it('password change, the session that made it included', async () => {
    const customer = await registerCustomer(platform, business, 'change@sessions.example', 'Nia');
    await expectEndedWithinASecond(customer.token, 'customer', async () =>
      expectStatus(
        await platform.request('POST', '/customer/auth/password/change', {
          token: customer.token,
          body: { current_password: PASSWORD, new_password: 'Changed123' },
        }),
        200,
      ),
    );
    await customerToken(customer.email, 'Changed123');
  });

  it('account deletion: the deleted customer never books again', async () => {
    const customer = await registerCustomer(platform, business, 'deleted@sessions.example', 'Oki');
    await expectEndedWithinASecond(customer.token, 'customer', async () =>
      expectStatus(await platform.request('DELETE', '/customers/account', { token: customer.token }), 200),
    );
    const booking = await platform.request('POST', '/appointments', { token: customer.token, body: {} });
    expect(booking.status).toBe(401);
  });

  it('customer deactivation by staff', async () => {
    const customer = await registerCustomer(platform, business, 'deactivated@sessions.example', 'Putu');
    const admin = await staffLogin(business.adminEmail);
    await expectEndedWithinASecond(customer.token, 'customer', async () =>
      expectStatus(
        await platform.request('PUT', `/customers/${customer.id}`, {
          token: admin,
          body: { is_active: false },
        }),
        200,
      ),
    );
  });

  it('staff user deactivation', async () => {
    const admin = await staffLogin(business.adminEmail);
    const email = 'reception@sessions.example';
    const created = expectStatus(
      await platform.request('POST', '/users', {
        token: admin,
        body: { email, password: PASSWORD, first_name: 'Rina', last_name: 'Putri', role: 'TENANT_ADMIN' },
      }),
      201,
    );
    const token = await staffLogin(email);
    await expectEndedWithinASecond(token, 'staff', async () =>
      expectStatus(await platform.request('DELETE', `/users/${created.id}`, { token: admin }), 204),
    );
  });
});

describe('password reset through the gateway and the SMTP sandbox', () => {
  const email = 'owner-reset@sessions.example';
  let earlier: string[];

  beforeAll(async () => {
    const admin = await staffLogin(business.adminEmail);
    expectStatus(
      await platform.request('POST', '/users', {
        token: admin,
        body: { email, password: PASSWORD, first_name: 'Sari', last_name: 'Dewi', role: 'TENANT_ADMIN' },
      }),
      201,
    );
    earlier = [await staffLogin(email), await staffLogin(email)];
  });

  const mailedCodes = async () =>
    (await platform.sandbox.messages('email', email))
      .sort((a, b) => a.received_at.localeCompare(b.received_at))
      .map((mail) => codeIn(mail.text))
      .filter((code): code is string => code !== undefined);
  const forgot = (address: string) =>
    platform.request('POST', '/auth/password/forgot', { body: { email: address } });
  const reset = (code: string, password = 'Renewed456') =>
    platform.request('POST', '/auth/password/reset', { body: { email, code, new_password: password } });

  it('answers an unknown e-mail as a known one and mails nothing to it', async () => {
    const unknown = 'nobody@sessions.example';
    const known = await forgot(email);
    const stranger = await forgot(unknown);
    expect(stranger.status).toBe(200);
    expect(stranger.body).toEqual(known.body);
    await waitFor(async () => (await mailedCodes()).length >= 1, WAIT);
    expect(await platform.sandbox.messages('email', unknown)).toEqual([]);
  });

  it('voids a code after 5 wrong tries: the right code then fails', async () => {
    const [code] = (await mailedCodes()).slice(-1) as [string];
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let attempt = 0; attempt < 5; attempt += 1) expectStatus(await reset(wrong), 400);
    expect(expectStatus(await reset(code), 400)).toEqual({ detail: 'Invalid or expired reset code' });
  });

  it('resets with the mailed code: the old password and every earlier session are refused', async () => {
    const before = (await mailedCodes()).length;
    expectStatus(await forgot(email), 200);
    const code = await waitFor(async () => {
      const codes = await mailedCodes();
      return codes.length > before && codes[codes.length - 1];
    }, WAIT);
    expectStatus(await reset(code), 200);
    const old = await platform.request('POST', '/auth/login', { body: { email, password: PASSWORD } });
    expect(old.status).toBe(401);
    const fresh = await staffLogin(email, 'Renewed456');
    for (const token of earlier)
      await waitFor(async () => (await platform.request('GET', '/outlets', { token })).status === 401, {
        timeoutMs: 2_000,
        intervalMs: 50,
      });
    expect((await platform.request('GET', '/outlets', { token: fresh })).status).toBe(200);
    const changed = await waitFor(async () => {
      const mails = await platform.sandbox.messages('email', email);
      return mails.find((mail) =>
        /password (was|has been) changed|kata sandi/i.test(mail.subject + mail.text),
      );
    }, WAIT);
    expect(changed).toBeDefined();
  });
});
