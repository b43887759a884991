import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import type { EventType } from '@salon/contracts';
import { captureEvents, createTestBus, waitFor, type EventCapture, type TestBus } from '@salon/testing';
import { setUpBookableBusiness, type BookableBusiness } from '../src/faults-business';
import { expectStatus, localDate, type Customer } from '../src/journey-steps';
import { startPlatform, type Platform, type ProcessName } from '../src/platform';

/**
 * A booking followed by its request ids through every service's events and logs down to the confirmation
 * message, and a payment that arrives for an appointment cancelled meanwhile: no confirmation, the money back.
 * Every service in its own process on real PostgreSQL and RabbitMQ; the test listens on the platform's broker.
 */
let platform: Platform;
let listener: TestBus;
let events: EventCapture;
let salon: BookableBusiness;

const WAIT = { timeoutMs: 30_000, intervalMs: 100 };
const SERVICES = ['identity', 'catalog', 'scheduling', 'commerce', 'billing', 'notifications'] as const;
const TRACED: EventType[] = [
  'scheduling.appointment.created.v1',
  'scheduling.appointment.cancelled.v1',
  'scheduling.appointment.confirmed.v1',
  'scheduling.appointment.payment_orphaned.v1',
  'commerce.payment.completed.v1',
];

beforeAll(async () => {
  // Handled events are logged at debug, with their correlation id: the trace through the logs needs them.
  const debug = { LOG_LEVEL: 'debug' };
  platform = await startPlatform({
    env: {
      gateway: {
        RATE_LIMIT_PUBLIC: '1000/10000',
        RATE_LIMIT_STAFF: '1000/10000',
        RATE_LIMIT_CUSTOMER: '1000/10000',
      },
      ...Object.fromEntries(SERVICES.map((name) => [name, debug])),
    },
  });
  listener = await createTestBus({ logger: pino({ level: 'silent' }), namespace: platform.eventNamespace });
  events = await captureEvents(listener.bus, TRACED);
  salon = await setUpBookableBusiness(platform, 'Trace');
  // Refunds of payments that can no longer be delivered go to the customer's wallet.
  const { business } = salon;
  expectStatus(
    await platform.request('PUT', `/tenants/${business.tenantId}`, {
      token: business.token,
      body: { settings: { wallet_enabled: true } },
    }),
    200,
  );
  await waitFor(async () => {
    const wallet = await platform.request('GET', '/customer/wallet', { token: salon.customers[0]!.token });
    return wallet.status === 200;
  }, WAIT);
}, 180_000);

afterAll(async () => {
  await listener?.destroy();
  await platform?.stop();
}, 60_000);

const requestId = (what: string) => `trace-${what}-${Date.now().toString(36)}`;

async function book(customer: Customer, day: number, time: string, id: string): Promise<string> {
  const booked = expectStatus(
    await platform.request('POST', '/appointments', {
      token: customer.token,
      headers: { 'x-request-id': id },
      body: {
        outlet_id: salon.business.outletId,
        appointment_date: localDate(salon.business.timezone, day),
        start_time: time,
        services: [{ service_id: salon.serviceId, staff_id: salon.business.staffId }],
      },
    }),
    201,
  );
  return booked.id;
}

async function startPayment(customer: Customer, appointmentId: string, id: string): Promise<string> {
  const payment = expectStatus(
    await platform.request('POST', '/customer/payments/process-appointment', {
      token: customer.token,
      headers: { 'x-request-id': id },
      body: { appointment_id: appointmentId, payment_method: 'QRIS' },
    }),
    200,
  );
  return payment.payment_url;
}

const logOf = (name: ProcessName) => readFileSync(join(platform.logDir, `${name}.log`), 'utf8');

/** The confirmation e-mails the sandbox holds for the customer. */
const confirmations = async (customer: Customer) =>
  (await platform.sandbox.messages('email', customer.email)).filter((mail) =>
    /booking is confirmed|pemesanan Anda dikonfirmasi/.test(mail.subject),
  );

it('follows a booking and its payment by their request ids through events and logs to the confirmation', async () => {
  const [customer] = salon.customers;
  const bookingId = requestId('book');
  const paymentId = requestId('pay');
  const appointmentId = await book(customer!, 3, '10:00', bookingId);
  await platform.sandbox.payInvoice(await startPayment(customer!, appointmentId, paymentId));

  // The booking request's id is the correlation of the appointment's creation.
  const created = await events.next(
    'scheduling.appointment.created.v1',
    (e) => e.data.appointment_id === appointmentId,
  );
  expect(created.correlation_id).toBe(bookingId);
  // The payment request's id follows the payment into commerce's event, scheduling's confirmation caused by
  // it, and the confirmation message notifications sends.
  const paid = await events.next(
    'commerce.payment.completed.v1',
    (e) => e.data.appointment_id === appointmentId,
    30_000,
  );
  expect(paid.correlation_id).toBe(paymentId);
  const confirmed = await events.next(
    'scheduling.appointment.confirmed.v1',
    (e) => e.data.appointment_id === appointmentId,
    30_000,
  );
  expect(confirmed).toMatchObject({ correlation_id: paymentId, causation_id: paid.id });
  expect(confirmed.data.payment_id).toBe(paid.data.payment_id);
  expect(confirmed.data.amount_paid).toBe(paid.data.amount);
  await waitFor(async () => (await confirmations(customer!)).length === 1, WAIT);
  const [message] = await platform.query<{ correlation_id: string }>(
    'notifications',
    `SELECT correlation_id FROM notifications.scheduled_notifications
      WHERE appointment_id = $1 AND kind = 'booking_confirmation'`,
    [appointmentId],
  );
  expect(message).toEqual({ correlation_id: paymentId });

  // Every process that took part logged the request ids: the gateway and the owning services as requests,
  // the consumers as the events they handled (identity and billing count appointments; commerce keeps its copy).
  const tookPart = {
    [bookingId]: ['gateway', 'scheduling', 'notifications', 'commerce', 'identity', 'billing'],
    [paymentId]: ['gateway', 'commerce', 'scheduling', 'notifications', 'identity', 'billing'],
  } as const;
  for (const [id, names] of Object.entries(tookPart))
    for (const name of names)
      await waitFor(() => logOf(name).includes(id), { ...WAIT, message: `${name} never logged ${id}` });
});

it('cancelled after the payment was started, then paid: stays cancelled, no confirmation, the money back in the wallet', async () => {
  const [, customer] = salon.customers;
  const appointmentId = await book(customer!, 4, '11:00', requestId('book'));
  const paymentUrl = await startPayment(customer!, appointmentId, requestId('pay'));
  expectStatus(
    await platform.request('PUT', `/appointments/${appointmentId}/cancel`, { token: customer!.token }),
    200,
  );
  await platform.sandbox.payInvoice(paymentUrl);

  const orphaned = await events.next(
    'scheduling.appointment.payment_orphaned.v1',
    (e) => e.data.appointment_id === appointmentId,
    30_000,
  );
  expect(orphaned.data.appointment_status).toBe('cancelled');
  // The customer paid the price plus the FREE plan's 8 % fee; all of it comes back to the wallet.
  const wallet = await waitFor(async () => {
    const answer = expectStatus(
      await platform.request('GET', '/customer/wallet', { token: customer!.token }),
      200,
    );
    return Number(answer.balance) > 0 && answer;
  }, WAIT);
  expect(Number(wallet.balance)).toBe(108_000);

  const appointment = expectStatus(
    await platform.request('GET', `/appointments/${appointmentId}`, { token: customer!.token }),
    200,
  );
  expect(appointment.status).toBe('cancelled');
  expect(
    events.of('scheduling.appointment.confirmed.v1').some((e) => e.data.appointment_id === appointmentId),
  ).toBe(false);
  // The refund has been applied, so everything the payment set in motion has happened: no confirmation left.
  const scheduled = await platform.query(
    'notifications',
    `SELECT 1 FROM notifications.scheduled_notifications WHERE appointment_id = $1 AND kind = 'booking_confirmation'`,
    [appointmentId],
  );
  expect(scheduled).toEqual([]);
  expect(await confirmations(customer!)).toEqual([]);
});

it("pays for an appointment commerce's copy has not heard of: one read of scheduling's answer, then the usual payment", async () => {
  const [, , customer] = salon.customers;
  const appointmentId = await book(customer!, 5, '12:00', requestId('book'));
  await waitFor(
    async () =>
      (
        await platform.query('commerce', 'SELECT 1 FROM commerce.appointments WHERE appointment_id = $1', [
          appointmentId,
        ])
      ).length === 1,
    WAIT,
  );
  // No API can hold an event back, so the copy forgets the appointment, as if its created event were still on
  // its way: commerce must ask scheduling instead of waiting for it.
  await platform.query('commerce', 'DELETE FROM commerce.appointments WHERE appointment_id = $1', [
    appointmentId,
  ]);
  await platform.sandbox.payInvoice(await startPayment(customer!, appointmentId, requestId('pay')));
  await waitFor(async () => {
    const appointment = await platform.request('GET', `/appointments/${appointmentId}`, {
      token: customer!.token,
    });
    return appointment.body.status === 'confirmed';
  }, WAIT);
  const [copy] = await platform.query<{ status: string }>(
    'commerce',
    'SELECT status FROM commerce.appointments WHERE appointment_id = $1',
    [appointmentId],
  );
  expect(copy).toBeDefined();
  expect(
    (
      await platform.request('POST', '/customer/payments/process-appointment', {
        token: customer!.token,
        body: { appointment_id: '0123456789abcdef01234567', payment_method: 'QRIS' },
      })
    ).status,
  ).toBe(404);
});
