import { sql } from 'drizzle-orm';
import { selectRows } from '@salon/service-kit';
import { startTestService, type TestService } from '@salon/testing';
import { schedulingService } from '../src/definition';
import { addCustomer, bookableSetup, bookingBody } from './helpers';
import { bookAsStaff } from './schedule-helpers';

const CONFLICT = 'Time slot conflicts with existing appointments or capacity limit reached';

/** Counts only: no timing assertions (two shared cores). */
describe('no double booking under concurrency', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(schedulingService);
  });
  afterAll(() => service.stop());

  const statuses = (responses: { status: number }[]) =>
    responses.reduce<Record<number, number>>(
      (counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
      {},
    );

  it('50 simultaneous bookings of one single-booking slot: exactly 1 created, 49 conflicts', async () => {
    const setup = await bookableSetup(service);
    const customers = await Promise.all(
      Array.from({ length: 50 }, () => addCustomer(service, setup.tenantId)),
    );
    const responses = await Promise.all(
      customers.map((customerId) =>
        service.request('POST', '/appointments', {
          token: setup.customerToken(customerId),
          body: bookingBody({ ...setup, customerId }, '10:00'),
        }),
      ),
    );
    expect(statuses(responses)).toEqual({ 201: 1, 409: 49 });
    expect(responses.filter((r) => r.status === 409).every((r) => r.body.detail === CONFLICT)).toBe(true);
    const [row] = await selectRows<{ count: number }>(
      service.running.context.db.orm,
      sql`SELECT count(*)::int AS count FROM scheduling.appointments WHERE tenant_id = ${setup.tenantId}`,
    );
    expect(row?.count).toBe(1);
  });

  it('50 simultaneous bookings of a parallel slot with max 5: exactly 5 created', async () => {
    const setup = await bookableSetup(service, {
      serviceOverrides: { allow_parallel_bookings: true, max_parallel_bookings: 5 },
    });
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => bookAsStaff(service, setup, '10:00')),
    );
    expect(statuses(responses)).toEqual({ 201: 5, 409: 45 });
  });

  it('50 simultaneous reschedules into one free slot: exactly 1 moves', async () => {
    const setup = await bookableSetup(service, { serviceOverrides: { duration_minutes: 5 } });
    const at = (minutes: number) =>
      `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    const ids: string[] = [];
    for (let i = 0; i < 50; i += 1) {
      const booked = await service.request('POST', '/staff/appointments', {
        token: setup.admin,
        body: bookingBody(setup, at(9 * 60 + 5 * i)),
      });
      expect(booked.status).toBe(201);
      ids.push(booked.body.id);
    }
    const responses = await Promise.all(
      ids.map((id) =>
        service.request('PUT', `/appointments/${id}/reschedule`, {
          token: setup.admin,
          body: { new_date: setup.date, new_start_time: '16:00' },
        }),
      ),
    );
    expect(statuses(responses)).toEqual({ 200: 1, 409: 49 });
    const [row] = await selectRows<{ count: number }>(
      service.running.context.db.orm,
      sql`SELECT count(*)::int AS count FROM scheduling.appointments
          WHERE tenant_id = ${setup.tenantId} AND start_time = '16:00'`,
    );
    expect(row?.count).toBe(1);
  });

  it('keeps an exclusion constraint as the backstop for single-booking overlaps written past the lock', async () => {
    const setup = await bookableSetup(service);
    const booked = await bookAsStaff(service, setup);
    expect(booked.status).toBe(201);
    const copy = sql`INSERT INTO scheduling.appointments (id, tenant_id, outlet_id, appointment_date, start_time, end_time,
        timezone, starts_at, ends_at, status, total_price, currency, booked_by)
      SELECT ${'f'.repeat(24)}, tenant_id, outlet_id, appointment_date, start_time, end_time, timezone, starts_at,
        ends_at, status, total_price, currency, booked_by FROM scheduling.appointments WHERE id = ${booked.body.id}`;
    const overlap = sql`INSERT INTO scheduling.appointment_services
      SELECT ${'f'.repeat(24)}, position, tenant_id, service_id, service_name, staff_id, staff_name, start_time, end_time,
        duration_minutes, price, currency, price_source, parallel, max_parallel, occupancy, active
      FROM scheduling.appointment_services WHERE appointment_id = ${booked.body.id}`;
    await expect(
      service.running.context.db.withTx(async (tx) => {
        await tx.execute(copy);
        await tx.execute(overlap);
      }),
    ).rejects.toMatchObject({ cause: { code: '23P01' } });
  });
});
