import { Webhook } from 'standardwebhooks';
import { newId } from '@salon/service-kit';
import { WebhookReceiver, waitFor } from '@salon/testing';
import { appointment, publish, seedTenant, startHarness, type Harness, type SeededTenant } from './helpers';

/**
 * Outbound webhooks in the service, on real PostgreSQL and RabbitMQ, to a real receiver on 127.0.0.1 (the operator
 * allows private addresses here): an appointment event arrives signed and verifies with standardwebhooks, a failing
 * receiver is retried until it answers, a receiver that never answers has its endpoint disabled, another tenant's
 * endpoint hears nothing, and the business is e-mailed when its endpoint is disabled. The gateway journey is e2e/test/webhooks.test.ts.
 */
let h: Harness;
let tenant: SeededTenant;
let other: SeededTenant;
const receiver = new WebhookReceiver();
const WAIT = { timeoutMs: 45_000, intervalMs: 100 };

beforeAll(async () => {
  await receiver.start();
  h = await startHarness({
    WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
    WEBHOOK_TIMEOUT_MS: '1000',
    WEBHOOK_RETRY_INITIAL_MS: '300',
    WEBHOOK_RETRY_MAX_MS: '600',
    WEBHOOK_DISABLE_AFTER_SECONDS: '4',
    WEBHOOK_MAX_ENDPOINTS: '5',
  });
  tenant = await seedTenant(h.service);
  other = await seedTenant(h.service);
}, 120_000);
afterAll(async () => {
  await h?.stop();
  await receiver.close();
});

const admin = (t: SeededTenant) =>
  h.service.signer.signStaffAccess({
    sub: newId(),
    role: 'TENANT_ADMIN',
    tenant_id: t.tenantId,
    outlet_ids: [],
  });

async function register(t: SeededTenant, path: string, eventTypes = ['appointment.created']) {
  const res = await h.service.request('POST', '/webhook-endpoints', {
    token: admin(t),
    body: { url: `${receiver.url}${path}`, event_types: eventTypes },
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; secret: string };
}

const created = (t: SeededTenant) => {
  const snapshot = appointment(t, new Date(Date.now() + 3 * 86_400_000));
  return publish(h.service, 'scheduling.appointment.created.v1', snapshot, t.tenantId).then(() => snapshot);
};

it('refuses bad input, other roles and tenants, and more endpoints than the limit', async () => {
  const bad = await h.service.request('POST', '/webhook-endpoints', {
    token: admin(tenant),
    body: { url: 'ftp://example.com/', event_types: ['appointment.created'] },
  });
  expect(bad.status).toBe(422);
  expect(bad.body.detail[0].loc).toEqual(['body', 'url']);
  const staff = h.service.signer.signStaffAccess({
    sub: newId(),
    role: 'STAFF',
    tenant_id: tenant.tenantId,
    outlet_ids: [],
  });
  expect((await h.service.request('GET', '/webhook-endpoints', { token: staff })).status).toBe(403);
  expect((await h.service.request('GET', '/webhook-endpoints')).status).toBe(401);
  expect((await h.service.request('GET', '/webhook-endpoints/nope', { token: admin(tenant) })).status).toBe(
    422,
  );

  const limited = await seedTenant(h.service);
  for (let i = 0; i < 5; i++) await register(limited, `/limit-${i}`);
  const sixth = await h.service.request('POST', '/webhook-endpoints', {
    token: admin(limited),
    body: { url: `${receiver.url}/limit-6`, event_types: ['appointment.created'] },
  });
  expect(sixth.status).toBe(409);
  expect(sixth.body).toEqual({ detail: 'Webhook endpoint limit reached (5 per tenant)' });
  const [first] = (await h.service.request('GET', '/webhook-endpoints', { token: admin(limited) })).body
    .items;
  expect(
    (await h.service.request('GET', `/webhook-endpoints/${first.id}`, { token: admin(other) })).status,
  ).toBe(404);
}, 60_000);

it('an appointment event arrives signed; the other tenant hears nothing', async () => {
  const endpoint = await register(tenant, '/signed');
  await register(other, '/other');
  const snapshot = await created(tenant);
  await waitFor(async () => receiver.accepted('/signed').length === 1, WAIT);
  const [got] = receiver.received.filter((r) => r.path === '/signed');
  const event = new Webhook(endpoint.secret).verify(got!.body, WebhookReceiver.signatureHeaders(got!)) as {
    id: string;
    type: string;
    data: { appointment_id: string };
  };
  expect(event).toMatchObject({
    type: 'appointment.created',
    data: { appointment_id: snapshot.appointment_id },
  });
  expect(event.id).toBe(got!.headers['webhook-id']);
  expect(receiver.received.filter((r) => r.path === '/other')).toEqual([]);
}, 60_000);

it('a failing receiver is retried with the same webhook-id until it answers', async () => {
  const endpoint = await register(tenant, '/flaky');
  receiver.failures['/flaky'] = 2;
  await created(tenant);
  await waitFor(async () => receiver.accepted('/flaky').length === 1, WAIT);
  const ids = new Set(
    receiver.received.filter((r) => r.path === '/flaky').map((r) => r.headers['webhook-id']),
  );
  expect(receiver.received.filter((r) => r.path === '/flaky')).toHaveLength(3);
  expect(ids.size).toBe(1);
  await waitFor(async () => {
    const log = await h.service.request('GET', `/webhook-endpoints/${endpoint.id}/deliveries`, {
      token: admin(tenant),
    });
    return log.body.items[0]?.status === 'delivered';
  }, WAIT);
  const log = await h.service.request('GET', `/webhook-endpoints/${endpoint.id}/deliveries`, {
    token: admin(tenant),
  });
  expect(log.body.items[0].attempts.map((a: { status_code: number }) => a.status_code)).toEqual([
    503, 503, 204,
  ]);
}, 60_000);

it('a receiver that never answers 2xx has its endpoint disabled', async () => {
  const endpoint = await register(tenant, '/dead');
  receiver.failures['/dead'] = Infinity;
  await created(tenant);
  await waitFor(async () => {
    const state = await h.service.request('GET', `/webhook-endpoints/${endpoint.id}`, {
      token: admin(tenant),
    });
    return state.body.status === 'disabled';
  }, WAIT);
  const state = await h.service.request('GET', `/webhook-endpoints/${endpoint.id}`, { token: admin(tenant) });
  expect(state.body).toMatchObject({ status: 'disabled', disabled_reason: 'failing' });
  expect(receiver.received.filter((r) => r.path === '/dead').length).toBeGreaterThan(2);
  const log = await h.service.request('GET', `/webhook-endpoints/${endpoint.id}/deliveries`, {
    token: admin(tenant),
  });
  expect(log.body.items[0].status).toBe('failed');
  // The business is told, at the tenant's address, which endpoint was disabled.
  const told = await waitFor(
    () =>
      h.smtp.messages.find(
        (m) => m.subject.includes('webhook endpoint') && m.text.includes(`${receiver.url}/dead`),
      ),
    WAIT,
  );
  expect(told!.to).toBe('owner@glow.example');
}, 60_000);
