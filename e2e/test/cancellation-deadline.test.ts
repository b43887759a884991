import { waitFor } from '@salon/testing';
import { setUpBookableBusiness } from '../src/faults-business';
import { expectStatus, localDate, type Business, type Customer } from '../src/journey-steps';
import { startPlatform, type Platform } from '../src/platform';
import { UNLIMITED_RATES } from '../src/security-platform';

/**
 * The cancellation deadline (issue 18 item 4), through the gateway on real PostgreSQL and RabbitMQ: with the
 * tenant's `cancellation_hours` at 5, a customer is refused one minute inside the deadline (409 naming it), and
 * may cancel one minute outside it; the salon's staff may cancel inside it, and the appointment records who did.
 */
let platform: Platform;
let business: Business;
let customer: Customer;
let serviceId: string;
const WAIT = { timeoutMs: 30_000, intervalMs: 200 };
const HOURS = 5;

beforeAll(async () => {
  platform = await startPlatform({ env: { gateway: UNLIMITED_RATES } });
  const salon = await setUpBookableBusiness(platform, 'Deadline');
  ({ business, serviceId } = salon);
  customer = salon.customers[0]!;
  expectStatus(
    await platform.request('PUT', `/tenants/${business.tenantId}`, {
      token: business.token,
      body: { settings: { cancellation_hours: HOURS } },
    }),
    200,
  );
}, 180_000);

afterAll(async () => {
  await platform?.stop();
}, 60_000);

/**
 * The customer's own booking, three days ahead at `time`, then moved to start `minutes` from now. The move is
 * SQL because no API can place an appointment at now + N minutes: bookings take a local start time on the
 * staff member's working hours (09:00–17:00 here, so most of the day no minute near now + 5 hours is
 * bookable), at minute precision against a deadline measured to the millisecond, and the customer's booking
 * also needs the service's minimum notice. The policy reads only the start instant (`starts_at`), which is
 * moved with its end so that the duration stays; the local date and time columns are left as booked.
 */
async function bookedStartingIn(minutes: number, time: string): Promise<string> {
  const booked = expectStatus(
    await platform.request('POST', '/appointments', {
      token: customer.token,
      body: {
        outlet_id: business.outletId,
        appointment_date: localDate(business.timezone, 3),
        start_time: time,
        services: [{ service_id: serviceId, staff_id: business.staffId }],
      },
    }),
    201,
  );
  await platform.query(
    'scheduling',
    `UPDATE scheduling.appointments
        SET starts_at = now() + make_interval(mins => $2),
            ends_at = now() + make_interval(mins => $2) + (ends_at - starts_at)
      WHERE id = $1`,
    [booked.id, minutes],
  );
  return booked.id;
}

const cancel = (token: string, id: string) =>
  platform.request('PUT', `/appointments/${id}/cancel`, { token });

it('refuses a customer one minute inside the deadline, naming it; rescheduling too', async () => {
  const id = await bookedStartingIn(HOURS * 60 - 1, '10:00');
  // Scheduling learns the tenant's cancellation_hours from identity's event: until then the default applies.
  const refused = await waitFor(async () => {
    const answer = await cancel(customer.token, id);
    if (answer.status !== 409) throw new Error(`Expected 409, got ${JSON.stringify(answer)}`);
    return (answer.body.detail as string).includes(`${HOURS} hours before the start`) && answer;
  }, WAIT);
  expect(refused.body.detail).toMatch(
    /^This appointment can no longer be cancelled online: the deadline was \d{4}-\d\d-\d\dT[\d:.]+Z /,
  );
  const moved = await platform.request('PUT', `/appointments/${id}/reschedule`, {
    token: customer.token,
    body: { new_date: localDate(business.timezone, 4), new_start_time: '10:00' },
  });
  expect(moved.status).toBe(409);
  expect(moved.body.detail).toContain('can no longer be rescheduled online');
  expect(moved.body.detail).toContain(`${HOURS} hours before the start`);
  const unchanged = expectStatus(
    await platform.request('GET', `/appointments/${id}`, { token: customer.token }),
    200,
  );
  expect(unchanged.status).toBe('pending');
  expect(unchanged.cancelled_by ?? null).toBeNull();
});

it('lets a customer cancel one minute outside the deadline, and records that the customer did', async () => {
  const id = await bookedStartingIn(HOURS * 60 + 1, '12:00');
  const cancelled = expectStatus(await cancel(customer.token, id), 200);
  expect(cancelled).toMatchObject({
    id,
    status: 'cancelled',
    cancelled_by: { type: 'customer', id: customer.id },
  });
});

it('lets staff cancel one minute inside the deadline, and records which staff user', async () => {
  const id = await bookedStartingIn(HOURS * 60 - 1, '14:00');
  expect((await cancel(customer.token, id)).status).toBe(409);
  expectStatus(await cancel(business.token, id), 200);
  const read = expectStatus(
    await platform.request('GET', `/appointments/${id}`, { token: business.token }),
    200,
  );
  expect(read).toMatchObject({
    status: 'cancelled',
    cancelled_at: expect.any(String),
    cancelled_by: { type: 'staff', id: expect.stringMatching(/^[0-9a-f]{24}$/) },
  });
});
