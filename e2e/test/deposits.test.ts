import { waitFor } from '@salon/testing';
import { customerBooks, setUpBookableBusiness, type BookableBusiness } from '../src/faults-business';
import { expectStatus, localDate, type Customer } from '../src/journey-steps';
import { startPlatform, type Platform } from '../src/platform';
import { UNLIMITED_RATES } from '../src/security-platform';

/**
 * Deposits (issue 22 item 1) through the gateway, every service in its own process on real PostgreSQL and
 * RabbitMQ and the provider sandbox: a service that asks a deposit makes its bookings owe one, and paying such a
 * booking online takes the deposit (with the platform fee), not the whole price; the payment confirms it.
 */
let platform: Platform;
let salon: BookableBusiness;

const WAIT = { timeoutMs: 30_000, intervalMs: 100 };

beforeAll(async () => {
  platform = await startPlatform({ env: { gateway: UNLIMITED_RATES } });
  salon = await setUpBookableBusiness(platform, 'Deposits');
}, 180_000);

afterAll(async () => {
  await platform?.stop();
}, 60_000);

const owner = () => salon.business.token;

/** Sets the service's deposit and waits until scheduling's and commerce's copies hold it. */
async function requireDeposit(deposit: Record<string, unknown> | null): Promise<void> {
  const changed = expectStatus(
    await platform.request('PUT', `/services/${salon.serviceId}`, {
      token: owner(),
      body: { pricing: { deposit } },
    }),
    200,
  );
  expect(changed.pricing.deposit).toEqual(deposit);
  const depositIn = async (name: 'scheduling' | 'commerce', table: string) =>
    (
      await platform.query<{ deposit: unknown }>(
        name,
        `SELECT pricing->'deposit' AS deposit FROM ${table} WHERE service_id = $1`,
        [salon.serviceId],
      )
    )[0]?.deposit ?? null;
  await waitFor(
    async () =>
      JSON.stringify(await depositIn('scheduling', 'scheduling.services')) === JSON.stringify(deposit) &&
      JSON.stringify(await depositIn('commerce', 'commerce.services')) === JSON.stringify(deposit),
    WAIT,
  );
}

const book = (customer: Customer, day: number, time: string) =>
  customerBooks(platform, salon, customer, day, time);

const appointmentOf = async (id: string) =>
  expectStatus(await platform.request('GET', `/appointments/${id}`, { token: owner() }), 200);

it('refuses a malformed deposit with a 4xx in the error shape', async () => {
  for (const deposit of [
    { type: 'percentage', value: 150 },
    { type: 'percentage', value: 0 },
    { type: 'fixed', value: '-5' },
    { type: 'weekly', value: 10 },
  ]) {
    const answer = await platform.request('PUT', `/services/${salon.serviceId}`, {
      token: owner(),
      body: { pricing: { deposit } },
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toHaveProperty('detail');
  }
});

it('a booking of a service with a deposit owes it, and paying online takes the deposit and confirms it', async () => {
  await requireDeposit({ type: 'percentage', value: 25 });
  const customer = salon.customers[0]!;
  const before = Date.now();
  const booked = await book(customer, 4, '10:00');
  expect(booked).toMatchObject({ status: 'pending', total_price: '100000.00', deposit_amount: '25000.00' });
  // The default hold: 30 minutes after booking.
  const due = Date.parse(booked.deposit_due_at);
  expect(due).toBeGreaterThanOrEqual(before + 30 * 60_000 - 1000);
  expect(due).toBeLessThanOrEqual(Date.now() + 30 * 60_000 + 1000);

  const payment = expectStatus(
    await platform.request('POST', '/customer/payments/process-appointment', {
      token: customer.token,
      body: { appointment_id: booked.id, payment_method: 'QRIS' },
    }),
    200,
  );
  // 25,000 plus the FREE plan's 8 % platform fee.
  expect(payment.amount).toBe('27000.00');
  await platform.sandbox.payInvoice(payment.payment_url);
  await waitFor(async () => (await appointmentOf(booked.id)).status === 'confirmed', WAIT);

  // A fixed deposit above the price is capped at the price.
  await requireDeposit({ type: 'fixed', value: '250000.00' });
  const capped = await book(salon.customers[1]!, 4, '11:00');
  expect(capped.deposit_amount).toBe('100000.00');

  // Without a deposit a booking owes none and is paid in full.
  await requireDeposit(null);
  const plain = await book(salon.customers[2]!, 4, '12:00');
  expect(plain).toMatchObject({ deposit_amount: '0.00', deposit_due_at: null });
});

describe('the deposit held, kept and counted', () => {
  /** The tenant's hold: one minute, so the release comes by the delay ladder within the test. */
  beforeAll(async () => {
    expectStatus(
      await platform.request('PUT', `/tenants/${salon.business.tenantId}`, {
        token: owner(),
        body: { settings: { deposit_hold_minutes: 1 } },
      }),
      200,
    );
    await requireDeposit({ type: 'fixed', value: '20000.00' });
    // Scheduling's copy of the tenant holds the new hold before anything is booked.
    await waitFor(
      async () =>
        (
          await platform.query<{ deposit_hold_minutes: number | null }>(
            'scheduling',
            'SELECT deposit_hold_minutes FROM scheduling.tenants WHERE tenant_id = $1',
            [salon.business.tenantId],
          )
        )[0]?.deposit_hold_minutes === 1,
      WAIT,
    );
  }, 60_000);

  const setStatus = async (id: string, status: string) =>
    expectStatus(
      await platform.request('PUT', `/appointments/${id}/status`, { token: owner(), body: { status } }),
      200,
    );

  /** Pays the booking's deposit (20,000 plus the FREE plan's 8 %) and waits until it is confirmed. */
  async function payDeposit(customer: Customer, id: string) {
    const payment = expectStatus(
      await platform.request('POST', '/customer/payments/process-appointment', {
        token: customer.token,
        body: { appointment_id: id, payment_method: 'QRIS' },
      }),
      200,
    );
    expect(payment.amount).toBe('21600.00');
    await platform.sandbox.payInvoice(payment.payment_url);
    await waitFor(async () => (await appointmentOf(id)).status === 'confirmed', WAIT);
    return payment;
  }

  const ledgerOf = (appointmentId: string) =>
    platform.query<{ entry_type: string; base_amount: string }>(
      'commerce',
      `SELECT l.entry_type, l.base_amount::text AS base_amount FROM commerce.merchant_ledger l
       JOIN commerce.invoices i ON i.id = l.invoice_id
       WHERE i.appointment_id = $1 ORDER BY l.created_at, l.entry_type`,
      [appointmentId],
    );

  it('releases a booking left unpaid on time (deposit_unpaid), and the slot books again', async () => {
    const customer = salon.customers[0]!;
    const booked = await book(customer, 5, '10:00');
    expect(booked).toMatchObject({ status: 'pending', deposit_amount: '20000.00' });
    const due = Date.parse(booked.deposit_due_at);
    expect(due - Date.parse(booked.created_at)).toBeGreaterThanOrEqual(60_000 - 1000);
    expect(due - Date.parse(booked.created_at)).toBeLessThanOrEqual(60_000 + 1000);

    // While held, the slot is taken.
    const taken = await platform.request('POST', '/appointments', {
      token: salon.customers[1]!.token,
      body: {
        outlet_id: salon.business.outletId,
        appointment_date: localDate(salon.business.timezone, 5),
        start_time: '10:00',
        services: [{ service_id: salon.serviceId, staff_id: salon.business.staffId }],
      },
    });
    expect(taken.status).toBe(409);

    const released = await waitFor(
      async () => {
        const current = await appointmentOf(booked.id);
        return current.status === 'cancelled' ? current : undefined;
      },
      { timeoutMs: 150_000, intervalMs: 1000 },
    );
    // Released by the task at deposit_due_at, not before.
    expect(Date.parse(released.cancelled_at)).toBeGreaterThanOrEqual(due);
    expect(released.cancelled_by).toBeNull();
    const [row] = await platform.query<{ cancellation_reason: string }>(
      'scheduling',
      'SELECT cancellation_reason FROM scheduling.appointments WHERE id = $1',
      [booked.id],
    );
    expect(row?.cancellation_reason).toBe('deposit_unpaid');
    // The customer is told (in the business's language, Indonesian by default), once.
    const told = await waitFor(async () => {
      const mails = (await platform.sandbox.messages('email', customer.email)).filter((mail) =>
        /pemesanan Anda dilepas|your booking was released/.test(mail.subject),
      );
      return mails.length > 0 && mails;
    }, WAIT);
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toMatch(/20[.,]000/);

    // The slot is free: another customer books the same time.
    const again = await book(salon.customers[1]!, 5, '10:00');
    expect(again.status).toBe('pending');
  }, 180_000);

  it('a paid deposit is kept as the fee when the customer does not show: a ledger entry', async () => {
    const customer = salon.customers[2]!;
    const booked = await book(customer, 5, '13:00');
    await payDeposit(customer, booked.id);
    await setStatus(booked.id, 'no_show');
    await waitFor(async () => (await ledgerOf(booked.id)).length === 2, WAIT);
    expect(await ledgerOf(booked.id)).toEqual([
      { entry_type: 'credit', base_amount: '20000.00' },
      { entry_type: 'deposit_kept', base_amount: '20000.00' },
    ]);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const statement = expectStatus(
      await platform.request('GET', `/merchant/statement?from=${day(-1)}&to=${day(1)}`, { token: owner() }),
      200,
    );
    expect(statement.deposits_kept).toEqual({ count: 1, amount: '20000.00' });
    // Kept, not refunded.
    const [payment] = await platform.query<{ status: string }>(
      'commerce',
      `SELECT status FROM commerce.payments WHERE appointment_id = $1`,
      [booked.id],
    );
    expect(payment?.status).toBe('COMPLETED');
  });

  it('a paid deposit counts towards the price on completion: the balance is the price less the deposit', async () => {
    const customer = salon.customers[3]!;
    const booked = await book(customer, 5, '15:00');
    await payDeposit(customer, booked.id);
    await setStatus(booked.id, 'completed');
    await waitFor(
      async () =>
        (
          await platform.query<{ status: string }>(
            'commerce',
            'SELECT status FROM commerce.appointments WHERE appointment_id = $1',
            [booked.id],
          )
        )[0]?.status === 'completed',
      WAIT,
    );
    const balance = expectStatus(
      await platform.request('POST', '/customer/payments/process-appointment', {
        token: customer.token,
        body: { appointment_id: booked.id, payment_method: 'QRIS' },
      }),
      200,
    );
    // 100,000 − 20,000 = 80,000, plus the FREE plan's 8 %.
    expect(balance.amount).toBe('86400.00');
    await platform.sandbox.payInvoice(balance.payment_url);
    await waitFor(async () => (await ledgerOf(booked.id)).length === 2, WAIT);
    expect((await ledgerOf(booked.id)).map((entry) => entry.base_amount)).toEqual(['20000.00', '80000.00']);
    // Paid in all: nothing more is due.
    const more = await platform.request('POST', '/customer/payments/process-appointment', {
      token: customer.token,
      body: { appointment_id: booked.id, payment_method: 'QRIS' },
    });
    expect(more.status).toBe(409);
  });
});
