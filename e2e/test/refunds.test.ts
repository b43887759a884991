import pino from 'pino';
import { captureEvents, createTestBus, waitFor, type EventCapture, type TestBus } from '@salon/testing';
import { customerBooks, setUpBookableBusiness, type BookableBusiness } from '../src/faults-business';
import { expectStatus, type Customer } from '../src/journey-steps';
import { startPlatform, type Platform } from '../src/platform';
import { UNLIMITED_RATES } from '../src/security-platform';

/**
 * Money that always adds up, through every service on real PostgreSQL and RabbitMQ and the provider sandbox: a
 * paid appointment's cancellation refunds in full outside the cancellation window and less the late fee inside
 * it, one ledger reversal each, and tells the customer; with wallets off the payment is marked refunded and the
 * operator alerted; a tenant that switches online payments off takes none; the same provider callback 50 times
 * at once and a late EXPIRED make one payment; the merchant statement and the ledger check agree at the end.
 */
let platform: Platform;
let listener: TestBus;
let events: EventCapture;
let salon: BookableBusiness;

const WAIT = { timeoutMs: 30_000, intervalMs: 100 };
/** The service's 100,000 plus the FREE plan's 8 % platform fee: what the customer pays online. */
const PAID = '108000.00';

beforeAll(async () => {
  platform = await startPlatform({ env: { gateway: UNLIMITED_RATES } });
  listener = await createTestBus({ logger: pino({ level: 'silent' }), namespace: platform.eventNamespace });
  events = await captureEvents(listener.bus, [
    'commerce.payment.refunded.v1',
    'commerce.payment.completed.v1',
    'scheduling.appointment.confirmed.v1',
  ]);
  salon = await setUpBookableBusiness(platform, 'Refunds');
  await settings({ wallet_enabled: true, cancellation_hours: 24, late_cancellation_fee_percent: 20 });
}, 180_000);

afterAll(async () => {
  await listener?.destroy();
  await platform?.stop();
}, 60_000);

const owner = () => salon.business.token;

/** Changes the tenant's settings and waits until scheduling's and commerce's copies hold them. */
async function settings(changes: Record<string, unknown>): Promise<void> {
  const { tenantId } = salon.business;
  expectStatus(
    await platform.request('PUT', `/tenants/${tenantId}`, { token: owner(), body: { settings: changes } }),
    200,
  );
  const versionIn = async (name: 'identity' | 'scheduling' | 'commerce', table: string, key: string) =>
    (
      await platform.query<{ version: number }>(name, `SELECT version FROM ${table} WHERE ${key} = $1`, [
        tenantId,
      ])
    )[0]?.version ?? -1;
  const version = await versionIn('identity', 'identity.tenants', 'id');
  await waitFor(
    async () =>
      (await versionIn('scheduling', 'scheduling.tenants', 'tenant_id')) >= version &&
      (await versionIn('commerce', 'commerce.tenants', 'tenant_id')) >= version,
    WAIT,
  );
}

/** Booked by the customer at the salon's outlet with its one staff member. */
const book = (customer: Customer, day: number, time: string) =>
  customerBooks(platform, salon, customer, day, time);

/** Booked by the customer, paid on the provider's page, and confirmed. */
async function paidAppointment(customer: Customer, day: number, time: string): Promise<string> {
  const booked = await book(customer, day, time);
  const payment = expectStatus(
    await platform.request('POST', '/customer/payments/process-appointment', {
      token: customer.token,
      body: { appointment_id: booked.id, payment_method: 'QRIS' },
    }),
    200,
  );
  expect(payment.amount).toBe(PAID);
  await platform.sandbox.payInvoice(payment.payment_url);
  await waitFor(async () => {
    const appointment = await platform.request('GET', `/appointments/${booked.id}`, {
      token: customer.token,
    });
    return appointment.body.status === 'confirmed';
  }, WAIT);
  return booked.id;
}

const refundOf = (appointmentId: string) =>
  events.next('commerce.payment.refunded.v1', (event) => event.data.appointment_id === appointmentId, 30_000);

const paymentOf = async (customer: Customer, appointmentId: string) => {
  const history = expectStatus(
    await platform.request('GET', '/customer/payments', { token: customer.token }),
    200,
  );
  return history.items.find((item: { appointment_id: string }) => item.appointment_id === appointmentId);
};

const ledgerOf = (appointmentId: string) =>
  platform.query<{ entry_type: string; base_amount: string; platform_fee: string; net_amount: string }>(
    'commerce',
    `SELECT l.entry_type, l.base_amount::text, l.platform_fee::text, l.net_amount::text
       FROM commerce.merchant_ledger l JOIN commerce.invoices i ON i.id = l.invoice_id
      WHERE i.appointment_id = $1 ORDER BY l.entry_type`,
    [appointmentId],
  );

const walletBalance = async (customer: Customer) =>
  expectStatus(await platform.request('GET', '/customer/wallet', { token: customer.token }), 200).balance;

it('cancelled by the customer outside the window: refunded in full to the wallet, the credit reversed once', async () => {
  const customer = salon.customers[0]!;
  const appointmentId = await paidAppointment(customer, 5, '10:00');
  expectStatus(
    await platform.request('PUT', `/appointments/${appointmentId}/cancel`, { token: customer.token }),
    200,
  );
  const refund = await refundOf(appointmentId);
  expect(refund.data).toMatchObject({ amount: PAID, fee_kept: '0.00', refunded_to: 'wallet' });
  await waitFor(async () => (await walletBalance(customer)) === PAID, WAIT);
  expect(await paymentOf(customer, appointmentId)).toMatchObject({
    status: 'REFUNDED',
    refunded_amount: PAID,
  });
  expect(await ledgerOf(appointmentId)).toEqual([
    { entry_type: 'credit', base_amount: '100000.00', platform_fee: '8000.00', net_amount: '92000.00' },
    { entry_type: 'reversal', base_amount: '-100000.00', platform_fee: '-8000.00', net_amount: '-92000.00' },
  ]); // The customer is told (in the business's language, Indonesian by default), once.
  const told = await waitFor(async () => {
    const mails = (await platform.sandbox.messages('email', customer.email)).filter((mail) =>
      /pembayaran Anda telah dikembalikan|your payment was refunded/.test(mail.subject),
    );
    return mails.length > 0 && mails;
  }, WAIT);
  expect(told).toHaveLength(1);
  expect(told[0]!.text).toMatch(/108[.,]000/);
});

it('cancelled by the salon inside the window: the late fee is kept, the rest refunded, the credit reversed in part', async () => {
  const customer = salon.customers[1]!;
  const appointmentId = await paidAppointment(customer, 3, '11:00');
  // Three days ahead is inside a 30-day window: the customer may no longer cancel; the salon may.
  await settings({ cancellation_hours: 720 });
  expectStatus(
    await platform.request('PUT', `/appointments/${appointmentId}/cancel`, { token: customer.token }),
    409,
  );
  expectStatus(
    await platform.request('PUT', `/appointments/${appointmentId}/cancel`, { token: owner() }),
    200,
  );
  const refund = await refundOf(appointmentId);
  expect(refund.data).toMatchObject({ amount: '86400.00', fee_kept: '21600.00', refunded_to: 'wallet' });
  await waitFor(async () => (await walletBalance(customer)) === '86400.00', WAIT);
  expect(await paymentOf(customer, appointmentId)).toMatchObject({
    status: 'REFUNDED',
    refunded_amount: '86400.00',
  });
  expect(await ledgerOf(appointmentId)).toEqual([
    { entry_type: 'credit', base_amount: '100000.00', platform_fee: '8000.00', net_amount: '92000.00' },
    { entry_type: 'reversal', base_amount: '-80000.00', platform_fee: '-6400.00', net_amount: '-73600.00' },
  ]);
  const told = await waitFor(async () => {
    const mails = (await platform.sandbox.messages('email', customer.email)).filter((mail) =>
      /pembayaran Anda telah dikembalikan|your payment was refunded/.test(mail.subject),
    );
    return mails.length > 0 && mails[0];
  }, WAIT);
  expect(told.text).toMatch(/86[.,]400/);
  expect(told.text).toMatch(/21[.,]600/);
  await settings({ cancellation_hours: 24 });
});

it('with wallets off: the payment is marked refunded with what is owed, and the operator is alerted', async () => {
  const customer = salon.customers[2]!;
  const appointmentId = await paidAppointment(customer, 6, '12:00');
  await settings({ wallet_enabled: false });
  expectStatus(
    await platform.request('PUT', `/appointments/${appointmentId}/cancel`, { token: customer.token }),
    200,
  );
  const refund = await refundOf(appointmentId);
  expect(refund.data).toMatchObject({ amount: PAID, refunded_to: 'outside' });
  expect(await paymentOf(customer, appointmentId)).toMatchObject({
    status: 'REFUNDED',
    refunded_amount: PAID,
  });
  const metrics = await (await fetch(`${platform.service('commerce').metricsUrl}/metrics`)).text();
  expect(metrics).toMatch(/^commerce_refunds_owed_outside_total 1$/m);
  await settings({ wallet_enabled: true });
  expect(await walletBalance(customer)).toBe('0.00');
});

it('a tenant with online payments switched off takes none, and its customers are told at sign-in', async () => {
  const customer = salon.customers[3]!;
  const signIn = () =>
    platform.request('POST', '/customer/auth/login', {
      body: { email: customer.email, password: customer.password, tenant_slug: salon.business.slug },
    });
  expect(expectStatus(await signIn(), 200).gateway_id_enabled).toBe(true);
  await settings({ payments_enabled: false });
  expect(expectStatus(await signIn(), 200).gateway_id_enabled).toBe(false);
  const booked = await book(customer, 7, '13:00');
  const pay = () =>
    platform.request('POST', '/customer/payments/process-appointment', {
      token: customer.token,
      body: { appointment_id: booked.id, payment_method: 'QRIS' },
    });
  expect(expectStatus(await pay(), 400).detail).toMatch(/gateway is not configured/i);

  // A package: bought online is refused; bought to pay at the visit, the salon's payment link is refused too.
  const pkg = await waitFor(async () => {
    const created = await platform.request('POST', '/packages', {
      token: owner(),
      body: {
        name: 'Offline bundle',
        package_items: [{ service_id: salon.serviceId, quantity: 2 }],
        package_price: '180000',
      },
    });
    return created.status === 201 && (created.body as { id: string });
  }, WAIT);
  const purchase = (payment_method: string) =>
    platform.request('POST', '/customer/packages/purchase', {
      token: customer.token,
      body: { package_id: pkg.id, outlet_id: salon.business.outletId, payment_method },
    });
  expect(expectStatus(await purchase('gateway_digital'), 400).detail).toMatch(/gateway is not configured/i);
  const onVisit = expectStatus(await purchase('pay_on_visit'), 201).customer_package.id as string;
  const link = () =>
    platform.request('POST', `/customer-packages/${onVisit}/create-payment-link`, {
      token: owner(),
      body: {},
    });
  expect(expectStatus(await link(), 400).detail).toMatch(/gateway is not configured/i);

  await settings({ payments_enabled: true });
  expectStatus(await pay(), 200);
  expect((await link()).status).toBeLessThan(300);
});

/** A booked appointment's payment started on the provider: its invoice as the provider's callbacks name it. */
async function startedPayment(customer: Customer, day: number, time: string) {
  const booked = await book(customer, day, time);
  expectStatus(
    await platform.request('POST', '/customer/payments/process-appointment', {
      token: customer.token,
      body: { appointment_id: booked.id, payment_method: 'QRIS' },
    }),
    200,
  );
  const [invoice] = await platform.query<{ id: string; gateway_invoice_id: string; amount: string }>(
    'commerce',
    'SELECT id, gateway_invoice_id, amount::text AS amount FROM commerce.invoices WHERE appointment_id = $1',
    [booked.id],
  );
  return { appointmentId: booked.id as string, invoice: invoice! };
}

/** The provider's callback for the invoice, as its retries would send it (through the gateway). */
const providerCallback = (
  invoice: { id: string; gateway_invoice_id: string; amount: string },
  status: string,
) =>
  platform.request('POST', `/webhooks/gateway-invoice/tenant/${salon.business.tenantId}`, {
    headers: { 'x-callback-token': platform.callbackToken },
    body: {
      id: invoice.gateway_invoice_id,
      external_id: invoice.id,
      status,
      amount: Number(invoice.amount),
      ...(status === 'PAID' ? { paid_amount: Number(invoice.amount), payment_method: 'QRIS' } : {}),
      paid_at: new Date().toISOString(),
      currency: 'IDR',
    },
  });

it('the same PAID callback 50 times at once, then an EXPIRED one late: one payment, one credit, confirmed once', async () => {
  const customer = salon.customers[3]!;
  const { appointmentId, invoice } = await startedPayment(customer, 8, '14:00');
  const answers = await Promise.all(Array.from({ length: 50 }, () => providerCallback(invoice, 'PAID')));
  expect(answers.every((answer) => answer.status === 200)).toBe(true);
  await waitFor(async () => {
    const appointment = await platform.request('GET', `/appointments/${appointmentId}`, {
      token: customer.token,
    });
    return appointment.body.status === 'confirmed';
  }, WAIT);
  // The provider's late EXPIRED for the paid invoice changes nothing.
  expect((await providerCallback(invoice, 'EXPIRED')).status).toBe(200);
  await waitFor(async () => {
    const [row] = await platform.query<{ outcome: string | null }>(
      'commerce',
      `SELECT outcome FROM commerce.gateway_callbacks WHERE gateway_invoice_id = $1 AND status = 'EXPIRED'`,
      [invoice.gateway_invoice_id],
    );
    return row?.outcome === 'ignored';
  }, WAIT);
  expect(await paymentOf(customer, appointmentId)).toMatchObject({
    status: 'COMPLETED',
    refunded_amount: null,
  });
  expect(await ledgerOf(appointmentId)).toEqual([
    { entry_type: 'credit', base_amount: '100000.00', platform_fee: '8000.00', net_amount: '92000.00' },
  ]);
  // One payment event and one confirmation went out, however many callbacks came.
  const ofThis = (list: { data: { appointment_id?: string | null } }[]) =>
    list.filter((event) => event.data.appointment_id === appointmentId).length;
  expect(ofThis(events.of('commerce.payment.completed.v1'))).toBe(1);
  expect(ofThis(events.of('scheduling.appointment.confirmed.v1'))).toBe(1);
  // Cancel it again, so the statement below sees this payment refunded too: back to the wallet, in full.
  expectStatus(
    await platform.request('PUT', `/appointments/${appointmentId}/cancel`, { token: customer.token }),
    200,
  );
  await refundOf(appointmentId);
});

it("states the salon's money from the ledger: what was paid, the fees, what refunds took back, what it is owed", async () => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const statement = expectStatus(
    await platform.request('GET', `/merchant/statement?from=${day(-1)}&to=${day(1)}`, { token: owner() }),
    200,
  );
  // Four paid appointments (base 100,000, fee 8,000 each), refunded in full, in part (20 % kept), in full, in full.
  expect(statement).toEqual({
    tenant_id: salon.business.tenantId,
    period: { from: day(-1), to: day(1) },
    currency: 'IDR',
    payments: { count: 4, gross: '400000.00', platform_fees: '32000.00' },
    refunds: { count: 4, amount: '380000.00', platform_fees: '30400.00' },
    deposits_kept: { count: 0, amount: '0.00' },
    owed_to_merchant: '18400.00',
  });
  // And everything adds up: the ledger check finds nothing of this salon's.
  const check = expectStatus(
    await platform.request('POST', '/internal/jobs/check-ledger', { internal: true }),
    200,
  );
  expect(
    check.discrepancies.filter((found: { tenant_id: string }) => found.tenant_id === salon.business.tenantId),
  ).toEqual([]);
  const asCustomer = await platform.request('GET', `/merchant/statement?from=${day(0)}&to=${day(0)}`, {
    token: salon.customers[0]!.token,
  });
  expect(asCustomer.status).toBe(403);
});
