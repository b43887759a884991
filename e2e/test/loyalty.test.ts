import pino from 'pino';
import { newId } from '@salon/service-kit';
import { captureEvents, createTestBus, waitFor, type EventCapture, type TestBus } from '@salon/testing';
import { setUpBookableBusiness, type BookableBusiness } from '../src/faults-business';
import { expectStatus, localDate, type Customer } from '../src/journey-steps';
import { startPlatform, type Platform } from '../src/platform';
import { UNLIMITED_RATES } from '../src/security-platform';

/**
 * A customer's history and loyalty, moved by the platform's own events through every service on real
 * PostgreSQL and RabbitMQ: a visit paid online, one paid at the venue, a package sold at the counter, a visit
 * paid with the package's credits, and a payment for a cancelled visit refunded; the staff view of the
 * customer shows visits, spend, points and tier, and redelivered events change nothing. Then the customer's
 * own money views: the payment history with its refund, and the usable credits per service.
 */
let platform: Platform;
let listener: TestBus;
let events: EventCapture;
let salon: BookableBusiness;
let customer: Customer;

const WAIT = { timeoutMs: 30_000, intervalMs: 100 };
/** The service's 100,000 plus the FREE plan's 8 % platform fee: what the customer pays online. */
const PAID_ONLINE = 108_000;

beforeAll(async () => {
  platform = await startPlatform({ env: { gateway: UNLIMITED_RATES } });
  listener = await createTestBus({ logger: pino({ level: 'silent' }), namespace: platform.eventNamespace });
  events = await captureEvents(listener.bus, [
    'commerce.payment.completed.v1',
    'commerce.payment.refunded.v1',
  ]);
  salon = await setUpBookableBusiness(platform, 'Loyal');
  const { business } = salon;
  customer = salon.customers[0]!;
  expectStatus(
    await platform.request('PUT', `/tenants/${business.tenantId}`, {
      token: business.token,
      body: { settings: { loyalty_points_enabled: true, wallet_enabled: true } },
    }),
    200,
  );
}, 180_000);

afterAll(async () => {
  await listener?.destroy();
  await platform?.stop();
}, 60_000);

const staffToken = () => salon.business.token;
const slot = (day: number, time: string) => ({
  outlet_id: salon.business.outletId,
  appointment_date: localDate(salon.business.timezone, day),
  start_time: time,
  services: [{ service_id: salon.serviceId, staff_id: salon.business.staffId }],
});

async function customerBooks(day: number, time: string): Promise<string> {
  return expectStatus(
    await platform.request('POST', '/appointments', { token: customer.token, body: slot(day, time) }),
    201,
  ).id;
}

async function startPayment(appointmentId: string): Promise<{ url: string; amount: number }> {
  const payment = expectStatus(
    await platform.request('POST', '/customer/payments/process-appointment', {
      token: customer.token,
      body: { appointment_id: appointmentId, payment_method: 'QRIS' },
    }),
    200,
  );
  return { url: payment.payment_url, amount: Number(payment.amount) };
}

async function setStatus(appointmentId: string, ...statuses: string[]): Promise<void> {
  for (const status of statuses)
    expectStatus(
      await platform.request('PUT', `/appointments/${appointmentId}/status`, {
        token: staffToken(),
        body: { status },
      }),
      200,
    );
}

const staffView = async () =>
  expectStatus(await platform.request('GET', `/customers/${customer.id}`, { token: staffToken() }), 200);

const becomes = (expected: Record<string, unknown>) =>
  waitFor(
    async () => {
      const view = await staffView();
      return Object.entries(expected).every(([key, value]) => view[key] === value) && view;
    },
    { ...WAIT, message: `the customer never showed ${JSON.stringify(expected)}` },
  );

it('counts visits, spend and points from payments, venue visits, packages and refunds, once each', async () => {
  expect(await staffView()).toMatchObject({
    total_appointments: 0,
    last_appointment_date: null,
    total_spent: '0.00',
    loyalty_points: 0,
    membership_tier: 'basic',
  });

  // A visit paid online: the money counts when it is paid, and completing the visit does not count it again.
  const online = await customerBooks(3, '10:00');
  const payment = await startPayment(online);
  expect(payment.amount).toBe(PAID_ONLINE);
  await platform.sandbox.payInvoice(payment.url);
  await waitFor(async () => {
    const appointment = await platform.request('GET', `/appointments/${online}`, { token: customer.token });
    return appointment.body.status === 'confirmed';
  }, WAIT);
  await becomes({ total_spent: '108000.00', loyalty_points: 10, total_appointments: 0 });
  await setStatus(online, 'completed');
  await becomes({
    total_appointments: 1,
    last_appointment_date: localDate(salon.business.timezone, 3),
    total_spent: '108000.00',
  });

  // A visit booked by the receptionist and paid at the venue: its price counts when it is completed.
  const venue = expectStatus(
    await platform.request('POST', '/staff/appointments', {
      token: staffToken(),
      body: { ...slot(4, '10:00'), customer_id: customer.id },
    }),
    201,
  );
  await setStatus(venue.id, 'confirmed', 'completed');
  await becomes({ total_appointments: 2, total_spent: '208000.00', loyalty_points: 20 });
  expect((await staffView()).membership_tier).toBe('basic');

  // A package of thirty sold and paid at the counter counts what it cost; a visit paid with its credit does not.
  const pkg = expectStatus(
    await platform.request('POST', '/packages', {
      token: staffToken(),
      body: {
        name: 'Thirty blow dries',
        package_items: [{ service_id: salon.serviceId, quantity: 30 }],
        package_price: '2500000',
        currency: 'IDR',
        validity_days: 90,
      },
    }),
    201,
  );
  const sold = expectStatus(
    await platform.request('POST', '/staff/customer-packages', {
      token: staffToken(),
      body: {
        customer_id: customer.id,
        package_id: pkg.id,
        outlet_id: salon.business.outletId,
        payment_method: 'manual_onspot',
        amount_paid: '2500000',
        currency: 'IDR',
      },
    }),
    201,
  );
  expect(sold.status).toBe('active');
  await becomes({ total_spent: '2708000.00', loyalty_points: 270, membership_tier: 'silver' });

  const credited = expectStatus(
    await platform.request('POST', '/staff/appointments', {
      token: staffToken(),
      body: { ...slot(5, '10:00'), customer_id: customer.id },
    }),
    201,
  );
  expectStatus(
    await platform.request('POST', '/staff/customer-packages/credits/redeem', {
      token: staffToken(),
      body: {
        customer_id: customer.id,
        service_id: salon.serviceId,
        quantity: 1,
        appointment_id: credited.id,
      },
    }),
    200,
  );
  await setStatus(credited.id, 'confirmed', 'completed');
  await becomes({
    total_appointments: 3,
    last_appointment_date: localDate(salon.business.timezone, 5),
    total_spent: '2708000.00',
    loyalty_points: 270,
  });

  // A payment for a visit cancelled meanwhile is refunded to the wallet: counted, then taken back.
  const cancelled = await customerBooks(6, '10:00');
  const late = await startPayment(cancelled);
  expectStatus(
    await platform.request('PUT', `/appointments/${cancelled}/cancel`, { token: customer.token }),
    200,
  );
  await platform.sandbox.payInvoice(late.url);
  const refunded = await events.next(
    'commerce.payment.refunded.v1',
    (event) => event.data.appointment_id === cancelled,
    30_000,
  );
  expect(refunded.data).toMatchObject({
    customer_id: customer.id,
    amount: '108000.00',
    refunded_to: 'wallet',
  });
  // The late money never brings the visit back; the ledger holds the payment's credit and its one reversal,
  // and the wallet is credited once, with all of it.
  const visit = await platform.request('GET', `/appointments/${cancelled}`, { token: customer.token });
  expect(expectStatus(visit, 200).status).toBe('cancelled');
  expect(
    await platform.query(
      'commerce',
      `SELECT l.entry_type, l.base_amount::text, l.platform_fee::text, l.net_amount::text
         FROM commerce.merchant_ledger l JOIN commerce.invoices i ON i.id = l.invoice_id
        WHERE i.appointment_id = $1 ORDER BY l.entry_type`,
      [cancelled],
    ),
  ).toEqual([
    { entry_type: 'credit', base_amount: '100000.00', platform_fee: '8000.00', net_amount: '92000.00' },
    { entry_type: 'reversal', base_amount: '-100000.00', platform_fee: '-8000.00', net_amount: '-92000.00' },
  ]);
  const wallet = expectStatus(
    await platform.request('GET', '/customer/wallet', { token: customer.token }),
    200,
  );
  expect(wallet.balance).toBe('108000.00');
  expect(wallet.transactions).toEqual([expect.objectContaining({ kind: 'refund', amount: '108000.00' })]);
  expect(
    events.of('commerce.payment.refunded.v1').filter((event) => event.data.appointment_id === cancelled),
  ).toHaveLength(1);
  const entries = () =>
    platform.query<{ kind: string; amount: string }>(
      'identity',
      `SELECT kind, amount::text AS amount FROM identity.customer_money
        WHERE customer_id = $1 AND appointment_id = $2 ORDER BY kind`,
      [customer.id, cancelled],
    );
  await waitFor(async () => (await entries()).length === 2, WAIT);
  expect(await entries()).toEqual([
    { kind: 'payment', amount: '108000.00' },
    { kind: 'refund', amount: '108000.00' },
  ]);
  const settled = await becomes({ total_spent: '2708000.00', loyalty_points: 270 });
  expect(settled).toMatchObject({ total_appointments: 3, membership_tier: 'silver' });

  // Redelivered: the same payment event again, and the same payment under a new event id. Nothing moves.
  const paid = events.of('commerce.payment.completed.v1').find((e) => e.data.appointment_id === online)!;
  const copy = { ...paid, id: newId() };
  await listener.bus.publish([paid, copy]);
  await waitFor(async () => {
    const handled = await platform.query(
      'identity',
      `SELECT 1 FROM identity.inbox WHERE consumer = 'identity.customer-money' AND event_id = $1`,
      [copy.id],
    );
    return handled.length === 1;
  }, WAIT);
  expect(await staffView()).toMatchObject({
    total_appointments: 3,
    total_spent: '2708000.00',
    loyalty_points: 270,
    membership_tier: 'silver',
  });
});

it("shows the customer's own money: payments with their refunds, and usable credits per service", async () => {
  const history = expectStatus(
    await platform.request('GET', '/customer/payments', { token: customer.token }),
    200,
  );
  expect(history).toMatchObject({ total: 3, page: 1, size: 20, pages: 1 });
  const [refunded, pkg, online] = history.items;
  expect(refunded).toMatchObject({
    type: 'appointment',
    status: 'REFUNDED',
    amount: '108000.00',
    wallet_applied: '0.00',
    provider: 'gateway',
    refunded_amount: '108000.00',
    currency: 'IDR',
  });
  expect(pkg).toMatchObject({
    type: 'package',
    status: 'COMPLETED',
    amount: '2500000.00',
    method: 'manual_onspot',
    provider: 'manual',
    invoice_url: null,
    refunded_amount: null,
  });
  expect(online).toMatchObject({ type: 'appointment', status: 'COMPLETED', refunded_amount: null });
  expect(online.invoice_number).toEqual(expect.any(String));
  expect(online.invoice_url).toEqual(expect.stringContaining('http'));

  const onlyPackages = expectStatus(
    await platform.request('GET', '/customer/payments?type=package', { token: customer.token }),
    200,
  );
  expect(onlyPackages.items.map((item: { id: string }) => item.id)).toEqual([pkg.id]);
  const refunds = expectStatus(
    await platform.request('GET', '/customer/payments?status=REFUNDED', { token: customer.token }),
    200,
  );
  expect(refunds.total).toBe(1);
  expectStatus(
    await platform.request('GET', '/customer/payments?status=LOST', { token: customer.token }),
    422,
  );
  expectStatus(await platform.request('GET', '/customer/payments', { token: staffToken() }), 403);

  const credits = expectStatus(
    await platform.request('GET', '/customer/packages/credits/available', { token: customer.token }),
    200,
  );
  expect(credits).toMatchObject({
    total_remaining_credits: 29,
    services: [{ service_id: salon.serviceId, service_name: 'Blow dry', remaining_credits: 29 }],
  });
  expect(credits.services[0].next_expiry).toEqual(credits.services[0].credits[0].expires_at);
  // The other customers of the salon see only their own.
  const other = salon.customers[1]!;
  const theirs = expectStatus(
    await platform.request('GET', '/customer/payments', { token: other.token }),
    200,
  );
  expect(theirs.total).toBe(0);
});
