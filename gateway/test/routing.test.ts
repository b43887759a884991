import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTES, RouteMatcher, type Method, type ServiceName } from '../src';

const matcher = new RouteMatcher(ROUTES);

const owner = (method: string, path: string) => {
  const match = matcher.match(method, path);
  return match.kind === 'route' ? `${match.route.service} ${match.route.area}` : match.kind;
};

const ID = '0123456789abcdef01234567';

describe('the routing table', () => {
  it('routes every endpoint of both spec documents', () => {
    const specDir = join(__dirname, '..', '..', '..', 'shared', 'spec');
    if (!existsSync(specDir)) throw new Error(`spec documents not found at ${specDir}`);
    const endpoints = readdirSync(specDir)
      .filter((name) => name.endsWith('.md'))
      .flatMap((name) => [
        ...readFileSync(join(specDir, name), 'utf8').matchAll(
          /\*\*(GET|POST|PUT|PATCH|DELETE) (\/[^*\s]+)\*\*/g,
        ),
      ])
      .map(([, method, path]) => `${method} ${path}`);
    expect(endpoints.length).toBeGreaterThan(80);
    // The spec itself says this one is announced but unimplemented (clients use GET /staff/{staff_id}).
    const unimplemented = ['GET /staff/{staff_id}/availability'];
    const routed = new Set(ROUTES.map((route) => `${route.method} ${route.path}`));
    const missing = endpoints.filter(
      (endpoint) => !routed.has(endpoint) && !unimplemented.includes(endpoint),
    );
    expect(missing).toEqual([]);
  });

  it('routes the paths the later issues add', () => {
    const added: [Method, string, ServiceName][] = [
      ['POST', '/auth/login', 'identity'],
      ['POST', '/auth/complete-login', 'identity'],
      ['POST', '/auth/refresh', 'identity'],
      ['POST', '/users', 'identity'],
      ['PUT', '/users/{user_id}', 'identity'],
      ['DELETE', '/outlets/{outlet_id}', 'identity'],
      ['POST', '/tenants/{tenant_id}/reactivate', 'identity'],
      ['GET', '/audit-logs', 'identity'],
      ['POST', '/customer/auth/refresh', 'identity'],
      ['POST', '/customer/auth/verify-email', 'identity'],
      ['POST', '/customer/auth/verify-phone', 'identity'],
      ['GET', '/services/{service_id}/price', 'catalog'],
      ['PUT', '/availability/{availability_id}', 'scheduling'],
      ['DELETE', '/availability/{availability_id}', 'scheduling'],
      ['POST', '/availability/bulk', 'scheduling'],
      ['GET', '/public/tenants/{slug}/availability', 'scheduling'],
      ['GET', '/appointments', 'scheduling'],
      ['GET', '/appointments/{appointment_id}', 'scheduling'],
      ['PUT', '/appointments/{appointment_id}/status', 'scheduling'],
      ['GET', '/customer/wallet', 'commerce'],
      ['POST', '/customers/{customer_id}/wallet/credits', 'commerce'],
      ['POST', '/customer/package-payments/{customer_package_id}/record-payment', 'commerce'],
      ['GET', '/customer/package-payments/{customer_package_id}/payment-status', 'commerce'],
      ['POST', '/internal/jobs/expire-packages', 'commerce'],
      ['DELETE', '/subscriptions/scheduled-changes', 'billing'],
      ['POST', '/internal/jobs/apply-scheduled-changes', 'billing'],
      ['POST', '/internal/jobs/republish-plans', 'billing'],
      ['POST', '/webhook-endpoints', 'notifications'],
      ['GET', '/webhook-endpoints', 'notifications'],
      ['GET', '/webhook-endpoints/{endpoint_id}', 'notifications'],
      ['PATCH', '/webhook-endpoints/{endpoint_id}', 'notifications'],
      ['DELETE', '/webhook-endpoints/{endpoint_id}', 'notifications'],
      ['POST', '/webhook-endpoints/{endpoint_id}/test', 'notifications'],
      ['GET', '/webhook-endpoints/{endpoint_id}/deliveries', 'notifications'],
      ['POST', '/webhook-endpoints/{endpoint_id}/deliveries/{delivery_id}/replay', 'notifications'],
    ];
    for (const [method, path, service] of added) {
      expect(ROUTES.find((r) => r.method === method && r.path === path)?.service).toBe(service);
    }
  });

  it('keeps every internal endpoint internal', () => {
    const internal = ROUTES.filter((r) => r.area === 'internal').map((r) => r.path);
    expect(internal.sort()).toEqual(
      [
        '/internal/jobs/apply-scheduled-changes',
        '/internal/jobs/check-ledger',
        '/internal/jobs/expire-invoices',
        '/internal/jobs/expire-packages',
        '/internal/jobs/republish-plans',
        '/token-usage/quota-reset',
        '/token-usage/quota-reset-monthly',
        '/webhooks/notifications/health',
        '/webhooks/notifications/promote',
        '/webhooks/notifications/promotion-stats',
        '/webhooks/notifications/retry/{notification_id}',
        '/webhooks/notifications/trigger',
      ].sort(),
    );
    for (const route of ROUTES) {
      if (route.path.startsWith('/webhooks/notifications') || route.path.startsWith('/internal/'))
        expect(route.area).toBe('internal');
    }
  });

  it('sends split prefixes to the right service', () => {
    expect(owner('GET', `/customers/${ID}`)).toBe('identity staff');
    expect(owner('GET', `/customers/${ID}/appointments`)).toBe('scheduling staff');
    expect(owner('POST', `/customers/${ID}/wallet/credits`)).toBe('commerce staff');
    expect(owner('PUT', `/customers/${ID}/preferences`)).toBe('identity staff');
    expect(owner('GET', '/customers/profile')).toBe('identity customer');
    expect(owner('PUT', '/customers/preferences')).toBe('identity customer');
    expect(owner('PUT', '/customers/consent')).toBe('identity customer');
    expect(owner('DELETE', '/customers/account')).toBe('identity customer');
    expect(owner('GET', '/staff/customer-packages')).toBe('commerce staff');
    expect(owner('GET', `/staff/customer-packages/${ID}/credits`)).toBe('commerce staff');
    expect(owner('POST', '/staff/customer-packages/credits/redeem')).toBe('commerce staff');
    expect(owner('GET', `/staff/${ID}`)).toBe('scheduling staff');
    expect(owner('GET', `/staff/${ID}/appointments`)).toBe('scheduling staff');
    expect(owner('POST', '/staff/appointments')).toBe('scheduling staff');
    expect(owner('GET', '/services/categories')).toBe('catalog either');
    expect(owner('GET', `/services/${ID}`)).toBe('catalog either');
    expect(owner('GET', '/public/tenants/my-salon/availability')).toBe('scheduling public');
    expect(owner('POST', '/public/register')).toBe('identity public');
    expect(owner('POST', `/webhooks/gateway-invoice/tenant/${ID}`)).toBe('commerce provider-callback');
    expect(owner('GET', `/public/invoices/${ID}/pdf`)).toBe('commerce public');
    expect(owner('POST', '/webhooks/twilio/status')).toBe('notifications provider-callback');
    expect(owner('POST', '/customer/devices')).toBe('notifications customer');
    expect(owner('DELETE', '/customer/devices/fcm-token-1')).toBe('notifications customer');
    expect(owner('PATCH', `/token-usage/quota/${ID}`)).toBe('billing staff');
    expect(owner('POST', '/token-usage/quota-reset')).toBe('billing internal');
    expect(owner('GET', `/webhook-endpoints/${ID}/deliveries`)).toBe('notifications staff');
    expect(owner('POST', '/webhooks/whatsapp')).toBe('notifications provider-callback');
  });

  it('routes calendar feeds: links by staff and customer tokens, the feed itself public by its token', () => {
    expect(owner('POST', `/staff/${ID}/calendar-feed`)).toBe('scheduling staff');
    expect(owner('GET', `/staff/${ID}/calendar-feed`)).toBe('scheduling staff');
    expect(owner('DELETE', `/staff/${ID}/calendar-feed`)).toBe('scheduling staff');
    expect(owner('POST', '/customer/calendar-feed')).toBe('scheduling customer');
    expect(owner('DELETE', '/customer/calendar-feed')).toBe('scheduling customer');
    expect(owner('GET', `/public/calendar-feeds/${'a'.repeat(43)}.ics`)).toBe('scheduling public');
    expect(owner('PUT', `/public/calendar-feeds/${'a'.repeat(43)}`)).toBe('method-not-allowed');
  });

  it('routes staff commission and payment refunds to commerce, the rest of a staff member to scheduling', () => {
    expect(owner('GET', `/staff/${ID}/commission`)).toBe('commerce staff');
    expect(owner('PUT', `/staff/${ID}/commission`)).toBe('commerce staff');
    expect(owner('GET', `/staff/${ID}/commission/report`)).toBe('commerce staff');
    expect(owner('POST', `/payments/${ID}/refund`)).toBe('commerce staff');
    expect(owner('GET', `/staff/${ID}`)).toBe('scheduling staff');
    expect(owner('GET', `/staff/${ID}/calendar-feed`)).toBe('scheduling staff');
    expect(owner('DELETE', `/staff/${ID}/commission`)).toBe('method-not-allowed');
  });

  it('routes reviews: written by customers, moderated by staff, read publicly by slug', () => {
    expect(owner('POST', `/customer/appointments/${ID}/reviews`)).toBe('scheduling customer');
    expect(owner('GET', '/customer/reviews')).toBe('scheduling customer');
    expect(owner('PUT', `/customer/reviews/${ID}`)).toBe('scheduling customer');
    expect(owner('GET', '/reviews')).toBe('scheduling staff');
    expect(owner('PUT', `/reviews/${ID}/reply`)).toBe('scheduling staff');
    expect(owner('PUT', `/reviews/${ID}/hide`)).toBe('scheduling staff');
    expect(owner('GET', `/public/tenants/demo-salon/services/${ID}/reviews`)).toBe('scheduling public');
    expect(owner('GET', `/public/tenants/demo-salon/staff/${ID}/reviews`)).toBe('scheduling public');
    expect(owner('GET', '/public/tenants/demo-salon/services')).toBe('catalog public');
    expect(owner('POST', `/reviews/${ID}/hide`)).toBe('method-not-allowed');
  });

  it('routes the waitlist: customers join, list and leave theirs, staff read a day', () => {
    expect(owner('POST', '/customer/waitlist')).toBe('scheduling customer');
    expect(owner('GET', '/customer/waitlist')).toBe('scheduling customer');
    expect(owner('DELETE', `/customer/waitlist/${ID}`)).toBe('scheduling customer');
    expect(owner('GET', '/waitlist')).toBe('scheduling staff');
    expect(owner('POST', `/customer/waitlist/offers/${ID}/accept`)).toBe('scheduling customer');
    expect(owner('POST', `/customer/waitlist/offers/${ID}/decline`)).toBe('scheduling customer');
    expect(owner('PUT', `/customer/waitlist/${ID}`)).toBe('method-not-allowed');
  });

  it('matches HEAD as GET, tolerates one trailing slash and keeps the query out of matching', () => {
    expect(owner('HEAD', '/services')).toBe('catalog either');
    expect(owner('GET', '/services/')).toBe('catalog either');
  });

  it('refuses unknown, empty, dot and encoded-slash segments', () => {
    expect(owner('GET', '/nothing-here')).toBe('not-found');
    expect(owner('GET', '/services//categories')).toBe('not-found');
    expect(owner('GET', '/public/../tenants')).toBe('not-found');
    expect(owner('GET', '/public/tenants/%2e%2e/availability')).toBe('not-found');
    expect(owner('GET', '/public/tenants/a%2Fb/availability')).toBe('not-found');
    expect(owner('GET', '/')).toBe('not-found');
  });

  it('answers a known path with a method it lacks as 405, but never reveals internal paths', () => {
    expect(matcher.match('PATCH', '/services')).toEqual({
      kind: 'method-not-allowed',
      allowed: ['GET', 'POST'],
      template: '/services',
    });
    expect(matcher.match('GET', '/webhooks/notifications/promote')).toEqual({ kind: 'not-found' });
  });

  it('has one row per method and path, with a summary', () => {
    const keys = ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const route of ROUTES) expect(route.summary.length).toBeGreaterThan(3);
  });
});
