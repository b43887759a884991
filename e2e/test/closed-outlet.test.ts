import { waitFor } from '@salon/testing';
import { setUpBookableBusiness } from '../src/faults-business';
import { expectStatus, localDate, type Business, type Customer } from '../src/journey-steps';
import { startPlatform, type Platform } from '../src/platform';
import { UNLIMITED_RATES } from '../src/security-platform';

/**
 * Closed outlets take no bookings (issue 18 item 2), through the gateway on real PostgreSQL and RabbitMQ: once
 * the salon deactivates its outlet (PUT /outlets/{id} is_active false), the staff grid is empty, the public
 * grid, services and staff no longer know the outlet, the public business lists it no more, bookings and
 * reschedules into it are refused with a clear detail, and an appointment booked before can still be cancelled.
 */
let platform: Platform;
let business: Business;
let customer: Customer;
let serviceId: string;
const WAIT = { timeoutMs: 30_000, intervalMs: 100 };
const CLOSED = 'Outlet is closed and takes no bookings';

beforeAll(async () => {
  platform = await startPlatform({ env: { gateway: UNLIMITED_RATES } });
  const salon = await setUpBookableBusiness(platform, 'Closed');
  ({ business, serviceId } = salon);
  customer = salon.customers[0]!;
}, 180_000);

afterAll(async () => {
  await platform?.stop();
}, 60_000);

const day = () => localDate(business.timezone, 3);
const gridQuery = () =>
  `service_id=${serviceId}&outlet_id=${business.outletId}&start_date=${day()}&num_days=1`;
const staffGrid = () =>
  platform.request('GET', `/availability/availability-grid?${gridQuery()}`, { token: business.token });
const publicGrid = () =>
  platform.request('GET', `/public/tenants/${business.slug}/availability?${gridQuery()}`);
const publicServices = () =>
  platform.request('GET', `/public/tenants/${business.slug}/services?outlet_id=${business.outletId}`);
const publicStaff = () =>
  platform.request(
    'GET',
    `/public/tenants/${business.slug}/staff?outlet_id=${business.outletId}&service_id=${serviceId}`,
  );
const bookAsCustomer = (time: string) =>
  platform.request('POST', '/appointments', {
    token: customer.token,
    body: {
      outlet_id: business.outletId,
      appointment_date: day(),
      start_time: time,
      services: [{ service_id: serviceId, staff_id: business.staffId }],
    },
  });
const bookAsStaff = (time: string) =>
  platform.request('POST', '/staff/appointments', {
    token: business.token,
    body: {
      outlet_id: business.outletId,
      customer_id: customer.id,
      appointment_date: day(),
      start_time: time,
      services: [{ service_id: serviceId, staff_id: business.staffId }],
    },
  });
const reschedule = (token: string, id: string, time: string) =>
  platform.request('PUT', `/appointments/${id}/reschedule`, {
    token,
    body: { new_date: day(), new_start_time: time },
  });

it('an open outlet: slots on both grids and listed in the public reads', async () => {
  // Catalog and scheduling learn the outlet, service and staff from identity's and catalog's events.
  await waitFor(async () => (await publicServices()).body.total === 1, WAIT);
  await waitFor(async () => (await publicStaff()).body.items?.length === 1, WAIT);
  expect(expectStatus(await staffGrid(), 200).metadata.total_available_slots).toBeGreaterThan(0);
  const pub = expectStatus(await publicGrid(), 200);
  expect(pub.availability_grid[day()].some((slot: { is_available: boolean }) => slot.is_available)).toBe(
    true,
  );
  const business_ = expectStatus(await platform.request('GET', `/public/tenants/${business.slug}`), 200);
  expect(business_.outlets.map((outlet: { id: string }) => outlet.id)).toEqual([business.outletId]);
});

it('closed: empty grid, public reads omit it, bookings and reschedules refused, cancellation still works', async () => {
  const kept = expectStatus(await bookAsCustomer('10:00'), 201);
  const toMove = expectStatus(await bookAsStaff('12:00'), 201);

  const closed = expectStatus(
    await platform.request('PUT', `/outlets/${business.outletId}`, {
      token: business.token,
      body: { is_active: false },
    }),
    200,
  );
  expect(closed.is_active).toBe(false);

  // Scheduling learns the closure from identity.outlet.upserted: the staff grid shows the day with no slots.
  const grid = await waitFor(async () => {
    const answer = await staffGrid();
    return answer.status === 200 && answer.body.metadata.total_available_slots === 0 && answer.body;
  }, WAIT);
  expect(grid.availability_grid).toEqual({ [day()]: [] });

  // The public reads no longer know the outlet: its grid, services and staff are 404, the business omits it.
  expect(await publicGrid()).toMatchObject({ status: 404, body: { detail: 'Outlet not found' } });
  const services = await waitFor(async () => {
    const answer = await publicServices();
    return answer.status === 404 && answer;
  }, WAIT);
  expect(services.body).toEqual({ detail: 'Outlet not found' });
  expect(await publicStaff()).toMatchObject({ status: 404, body: { detail: 'Outlet not found' } });
  const publicBusiness = expectStatus(await platform.request('GET', `/public/tenants/${business.slug}`), 200);
  expect(publicBusiness.outlets).toEqual([]);
  expect(JSON.stringify(publicBusiness)).not.toContain(business.outletId);

  // Bookings and reschedules into the closed outlet are refused, for customers and staff alike.
  expect(await bookAsCustomer('14:00')).toMatchObject({ status: 409, body: { detail: CLOSED } });
  expect(await bookAsStaff('14:00')).toMatchObject({ status: 409, body: { detail: CLOSED } });
  expect(await reschedule(business.token, toMove.id, '15:00')).toMatchObject({
    status: 409,
    body: { detail: CLOSED },
  });
  expect(await reschedule(customer.token, toMove.id, '15:00')).toMatchObject({
    status: 409,
    body: { detail: CLOSED },
  });
  const unmoved = expectStatus(
    await platform.request('GET', `/appointments/${toMove.id}`, { token: business.token }),
    200,
  );
  expect(unmoved.start_time).toBe('12:00:00');

  // The appointments booked before the closure stay, and the customer can still cancel one.
  const cancelled = expectStatus(
    await platform.request('PUT', `/appointments/${kept.id}/cancel`, { token: customer.token }),
    200,
  );
  expect(cancelled).toMatchObject({ id: kept.id, status: 'cancelled' });
  expect(
    expectStatus(await platform.request('GET', `/appointments/${toMove.id}`, { token: customer.token }), 200)
      .status,
  ).not.toBe('cancelled');
});
