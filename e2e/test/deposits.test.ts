import { waitFor } from '@salon/testing';
import { setUpBookableBusiness, type BookableBusiness } from '../src/faults-business';
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

async function book(customer: Customer, day: number, time: string) {
  return expectStatus(
    await platform.request('POST', '/appointments', {
      token: customer.token,
      body: {
        outlet_id: salon.business.outletId,
        appointment_date: localDate(salon.business.timezone, day),
        start_time: time,
        services: [{ service_id: salon.serviceId, staff_id: salon.business.staffId }],
      },
    }),
    201,
  );
}

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
