import { waitFor } from '@salon/testing';
import {
  addStaff,
  expectStatus,
  registerBusiness,
  registerCustomer,
  type Business,
  type Customer,
} from '../src/journey-steps';
import { startPlatform, type Platform } from '../src/platform';
import { payInvoicePage } from '../src/sandbox-client';
import { UNLIMITED_RATES } from '../src/security-platform';

/**
 * Outlet time zones (issue 18 item 3), through the gateway on real PostgreSQL and RabbitMQ: an outlet's own
 * zone decides its working hours, grid and booking instants (Jakarta UTC+7 beside Jayapura UTC+9), and a
 * London salon's grid and bookings keep their local times across both daylight-saving changes of 2027.
 * "Today" in an outlet's zone needs a fixed clock, so it is shown in scheduling's outlet-time-zones API test.
 */
let platform: Platform;
const WAIT = { timeoutMs: 30_000, intervalMs: 100 };

beforeAll(async () => {
  platform = await startPlatform({ env: { gateway: UNLIMITED_RATES } });
}, 120_000);

afterAll(async () => {
  await platform?.stop();
}, 60_000);

/** A one-hour service and a staff member for it at `outletId`. */
async function serviceAndStaff(business: Business, outletId: string, handle: string) {
  const serviceId = expectStatus(
    await platform.request('POST', '/services', {
      token: business.token,
      body: {
        name: 'Cut and style',
        slug: `cut-and-style-${handle}`,
        category: 'hair_cut',
        duration_minutes: 60,
        pricing: { base_price: '150000', currency: 'IDR' },
      },
    }),
    201,
  ).id as string;
  return { serviceId, staffId: (await staffAt(business, outletId, handle, serviceId)).id };
}

const staffAt = (business: Business, outletId: string, handle: string, serviceId: string) =>
  addStaff(platform, business.token, {
    outlet_id: outletId,
    first_name: 'Dewi',
    last_name: handle,
    email: `dewi-${handle}@${business.slug}.example`,
    service_ids: [serviceId],
  });

/** Working hours 09:00–17:00 every day from `from` to `to` (local dates of the staff member's outlet). */
const addHours = async (business: Business, staffId: string, from: string, to: string) =>
  expectStatus(
    await platform.request('POST', '/availability', {
      token: business.token,
      body: {
        staff_id: staffId,
        date: from,
        start_time: '09:00',
        end_time: '17:00',
        availability_type: 'working_hours',
        recurrence_type: 'weekly',
        recurrence_days: [0, 1, 2, 3, 4, 5, 6],
        recurrence_end_date: to,
      },
    }),
    201,
  );

/** The staff grid's slot start times by date (one staff member, so each time once a day). */
async function gridTimes(
  business: Business,
  query: { outletId: string; serviceId: string; startDate: string; numDays: number },
): Promise<Record<string, string[]>> {
  const grid = expectStatus(
    await platform.request(
      'GET',
      `/availability/availability-grid?service_id=${query.serviceId}&outlet_id=${query.outletId}` +
        `&start_date=${query.startDate}&num_days=${query.numDays}&slot_interval_minutes=60`,
      { token: business.token },
    ),
    200,
  );
  return Object.fromEntries(
    Object.entries(grid.availability_grid as Record<string, { start_time: string }[]>).map(
      ([date, slots]) => [date, slots.map((slot) => slot.start_time)],
    ),
  );
}

/** A staff booking, retried while scheduling has not heard of the customer yet. */
const book = (
  business: Business,
  customer: Customer,
  at: { outletId: string; serviceId: string; staffId: string },
  date: string,
  time: string,
) =>
  waitFor(async () => {
    const answer = await platform.request('POST', '/staff/appointments', {
      token: business.token,
      body: {
        outlet_id: at.outletId,
        customer_id: customer.id,
        appointment_date: date,
        start_time: time,
        services: [{ service_id: at.serviceId, staff_id: at.staffId }],
      },
    });
    if (answer.status === 404 && answer.body.detail === 'Customer not found') return false;
    return expectStatus(answer, 201);
  }, WAIT);

/** What scheduling's outlet replica holds as the outlet's zone (no API shows the replica). */
const replicaZoneOf = async (outletId: string) =>
  (
    await platform.query<{ timezone: string }>(
      'scheduling',
      'SELECT timezone FROM scheduling.outlets WHERE outlet_id = $1',
      [outletId],
    )
  )[0]?.timezone;

const HOURS = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'];

it('a Jakarta tenant: its Jakarta and Jayapura outlets open at 09:00 local and book 10:00 local at their own instants', async () => {
  const business = await registerBusiness(platform, 'Nusantara');
  expect(business.timezone).toBe('Asia/Jakarta');
  // Two outlets need PRO: the upgrade invoice is paid on the provider sandbox's page.
  // Billing opens the subscription from identity's registered event: on a busy machine it may not be there yet.
  const upgrade = await waitFor(async () => {
    const attempt = await platform.request('POST', '/subscriptions/upgrade', {
      token: business.token,
      body: { target_plan: 'pro' },
    });
    return attempt.status !== 404 && expectStatus(attempt, 200);
  }, WAIT);
  await payInvoicePage(upgrade.invoice.gateway_payment_url ?? upgrade.invoice.gateway_invoice_url);
  const jakartaOutlet = expectStatus(
    await platform.request('GET', '/outlets', { token: business.token }),
    200,
  ).items[0];
  expect(jakartaOutlet.timezone).toBe('Asia/Jakarta');
  const jayapuraOutletId = await waitFor(async () => {
    const created = await platform.request('POST', '/outlets', {
      token: business.token,
      body: { name: 'Jayapura', address: 'Jl. Ahmad Yani 1', timezone: 'Asia/Jayapura' },
    });
    return created.status === 201 && (created.body.id as string);
  }, WAIT);

  const jakarta = {
    outletId: jakartaOutlet.id as string,
    ...(await serviceAndStaff(business, jakartaOutlet.id, 'jkt')),
  };
  const jayapura = {
    outletId: jayapuraOutletId,
    serviceId: jakarta.serviceId,
    staffId: (await staffAt(business, jayapuraOutletId, 'djj', jakarta.serviceId)).id,
  };
  const day = '2027-01-11';
  await addHours(business, jakarta.staffId, day, day);
  await addHours(business, jayapura.staffId, day, day);

  for (const outlet of [jakarta, jayapura]) {
    const times = await gridTimes(business, { ...outlet, startDate: day, numDays: 1 });
    expect(times).toEqual({ [day]: HOURS });
  }

  const customer = await registerCustomer(platform, business, 'rina@nusantara.example', 'Rina');
  const atJakarta = await book(business, customer, jakarta, day, '10:00');
  const atJayapura = await book(business, customer, jayapura, day, '10:00');
  expect(atJakarta).toMatchObject({
    appointment_date: day,
    start_time: '10:00:00',
    end_time: '11:00:00',
    starts_at: '2027-01-11T03:00:00.000Z',
    ends_at: '2027-01-11T04:00:00.000Z',
  });
  expect(atJayapura).toMatchObject({
    appointment_date: day,
    start_time: '10:00:00',
    end_time: '11:00:00',
    starts_at: '2027-01-11T01:00:00.000Z',
    ends_at: '2027-01-11T02:00:00.000Z',
  });
}, 180_000);

it('a London tenant: the same local slots on each side of both 2027 changes, bookings one hour apart in UTC', async () => {
  const business = await registerBusiness(platform, 'Mayfair', '+6281234567891');
  const outletId = expectStatus(await platform.request('GET', '/outlets', { token: business.token }), 200)
    .items[0].id as string;
  expectStatus(
    await platform.request('PUT', `/tenants/${business.tenantId}`, {
      token: business.token,
      body: { settings: { timezone: 'Europe/London', booking_advance_days: 365 } },
    }),
    200,
  );
  // The registration gave the first outlet the tenant's zone of then (Jakarta); an outlet keeps its own.
  expectStatus(
    await platform.request('PUT', `/outlets/${outletId}`, {
      token: business.token,
      body: { timezone: 'Europe/London' },
    }),
    200,
  );
  const salon = { outletId, ...(await serviceAndStaff(business, outletId, 'ldn')) };
  await waitFor(async () => (await replicaZoneOf(outletId)) === 'Europe/London', WAIT);
  const customer = await registerCustomer(platform, business, 'olivia@mayfair.example', 'Olivia');

  // 28 March 2027: clocks go forward at 01:00 UTC; 31 October 2027: back at 01:00 UTC.
  const changes = [
    { days: ['2027-03-27', '2027-03-28', '2027-03-29'], nineAt: ['09:00', '08:00', '08:00'] },
    { days: ['2027-10-30', '2027-10-31', '2027-11-01'], nineAt: ['08:00', '09:00', '09:00'] },
  ];
  for (const { days, nineAt } of changes) {
    await addHours(business, salon.staffId, days[0] as string, days[2] as string);
    const times = await gridTimes(business, { ...salon, startDate: days[0] as string, numDays: 3 });
    expect(times).toEqual(Object.fromEntries(days.map((date) => [date, HOURS])));

    for (const [index, date] of days.entries()) {
      const booked = await book(business, customer, salon, date, '09:00');
      expect(booked).toMatchObject({
        appointment_date: date,
        start_time: '09:00:00',
        starts_at: `${date}T${nineAt[index]}:00.000Z`,
      });
    }
    // The booked 09:00 is taken each day, and no other slot appeared or went.
    const after = expectStatus(
      await platform.request(
        'GET',
        `/availability/availability-grid?service_id=${salon.serviceId}&outlet_id=${outletId}` +
          `&start_date=${days[0]}&num_days=3&slot_interval_minutes=60`,
        { token: business.token },
      ),
      200,
    );
    for (const date of days) {
      const slots = after.availability_grid[date] as { start_time: string; is_available: boolean }[];
      expect(slots.map((slot) => [slot.start_time, slot.is_available])).toEqual(
        HOURS.map((time) => [time, time !== '09:00']),
      );
    }
  }
}, 180_000);
