import { Webhook } from 'standardwebhooks';
import { WebhookReceiver, waitFor } from '@salon/testing';
import { BookingLoad, setUpBookableBusiness, type BookableBusiness } from '../src/faults-business';
import { expectStatus, registerBusiness, type Business } from '../src/journey-steps';
import { startPlatform, type Platform } from '../src/platform';
import { UNLIMITED_RATES } from '../src/security-platform';

/**
 * Outbound webhooks through the gateway, to a real HTTP receiver on this machine: a booking's event arrives signed
 * (verified with the standardwebhooks library), a receiver failing at first gets every event once it answers, in
 * order per appointment and once each by webhook-id, and another tenant's endpoint hears nothing. Disabling an
 * endpoint that never answers (and the tenant's e-mail) is shown in notifications' webhook-endpoints API test, the
 * SSRF guard refusing 127.0.0.1 by default in its webhook-rules test; here the operator allows private addresses.
 */
let platform: Platform;
let salon: BookableBusiness;
let other: Business;
let bookings: BookingLoad;
const receiver = new WebhookReceiver();
const WAIT = { timeoutMs: 60_000, intervalMs: 200 };

beforeAll(async () => {
  await receiver.start();
  platform = await startPlatform({
    env: {
      gateway: UNLIMITED_RATES,
      notifications: {
        WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
        WEBHOOK_TIMEOUT_MS: '1000',
        WEBHOOK_RETRY_INITIAL_MS: '500',
        WEBHOOK_RETRY_MAX_MS: '1000',
        WEBHOOK_RETRY_WINDOW_SECONDS: '120',
        WEBHOOK_DISABLE_AFTER_SECONDS: '8',
      },
    },
  });
  salon = await setUpBookableBusiness(platform, 'Hooks');
  other = await registerBusiness(platform, 'Elsewhere', '+6281234567891');
  bookings = new BookingLoad(platform, salon);
}, 240_000);

afterAll(async () => {
  await platform?.stop();
  await receiver.close();
}, 60_000);

const owner = () => salon.business.token;

async function register(token: string, path: string, eventTypes: string[]) {
  return expectStatus(
    await platform.request('POST', '/webhook-endpoints', {
      token,
      body: { url: `${receiver.url}${path}`, event_types: eventTypes, description: path },
    }),
    201,
  ) as { id: string; secret: string; status: string };
}

async function book(): Promise<string> {
  const [outcome] = await bookings.book(1, { concurrency: 1 });
  if (outcome?.status !== 201) throw new Error(`booking failed: ${JSON.stringify(outcome)}`);
  return outcome.appointmentId!;
}

it('registers an endpoint with a secret shown once; refuses bad input, other tenants and customers', async () => {
  const created = await register(owner(), '/crud', ['appointment.created']);
  expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
  expect(created.status).toBe('enabled');
  const read = expectStatus(
    await platform.request('GET', `/webhook-endpoints/${created.id}`, { token: owner() }),
    200,
  );
  expect(read).not.toHaveProperty('secret');
  const list = expectStatus(await platform.request('GET', '/webhook-endpoints', { token: owner() }), 200);
  expect(list.items.map((e: { id: string }) => e.id)).toContain(created.id);

  const bad = await platform.request('POST', '/webhook-endpoints', {
    token: owner(),
    body: { url: 'ftp://example.com/hook', event_types: ['appointment.created'] },
  });
  expect(bad.status).toBe(422);
  expect(bad.body.detail[0].loc).toEqual(['body', 'url']);
  const unknownType = await platform.request('POST', '/webhook-endpoints', {
    token: owner(),
    body: { url: `${receiver.url}/x`, event_types: ['appointment.exploded'] },
  });
  expect(unknownType.status).toBe(422);

  expect(
    (await platform.request('GET', `/webhook-endpoints/${created.id}`, { token: other.token })).status,
  ).toBe(404);
  expect(
    (await platform.request('GET', '/webhook-endpoints', { token: salon.customers[0]!.token })).status,
  ).toBe(403);

  const changed = expectStatus(
    await platform.request('PATCH', `/webhook-endpoints/${created.id}`, {
      token: owner(),
      body: { event_types: ['payment.completed'] },
    }),
    200,
  );
  expect(changed.event_types).toEqual(['payment.completed']);
  expect(
    (await platform.request('DELETE', `/webhook-endpoints/${created.id}`, { token: owner() })).status,
  ).toBe(204);
  expect((await platform.request('GET', `/webhook-endpoints/${created.id}`, { token: owner() })).status).toBe(
    404,
  );
}, 60_000);

it('a booking reaches the endpoint signed (standardwebhooks verifies it); the other tenant hears nothing', async () => {
  const endpoint = await register(owner(), '/signed', ['appointment.created']);
  await register(other.token, '/elsewhere', ['appointment.created', 'appointment.cancelled']);
  const appointmentId = await book();

  await waitFor(
    async () => receiver.accepted('/signed').some((r) => r.event.data.appointment_id === appointmentId),
    WAIT,
  );
  const [received] = receiver.received.filter((r) => r.path === '/signed');
  const verified = new Webhook(endpoint.secret).verify(
    received!.body,
    WebhookReceiver.signatureHeaders(received!),
  ) as {
    id: string;
    type: string;
  };
  expect(verified).toMatchObject({ type: 'appointment.created', id: received!.headers['webhook-id'] });
  expect(() =>
    new Webhook(endpoint.secret).verify(`${received!.body} `, WebhookReceiver.signatureHeaders(received!)),
  ).toThrow();

  const ping = expectStatus(
    await platform.request('POST', `/webhook-endpoints/${endpoint.id}/test`, { token: owner() }),
    202,
  );
  await waitFor(async () => receiver.accepted('/signed').some((r) => r.event.type === 'webhook.test'), WAIT);
  expect(ping.message_id).toMatch(/^msg_test_/);
  expect(receiver.received.filter((r) => r.path === '/elsewhere')).toEqual([]);
}, 90_000);

it('a receiver down at first gets every event once it recovers, in order per appointment, once each by id', async () => {
  const endpoint = await register(owner(), '/flaky', ['appointment.created', 'appointment.cancelled']);
  receiver.failures['/flaky'] = 3;
  const first = await book();
  const second = await book();
  expectStatus(await platform.request('PUT', `/appointments/${first}/cancel`, { token: owner() }), 200);

  const forFirst = () => receiver.accepted('/flaky').filter((r) => r.event.data.appointment_id === first);
  await waitFor(async () => forFirst().length >= 2 && receiver.accepted('/flaky').length >= 3, WAIT);
  expect(forFirst().map((r) => r.event.type)).toEqual(['appointment.created', 'appointment.cancelled']);
  const seconds = receiver.accepted('/flaky').filter((r) => r.event.data.appointment_id === second);
  expect(seconds.map((r) => r.event.type)).toEqual(['appointment.created']);
  const ids = receiver.accepted('/flaky').map((r) => r.headers['webhook-id']);
  expect(new Set(ids).size).toBe(ids.length);
  // The failed attempts carried the same webhook-id as the one that succeeded.
  const failedIds = new Set(
    receiver.received
      .filter((r) => r.path === '/flaky' && r.answered === 503)
      .map((r) => r.headers['webhook-id']),
  );
  for (const id of failedIds) expect(ids).toContain(id);

  const log = expectStatus(
    await platform.request('GET', `/webhook-endpoints/${endpoint.id}/deliveries`, { token: owner() }),
    200,
  );
  expect(log.items.every((d: { status: string }) => d.status === 'delivered')).toBe(true);
  const retried = log.items.filter((d: { attempts: unknown[] }) => d.attempts.length > 1);
  expect(retried.length).toBeGreaterThan(0);
  expect(retried[0].attempts[0]).toMatchObject({ status_code: 503, response_body: 'down for maintenance' });
  const state = expectStatus(
    await platform.request('GET', `/webhook-endpoints/${endpoint.id}`, { token: owner() }),
    200,
  );
  expect(state).toMatchObject({ status: 'enabled', failing_since: null });
}, 120_000);
