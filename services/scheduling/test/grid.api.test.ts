import fc from 'fast-check';
import { newId } from '@salon/service-kit';
import { startTestService, type TestService } from '@salon/testing';
import { schedulingService } from '../src/definition';
import { addDays } from '../src/domain/time-rules';
import { addService, addWorkingHours, bookableSetup, bookingBody, createdStaff } from './helpers';
import { addBreak, bookAsStaff } from './schedule-helpers';

describe('availability grid', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(schedulingService);
  });
  afterAll(() => service.stop());

  const grid = (
    setup: { admin: string; service: { service_id: string }; outletId: string },
    query: string,
    token = setup.admin,
  ) =>
    service.request(
      'GET',
      `/availability/availability-grid?service_id=${setup.service.service_id}&outlet_id=${setup.outletId}&${query}`,
      { token },
    );

  it('answers the spec shape with empty days and booked slots unavailable', async () => {
    const setup = await bookableSetup(service);
    await addBreak(service, setup, '12:00', '13:00');
    await bookAsStaff(service, setup, '10:00');
    const response = await grid(
      setup,
      `start_date=${addDays(setup.date, -1)}&num_days=3&slot_interval_minutes=60`,
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      start_date: addDays(setup.date, -1),
      end_date: addDays(setup.date, 1),
      num_days: 3,
      slot_interval_minutes: 60,
      metadata: {
        service_id: setup.service.service_id,
        service_name: 'Haircut',
        outlet_id: setup.outletId,
        outlet_name: 'Main',
        staff_id: null,
        total_available_slots: 6,
        service_duration_minutes: 60,
      },
    });
    const days = response.body.availability_grid;
    expect(days[addDays(setup.date, -1)]).toEqual([]);
    expect(days[addDays(setup.date, 1)]).toEqual([]);
    const slots = days[setup.date];
    expect(slots.map((s: any) => [s.start_time, s.is_available])).toEqual([
      ['09:00', true],
      ['10:00', false],
      ['11:00', true],
      ['12:00', false],
      ['13:00', true],
      ['14:00', true],
      ['15:00', true],
      ['16:00', true],
    ]);
    expect(slots[0]).toEqual({
      start_time: '09:00',
      end_time: '10:00',
      staff_id: setup.staffId,
      staff_name: expect.any(String),
      gender: null,
      is_available: true,
      allows_parallel_bookings: false,
      available_capacity: null,
      max_capacity: null,
    });
    const byEnd = await grid(setup, `start_date=${setup.date}&end_date=${addDays(setup.date, 1)}`);
    expect(byEnd.body.num_days).toBe(2);
  });

  it('shows parallel capacity, full slots with capacity 0', async () => {
    const setup = await bookableSetup(service, {
      serviceOverrides: { allow_parallel_bookings: true, max_parallel_bookings: 2, duration_minutes: 60 },
    });
    for (let i = 0; i < 2; i += 1) {
      await bookAsStaff(service, setup, '09:00');
    }
    await bookAsStaff(service, setup, '10:00');
    const slots = (await grid(setup, `start_date=${setup.date}&num_days=1&slot_interval_minutes=60`)).body
      .availability_grid[setup.date];
    expect(
      slots.slice(0, 3).map((s: any) => [s.start_time, s.is_available, s.available_capacity, s.max_capacity]),
    ).toEqual([
      ['09:00', false, 0, 2],
      ['10:00', true, 1, 2],
      ['11:00', true, 2, 2],
    ]);
    expect(slots[0].allows_parallel_bookings).toBe(true);
  });

  it('validates the query and the caller', async () => {
    const setup = await bookableSetup(service);
    expect((await grid(setup, `start_date=${setup.date}&num_days=91`)).status).toBe(422);
    expect((await grid(setup, `start_date=${setup.date}&num_days=0`)).status).toBe(422);
    expect((await grid(setup, `start_date=${setup.date}&end_date=${addDays(setup.date, -1)}`)).status).toBe(
      422,
    );
    expect((await grid(setup, 'start_date=2025-13-01')).status).toBe(422);
    expect((await grid(setup, `start_date=${setup.date}&slot_interval_minutes=7`)).status).toBe(422);
    const other = await bookableSetup(service);
    expect((await grid({ ...setup, service: other.service }, `start_date=${setup.date}`)).status).toBe(404);
    expect((await grid({ ...setup, outletId: other.outletId }, `start_date=${setup.date}`)).status).toBe(404);
    expect(
      (await grid(setup, `start_date=${setup.date}`, setup.staff('STAFF', { staffId: newId() }))).body
        .metadata.total_available_slots,
    ).toBe(0);
    expect(
      (
        await grid(
          setup,
          `start_date=${setup.date}&staff_id=${setup.staffId}`,
          setup.staff('STAFF', { staffId: newId() }),
        )
      ).status,
    ).toBe(403);
    expect(
      (await grid(setup, `start_date=${setup.date}`, setup.customerToken(setup.customerId))).status,
    ).toBe(403);
  });

  it('serves a public grid by tenant slug without staff personal data, honouring online booking', async () => {
    const setup = await bookableSetup(service);
    const shy = await createdStaff(service, setup.admin, setup.outletId, {
      accepts_online_booking: false,
      gender: 'female',
    });
    await addWorkingHours(service, setup.admin, shy.id, setup.date);
    const response = await service.request(
      'GET',
      `/public/tenants/glow-${setup.tenantId}/availability?service_id=${setup.service.service_id}&outlet_id=${setup.outletId}&start_date=${setup.date}&num_days=1`,
    );
    expect(response.status).toBe(200);
    const slots = response.body.availability_grid[setup.date];
    expect(slots.length).toBeGreaterThan(0);
    expect(slots.every((s: any) => s.staff_id === setup.staffId && !('gender' in s))).toBe(true);
    expect(
      (
        await service.request(
          'GET',
          `/public/tenants/nope/availability?service_id=${setup.service.service_id}&outlet_id=${setup.outletId}&start_date=${setup.date}`,
        )
      ).status,
    ).toBe(404);
    const archived = await addService(service, setup.tenantId, { status: 'archived', is_active: false });
    expect(
      (
        await service.request(
          'GET',
          `/public/tenants/glow-${setup.tenantId}/availability?service_id=${archived.service_id}&outlet_id=${setup.outletId}&start_date=${setup.date}`,
        )
      ).status,
    ).toBe(404);
  });

  it('agrees with booking: an available slot can be booked, an unavailable one is refused', async () => {
    const setup = await bookableSetup(service, {
      serviceOverrides: { duration_minutes: 30, preparation_minutes: 5, cleanup_minutes: 10 },
    });
    const parallel = await addService(service, setup.tenantId, {
      allow_parallel_bookings: true,
      max_parallel_bookings: 2,
      duration_minutes: 45,
    });
    await addBreak(service, setup, '12:00', '12:30');
    const services = [setup.service, parallel];
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 1 }),
        fc.integer({ min: 0, max: 40 }),
        async (which, pick) => {
          const chosen = services[which] as { service_id: string };
          const slots = (
            await grid(
              { ...setup, service: chosen },
              `start_date=${setup.date}&num_days=1&slot_interval_minutes=15`,
            )
          ).body.availability_grid[setup.date];
          const slot = slots[pick % slots.length];
          const response = await service.request('POST', '/staff/appointments', {
            token: setup.admin,
            body: {
              ...bookingBody(setup, slot.start_time),
              services: [{ service_id: chosen.service_id, staff_id: setup.staffId }],
            },
          });
          expect(response.status === 201).toBe(slot.is_available);
        },
      ),
      { numRuns: 40 },
    );
  });
});
