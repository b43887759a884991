import { startSecurityPlatform, type SecurityPlatform } from '../../src/security-platform';
import { registerBusiness, type RegisteredBusiness } from '../../src/security-tenants';

/**
 * The spec's rate limits per area on the whole platform with the real defaults: staff 100/min and 1,000/h per
 * user, customers 60/600 per customer, public 30/300 per client address, with the X-RateLimit-* headers on
 * every answer and 429 {detail} with Retry-After past a limit. (The gateway's own tests prove the hour window,
 * trusted proxies and Redis; here real tokens from identity meet the real services behind the gateway.)
 */

let platform: SecurityPlatform;
let business: RegisteredBusiness;
let customerToken: string;
let secondStaffToken: string;

beforeAll(async () => {
  platform = await startSecurityPlatform();
  business = await registerBusiness(platform, 'Limits');
  const credentials = { email: 'client@limits.example', password: 'Secret123', tenant_slug: business.slug };
  const registered = await platform.call('POST', '/customer/auth/register', {
    body: { ...credentials, first_name: 'Rina', last_name: 'Putri' },
  });
  expect(registered.status).toBe(201);
  customerToken = (await platform.call('POST', '/customer/auth/login', { body: credentials })).body
    .access_token;
  const colleague = { email: 'colleague@limits.example', password: 'Secret123' };
  const created = await platform.call('POST', '/users', {
    token: business.ownerToken,
    body: { ...colleague, first_name: 'Sari', last_name: 'Dewi', role: 'STAFF' },
  });
  expect(created.status).toBe(201);
  secondStaffToken = (await platform.call('POST', '/auth/login', { body: colleague })).body.access_token;
}, 60_000);

afterAll(() => platform?.stop());

const limitHeaders = (headers: Headers) => ({
  minute: Number(headers.get('x-ratelimit-limit-minute')),
  remainingMinute: Number(headers.get('x-ratelimit-remaining-minute')),
  hour: Number(headers.get('x-ratelimit-limit-hour')),
  remainingHour: Number(headers.get('x-ratelimit-remaining-hour')),
});

/**
 * Calls until the minute's budget is spent: every answer before it carries the area's limits and counts down
 * (the hour window by as much), the next one is 429 with Retry-After within the minute.
 */
async function spendMinute(
  send: () => ReturnType<SecurityPlatform['call']>,
  perMinute: number,
  perHour: number,
  expectedStatus: number,
) {
  const first = await send();
  expect(first.status).toBe(expectedStatus);
  const start = limitHeaders(first.headers);
  expect(start).toMatchObject({ minute: perMinute, hour: perHour });
  // Requests before this one (sign-in, set-up) are already counted: both windows have used the same number.
  expect(perHour - start.remainingHour).toBe(perMinute - start.remainingMinute);
  for (let remaining = start.remainingMinute - 1; remaining >= 0; remaining -= 1) {
    const response = await send();
    expect({ status: response.status, ...limitHeaders(response.headers) }).toEqual({
      status: expectedStatus,
      minute: perMinute,
      remainingMinute: remaining,
      hour: perHour,
      remainingHour: remaining + (perHour - perMinute),
    });
  }
  const limited = await send();
  expect(limited.status).toBe(429);
  expect(limited.body).toEqual({ detail: `Rate limit exceeded: ${perMinute} requests per minute` });
  const retryAfter = Number(limited.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

it('staff: 100 per minute and 1,000 per hour per user; a colleague keeps a budget of their own', async () => {
  await spendMinute(() => platform.call('GET', '/services', { token: business.ownerToken }), 100, 1000, 200);
  const colleague = await platform.call('GET', '/services', { token: secondStaffToken });
  expect(colleague.status).toBe(200);
  expect(limitHeaders(colleague.headers)).toMatchObject({ minute: 100, hour: 1000 });
}, 60_000);

it('customers: 60 per minute and 600 per hour per customer', async () => {
  await spendMinute(() => platform.call('GET', '/customers/profile', { token: customerToken }), 60, 600, 200);
}, 60_000);

it('public: 30 per minute and 300 per hour per client address, token-less calls to protected routes included', async () => {
  // A public route and a staff route without a token take from the same budget of this address.
  let turn = 0;
  const anonymous = () => {
    turn += 1;
    return turn % 2 === 0
      ? platform.call('GET', '/outlets')
      : platform.call('POST', '/auth/refresh', { body: { refresh_token: 'not-a-token' } });
  };
  await spendMinute(anonymous, 30, 300, 401);

  // Signed-in callers are counted per user, not per address: they go on.
  expect((await platform.call('GET', '/services', { token: secondStaffToken })).status).toBe(200);
  // The provider's callback has its own budget: refused for its missing token, not for the address's limit.
  expect((await platform.call('POST', '/webhooks/gateway-invoice/platform', { body: {} })).status).toBe(401);
}, 60_000);
