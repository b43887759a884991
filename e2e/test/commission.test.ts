import { waitFor } from '@salon/testing';
import { setUpBookableBusiness, type BookableBusiness } from '../src/faults-business';
import { addDailyHours, addStaff, expectStatus, localDate, type Customer } from '../src/journey-steps';
import { startPlatform, type Platform } from '../src/platform';
import { UNLIMITED_RATES } from '../src/security-platform';

/**
 * Staff commission (issue 22 item 3) through the gateway, every service in its own process on real PostgreSQL and
 * RabbitMQ: a staff member's rule (10 %, a service at 12.5 %, 2.5 % of package sales) earns on completed
 * appointments (per service line, at the booked price) and on the package it sold; a partial refund takes back
 * its share; an appointment outside the period does not count; the report adds up to the cent; a STAFF member
 * reads only its own report.
 */
let platform: Platform;
let salon: BookableBusiness;
const WAIT = { timeoutMs: 30_000, intervalMs: 100 };

beforeAll(async () => {
  platform = await startPlatform({ env: { gateway: UNLIMITED_RATES } });
  salon = await setUpBookableBusiness(platform, 'Komisi');
}, 180_000);

afterAll(async () => {
  await platform?.stop();
}, 60_000);

const owner = () => salon.business.token;

it('earns on completed appointments and a package sale, takes back a refund, reports per period to the cent', async () => {
  const { business } = salon;
  const colourId = expectStatus(
    await platform.request('POST', '/services', {
      token: owner(),
      body: {
        name: 'Colour',
        slug: 'colour',
        category: 'hair_color',
        duration_minutes: 60,
        pricing: { base_price: '99999', currency: 'IDR' },
      },
    }),
    201,
  ).id as string;
  const rudi = await addStaff(platform, owner(), {
    outlet_id: business.outletId,
    first_name: 'Rudi',
    last_name: 'Hartono',
    email: 'rudi@komisi.example',
    service_ids: [salon.serviceId, colourId],
  });
  await addDailyHours(platform, owner(), { id: rudi.id, timezone: business.timezone }, 10);

  // Rudi signs in as a STAFF user linked to his staff member.
  expectStatus(
    await platform.request('POST', '/users', {
      token: owner(),
      body: {
        email: 'rudi.user@komisi.example',
        password: 'Secret123',
        first_name: 'Rudi',
        last_name: 'Hartono',
        role: 'STAFF',
        outlet_ids: [business.outletId],
        staff_id: rudi.id,
      },
    }),
    201,
  );
  const rudiToken = expectStatus(
    await platform.request('POST', '/auth/login', {
      body: { email: 'rudi.user@komisi.example', password: 'Secret123' },
    }),
    200,
  ).access_token as string;

  // The rule (retried until commerce has heard of the new staff member).
  const rule = {
    service_percent: '10',
    package_percent: '2.5',
    service_overrides: [{ service_id: colourId, percent: '12.5' }],
  };
  const set = await waitFor(async () => {
    const answer = await platform.request('PUT', `/staff/${rudi.id}/commission`, {
      token: owner(),
      body: rule,
    });
    return answer.status === 200 && answer.body;
  }, WAIT);
  expect(set).toMatchObject({ service_percent: '10.00', package_percent: '2.50' });
  const refused = await platform.request('PUT', `/staff/${rudi.id}/commission`, {
    token: rudiToken,
    body: { service_percent: '90', package_percent: '90' },
  });
  expect(refused.status).toBe(403);
  expect(typeof refused.body.detail).toBe('string');
  const invalid = await platform.request('PUT', `/staff/${rudi.id}/commission`, {
    token: owner(),
    body: { service_percent: '-1', package_percent: '5' },
  });
  expect(invalid.status).toBe(422);
  expect(invalid.body.detail[0].loc).toEqual(['body', 'service_percent']);

  const customer: Customer = salon.customers[0]!;
  const book = async (day: number, time: string, serviceIds: string[]) =>
    expectStatus(
      await platform.request('POST', '/appointments', {
        token: customer.token,
        body: {
          outlet_id: business.outletId,
          appointment_date: localDate(business.timezone, day),
          start_time: time,
          services: serviceIds.map((service_id) => ({ service_id, staff_id: rudi.id })),
        },
      }),
      201,
    ).id as string;
  const setStatus = (id: string, status: string) =>
    platform.request('PUT', `/appointments/${id}/status`, { token: owner(), body: { status } });
  const complete = async (id: string) => {
    expectStatus(await setStatus(id, 'confirmed'), 200);
    expectStatus(await setStatus(id, 'completed'), 200);
  };

  // Both services in one visit: 10 % of 100,000 and the override's 12.5 % of 99,999.
  const twoLines = await book(3, '10:00', [salon.serviceId, colourId]);
  await complete(twoLines);
  // Paid online (100,000 plus the FREE plan's 8 % fee), completed, then half refunded.
  const paidVisit = await book(3, '14:00', [salon.serviceId]);
  const payment = expectStatus(
    await platform.request('POST', '/customer/payments/process-appointment', {
      token: customer.token,
      body: { appointment_id: paidVisit, payment_method: 'QRIS' },
    }),
    200,
  );
  expect(payment.amount).toBe('108000.00');
  await platform.sandbox.payInvoice(payment.payment_url);
  await waitFor(
    async () =>
      (await platform.request('GET', `/appointments/${paidVisit}`, { token: owner() })).body.status ===
      'confirmed',
    WAIT,
  );
  expectStatus(await setStatus(paidVisit, 'completed'), 200);
  // Outside the period (two days after it ends).
  const later = await book(5, '10:00', [salon.serviceId]);
  await complete(later);
  // A package Rudi sells, paid on the spot: 2.5 % of 500,000.
  const pkg = expectStatus(
    await platform.request('POST', '/packages', {
      token: owner(),
      body: {
        name: 'Six blow dries',
        package_items: [{ service_id: salon.serviceId, quantity: 6 }],
        package_price: '500000',
        validity_days: 90,
      },
    }),
    201,
  );
  await waitFor(async () => {
    const sold = await platform.request('POST', '/staff/customer-packages', {
      token: rudiToken,
      body: {
        customer_id: customer.id,
        package_id: pkg.id,
        outlet_id: business.outletId,
        payment_method: 'manual_onspot',
        amount_paid: '500000',
      },
    });
    return sold.status === 201;
  }, WAIT);

  const from = localDate(business.timezone, 0);
  const to = localDate(business.timezone, 3);
  const report = (token: string, staffId = rudi.id) =>
    platform.request('GET', `/staff/${staffId}/commission/report?from=${from}&to=${to}`, { token });
  // The completions reach commerce by events: wait for the three service lines and the sale.
  await waitFor(
    async () =>
      (await report(owner())).body.lines?.filter((l: { kind: string }) => l.kind === 'earned').length === 4,
    WAIT,
  );

  const refund = expectStatus(
    await platform.request('POST', `/payments/${payment.payment_id}/refund`, {
      token: owner(),
      body: { amount: '54000', reason: 'Colour not as agreed' },
    }),
    200,
  );
  expect(refund).toEqual({
    payment_id: payment.payment_id,
    status: 'REFUNDED',
    refunded_amount: '54000.00',
    fee_kept: '54000.00',
    currency: 'IDR',
  });

  const answer = expectStatus(await report(owner()), 200);
  expect(answer).toMatchObject({
    staff_id: rudi.id,
    period: { from, to },
    timezone: business.timezone,
    currency: 'IDR',
    totals: { appointments: '32499.88', package_sales: '12500.00', reversals: '-5000.00', total: '39999.88' },
  });
  const summary = answer.lines.map((line: Record<string, string>) => [
    line.source_type,
    line.kind,
    line.base_amount,
    line.rate,
    line.amount,
  ]);
  expect(summary).toEqual(
    expect.arrayContaining([
      ['appointment', 'earned', '100000.00', '10.00', '10000.00'],
      ['appointment', 'earned', '99999.00', '12.50', '12499.88'],
      ['appointment', 'earned', '100000.00', '10.00', '10000.00'],
      ['package_sale', 'earned', '500000.00', '2.50', '12500.00'],
      ['appointment', 'reversed', '100000.00', '10.00', '-5000.00'],
    ]),
  );
  expect(summary).toHaveLength(5);
  expect(answer.lines.some((line: { source_id: string }) => line.source_id === later)).toBe(false);

  // The later visit is in its own period.
  const day5 = localDate(business.timezone, 5);
  const onDay5 = async () =>
    expectStatus(
      await platform.request('GET', `/staff/${rudi.id}/commission/report?from=${day5}&to=${day5}`, {
        token: owner(),
      }),
      200,
    ).totals.total as string;
  await waitFor(async () => (await onDay5()) === '10000.00', WAIT).catch(() => undefined);
  expect(await onDay5()).toBe('10000.00');

  // Rudi reads his own report, and no one else's.
  expect(expectStatus(await report(rudiToken), 200).totals).toEqual(answer.totals);
  const other = await report(rudiToken, business.staffId);
  expect(other.status).toBe(403);
  expect(typeof other.body.detail).toBe('string');
  expect((await report(customer.token)).status).toBe(403);
  const bad = await platform.request('GET', `/staff/${rudi.id}/commission/report?from=${to}&to=${from}`, {
    token: owner(),
  });
  expect(bad.status).toBe(422);
});
