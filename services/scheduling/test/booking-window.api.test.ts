import { startTestService, type TestService } from '@salon/testing';
import { schedulingService } from '../src/definition';
import { addDays } from '../src/domain/time-rules';
import { addWorkingHours, bookableSetup, bookingBody, createdStaff, futureDate, setTenant } from './helpers';

/**
 * Issue 18 item 4, the tightest limit wins: the tenant's `booking_advance_days`, the service's
 * `max_advance_booking_days` and the staff member's `max_advance_booking_days` all bound how far ahead a customer
 * may book, and the public grid offers exactly the days booking accepts; the service's `min_advance_booking_hours`
 * bounds the near end the same way. Staff booking for a customer are bound by none of them (never the past).
 */
describe('the booking window, the tightest limit winning', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(schedulingService);
  });
  afterAll(() => service.stop());

  type Setup = Awaited<ReturnType<typeof bookableSetup>>;

  /** The customer grid's available slots per date, for one staff member or all. */
  async function publicSlots(setup: Setup, startDate: string, numDays: number, staffId?: string) {
    const answer = await service.request(
      'GET',
      `/public/tenants/glow-${setup.tenantId}/availability?service_id=${setup.service.service_id}` +
        `&outlet_id=${setup.outletId}&start_date=${startDate}&num_days=${numDays}`,
    );
    expect(answer.status).toBe(200);
    const grid = answer.body.availability_grid as Record<
      string,
      { staff_id: string; is_available: boolean }[]
    >;
    return Object.fromEntries(
      Object.entries(grid).map(([date, slots]) => [
        date,
        slots.filter((slot) => slot.is_available && (!staffId || slot.staff_id === staffId)).length,
      ]),
    );
  }

  const bookAsCustomer = (setup: Setup, date: string, staffId = setup.staffId) =>
    service.request('POST', '/appointments', {
      token: setup.customerToken(setup.customerId),
      body: { ...bookingBody({ ...setup, staffId }, '10:00'), appointment_date: date },
    });
  const bookAsStaff = (setup: Setup, date: string, staffId = setup.staffId) =>
    service.request('POST', '/staff/appointments', {
      token: setup.admin,
      body: { ...bookingBody({ ...setup, staffId }, '10:00'), appointment_date: date },
    });

  /** A set-up tenant with the three limits, and working hours on the last bookable day and the day after. */
  async function withLimits(limits: { tenant: number; service: number; staff: number }) {
    const tightest = Math.min(limits.tenant, limits.service, limits.staff);
    const today = futureDate(0);
    const last = addDays(today, tightest);
    const setup = await bookableSetup(service, {
      date: last,
      serviceOverrides: { max_advance_booking_days: limits.service, min_advance_booking_hours: 0 },
    });
    await setTenant(service, setup.tenantId, { booking_advance_days: limits.tenant });
    const changed = await service.request('PUT', `/staff/${setup.staffId}`, {
      token: setup.admin,
      body: { max_advance_booking_days: limits.staff },
    });
    expect(changed.status).toBe(200);
    await addWorkingHours(service, setup.admin, setup.staffId, addDays(last, 1));
    return { setup, tightest, last, after: addDays(last, 1) };
  }

  it.each([
    { tenant: 4, service: 30, staff: 30 },
    { tenant: 30, service: 5, staff: 30 },
    { tenant: 30, service: 30, staff: 3 },
    { tenant: 9, service: 7, staff: 6 },
  ])(
    'tenant $tenant, service $service, staff $staff days: the grid and booking stop at the same day',
    async (limits) => {
      const { setup, tightest, last, after } = await withLimits(limits);

      // The customer grid offers the last day and nothing after it.
      const slots = await publicSlots(setup, last, 2);
      expect(slots[last]).toBeGreaterThan(0);
      expect(slots[after]).toBe(0);

      // Booking agrees: the day after is refused naming the tightest limit, the last day accepted.
      const refused = await bookAsCustomer(setup, after);
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toBe(`Appointments can be booked at most ${tightest} days in advance`);
      expect((await bookAsCustomer(setup, last)).status).toBe(201);

      // Staff are bound by none of them: their grid shows the day after, and they may book it.
      const staffGrid = await service.request(
        'GET',
        `/availability/availability-grid?service_id=${setup.service.service_id}&outlet_id=${setup.outletId}` +
          `&start_date=${after}&num_days=1`,
        { token: setup.admin },
      );
      expect(staffGrid.body.metadata.total_available_slots).toBeGreaterThan(0);
      expect((await bookAsStaff(setup, after)).status).toBe(201);
    },
  );

  it("each staff member's own limit: beside a colleague with a longer one, the grid and booking agree per person", async () => {
    const { setup, last, after } = await withLimits({ tenant: 30, service: 30, staff: 4 });
    const colleague = (await createdStaff(service, setup.admin, setup.outletId, {
      max_advance_booking_days: 20,
      skills: { service_ids: [setup.service.service_id] },
    })) as { id: string };
    await addWorkingHours(service, setup.admin, colleague.id, last);
    await addWorkingHours(service, setup.admin, colleague.id, after);

    const short = await publicSlots(setup, last, 2, setup.staffId);
    const long = await publicSlots(setup, last, 2, colleague.id);
    expect(short[last]).toBeGreaterThan(0);
    expect(short[after]).toBe(0);
    expect(long[last]).toBeGreaterThan(0);
    expect(long[after]).toBeGreaterThan(0);

    const refused = await bookAsCustomer(setup, after);
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('Appointments can be booked at most 4 days in advance');
    expect((await bookAsCustomer(setup, after, colleague.id)).status).toBe(201);
  });

  it("the service's minimum notice: the grid offers no slot booking would refuse", async () => {
    const today = futureDate(0);
    const setup = await bookableSetup(service, {
      date: addDays(today, 1),
      serviceOverrides: { min_advance_booking_hours: 72 },
    });
    await addWorkingHours(service, setup.admin, setup.staffId, addDays(today, 4));
    const slots = await publicSlots(setup, addDays(today, 1), 4);
    // Tomorrow is inside the 72 hours' notice whatever the time now, the day after three days outside it.
    expect(slots[addDays(today, 1)]).toBe(0);
    expect(slots[addDays(today, 4)]).toBeGreaterThan(0);
    const refused = await bookAsCustomer(setup, addDays(today, 1));
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('Appointments must be booked at least 72 hours in advance');
    expect((await bookAsCustomer(setup, addDays(today, 4))).status).toBe(201);
    expect((await bookAsStaff(setup, addDays(today, 1))).status).toBe(201);
  });
});
