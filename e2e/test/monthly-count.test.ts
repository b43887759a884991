import { mapLimited, waitFor } from '@salon/testing';
import {
  addDailyHours,
  addStaff,
  expectStatus,
  localDate,
  registerBusiness,
  registerCustomer,
  type Business,
  type Customer,
} from '../src/journey-steps';
import { startPlatform, type Platform } from '../src/platform';
import { UNLIMITED_RATES } from '../src/security-platform';

/**
 * One monthly appointment count: scheduling's plan check (402 past FREE's 100) and billing's usage page
 * count the same appointments (created in the tenant's calendar month, in its time zone, cancelled ones
 * excluded), after bookings, cancellations and bookings made before the month began.
 */
let platform: Platform;
let business: Business;
let customer: Customer;
let serviceId: string;
const WAIT = { timeoutMs: 30_000, intervalMs: 100 };
const FREE_LIMIT = 100;

beforeAll(async () => {
  platform = await startPlatform({ env: { gateway: UNLIMITED_RATES } });
  business = await registerBusiness(platform, 'Monthly');
  const outlets = expectStatus(await platform.request('GET', '/outlets', { token: business.token }), 200);
  business.outletId = outlets.items[0].id;
  serviceId = expectStatus(
    await platform.request('POST', '/services', {
      token: business.token,
      body: {
        name: 'Blow dry',
        slug: 'blow-dry',
        category: 'hair_styling',
        duration_minutes: 30,
        pricing: { base_price: '50000', currency: 'IDR' },
      },
    }),
    201,
  ).id;
  const staff = await addStaff(platform, business.token, {
    outlet_id: business.outletId,
    first_name: 'Tari',
    last_name: 'Ayu',
    email: 'tari@monthly.example',
    service_ids: [serviceId],
  });
  business.staffId = staff.id;
  await addDailyHours(platform, business.token, { id: staff.id, timezone: business.timezone }, 12);
  customer = await registerCustomer(platform, business, 'regular@monthly.example', 'Wulan');
}, 180_000);

afterAll(async () => {
  await platform?.stop();
}, 60_000);

/** The n-th free half hour from the day after tomorrow, 09:00 to 17:00 (16 a day). */
const slot = (n: number) => ({
  date: localDate(business.timezone, 2 + Math.floor(n / 16)),
  time: `${String(9 + Math.floor((n % 16) / 2)).padStart(2, '0')}:${n % 2 === 0 ? '00' : '30'}`,
});

const book = (n: number) =>
  platform.request('POST', '/staff/appointments', {
    token: business.token,
    body: {
      outlet_id: business.outletId,
      customer_id: customer.id,
      appointment_date: slot(n).date,
      start_time: slot(n).time,
      services: [{ service_id: serviceId, staff_id: business.staffId }],
    },
  });

const usage = async () =>
  expectStatus(await platform.request('GET', '/subscriptions/usage', { token: business.token }), 200).usage
    .appointments_this_month;
const usageBecomes = (count: number) =>
  waitFor(async () => (await usage()).current === count, {
    ...WAIT,
    message: `usage never showed ${count} appointments this month`,
  });

it('counts what the 402 counts: booked this month in the tenant time zone, cancelled ones left out', async () => {
  const first = await mapLimited(
    Array.from({ length: 10 }, (_, n) => n),
    1,
    async (n) => expectStatus(await book(n), 201),
  );
  await usageBecomes(10);

  for (const appointment of first.slice(0, 2))
    expectStatus(
      await platform.request('PUT', `/appointments/${appointment.id}/cancel`, { token: business.token }),
      200,
    );
  await usageBecomes(8);

  // Three booked a minute before this month began in the tenant's time zone (no API moves the clock: both
  // services' copies of the creation time are moved).
  const earlier = first.slice(2, 5).map((appointment) => appointment.id as string);
  const lastMonth = `date_trunc('month', now() AT TIME ZONE $2) AT TIME ZONE $2 - interval '1 minute'`;
  await platform.query(
    'scheduling',
    `UPDATE scheduling.appointments SET created_at = ${lastMonth} WHERE id = ANY($1)`,
    [earlier, business.timezone],
  );
  await platform.query(
    'billing',
    `UPDATE billing.appointments SET created_at = ${lastMonth} WHERE appointment_id = ANY($1)`,
    [earlier, business.timezone],
  );
  await usageBecomes(5);

  // Two more moved to an instant between the tenant's month start and UTC's, where a UTC count would disagree:
  // normally 00:30 on the 1st in Jakarta (17:30 UTC on the last day of the month before), counted; in the first
  // seven hours of a Jakarta month, when UTC is still in the month before, 23:30 on the last day in Jakarta
  // instead (16:30 UTC, this month in UTC), not counted. Either way the tenant's calendar decides.
  expect(business.timezone).toBe('Asia/Jakarta');
  const localStart = `date_trunc('month', now() AT TIME ZONE $1) AT TIME ZONE $1`;
  const utcStart = `date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;
  const [between] = await platform.query<{ at: Date; counted: boolean }>(
    'scheduling',
    `SELECT CASE WHEN ${utcStart} > ${localStart} THEN ${localStart} + interval '30 minutes'
                 ELSE ${localStart} - interval '30 minutes' END AS at,
            ${utcStart} > ${localStart} AS counted`,
    [business.timezone],
  );
  if (!between) throw new Error('no month boundary instant');
  const straddling = first.slice(6, 8).map((appointment) => appointment.id as string);
  await platform.query(
    'scheduling',
    'UPDATE scheduling.appointments SET created_at = $2 WHERE id = ANY($1)',
    [straddling, between.at],
  );
  await platform.query(
    'billing',
    'UPDATE billing.appointments SET created_at = $2 WHERE appointment_id = ANY($1)',
    [straddling, between.at],
  );
  const counted = between.counted ? 5 : 3;
  if (!between.counted) await usageBecomes(counted);
  expect(await usage()).toMatchObject({ current: counted });

  // FREE allows 100: exactly the rest are taken (95 when the two count), the next is 402, and the usage page
  // says 100 of 100: the plan check counted the two straddling ones exactly as the usage page did.
  let taken = 0;
  let n = 10;
  for (;;) {
    const answer = await book(n);
    n += 1;
    if (answer.status === 402) {
      expect(answer.body.detail).toContain(`${FREE_LIMIT}/${FREE_LIMIT} appointments this month`);
      break;
    }
    expectStatus(answer, 201);
    taken += 1;
    if (taken > FREE_LIMIT) throw new Error('the monthly limit never refused a booking');
  }
  expect(taken).toBe(FREE_LIMIT - counted);
  await usageBecomes(FREE_LIMIT);
  expect(await usage()).toMatchObject({ current: FREE_LIMIT, limit: FREE_LIMIT });

  // A cancellation gives one back, in both.
  expectStatus(
    await platform.request('PUT', `/appointments/${first[5].id}/cancel`, { token: business.token }),
    200,
  );
  await usageBecomes(FREE_LIMIT - 1);
  expectStatus(await book(n), 201);
  await usageBecomes(FREE_LIMIT);
}, 180_000);
