import { sql } from 'drizzle-orm';
import { startTestService, type TestService } from '@salon/testing';
import { schedulingService } from '../src/definition';
import { bookableSetup, bookingBody, futureDate, setTenant } from './helpers';

/**
 * The tenant's cancellation policy: a customer cancels or reschedules only until `cancellation_hours` before
 * the start (409 naming the deadline); staff at any time; the appointment records who did it and when.
 */
describe('the cancellation policy', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(schedulingService);
  });
  afterAll(() => service.stop());

  /** A customer's booking whose start is `minutes` away from now (moved there: no API moves the clock). */
  async function bookedStartingIn(minutes: number, cancellationHours = 24) {
    const setup = await bookableSetup(service, { date: futureDate(3) });
    await setTenant(service, setup.tenantId, { cancellation_hours: cancellationHours });
    const customer = setup.customerToken(setup.customerId);
    const booked = await service.request('POST', '/appointments', {
      token: customer,
      body: bookingBody(setup),
    });
    expect(booked.status).toBe(201);
    await service.running.context.db.orm.execute(
      sql`UPDATE scheduling.appointments SET starts_at = now() + make_interval(mins => ${minutes})
          WHERE id = ${booked.body.id}`,
    );
    return { setup, customer, id: booked.body.id as string };
  }

  it('refuses a customer cancelling a minute inside the deadline, with the deadline named', async () => {
    const { customer, id } = await bookedStartingIn(24 * 60 - 1);
    const refused = await service.request('PUT', `/appointments/${id}/cancel`, { token: customer });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(
      /can no longer be cancelled online: the deadline was \d{4}-\d\d-\d\dT/,
    );
    expect(refused.body.detail).toContain('24 hours before the start');
    const unchanged = await service.request('GET', `/appointments/${id}`, { token: customer });
    expect(unchanged.body.status).toBe('pending');
  });

  it('lets a customer cancel a minute outside the deadline, and records that the customer did', async () => {
    const { setup, customer, id } = await bookedStartingIn(24 * 60 + 1);
    const cancelled = await service.request('PUT', `/appointments/${id}/cancel`, { token: customer });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      status: 'cancelled',
      cancelled_by: { type: 'customer', id: setup.customerId },
    });
  });

  it('lets staff cancel inside the deadline, and records which staff user', async () => {
    const { setup, id } = await bookedStartingIn(30);
    const cancelled = await service.request('PUT', `/appointments/${id}/cancel`, { token: setup.admin });
    expect(cancelled.status).toBe(200);
    const read = await service.request('GET', `/appointments/${id}`, { token: setup.admin });
    expect(read.body).toMatchObject({
      status: 'cancelled',
      cancelled_at: expect.any(String),
      cancelled_by: { type: 'staff', id: expect.stringMatching(/^[0-9a-f]{24}$/) },
    });
  });

  it('applies the same deadline to a customer rescheduling; staff move it and are recorded', async () => {
    const { setup, customer, id } = await bookedStartingIn(60, 2);
    const move = { new_date: setup.date, new_start_time: '13:00' };
    const refused = await service.request('PUT', `/appointments/${id}/reschedule`, {
      token: customer,
      body: move,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('can no longer be rescheduled online');
    expect(refused.body.detail).toContain('2 hours before the start');

    const moved = await service.request('PUT', `/appointments/${id}/reschedule`, {
      token: setup.admin,
      body: move,
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      start_time: '13:00:00',
      rescheduled_at: expect.any(String),
      rescheduled_by: { type: 'staff', id: expect.stringMatching(/^[0-9a-f]{24}$/) },
    });
  });

  it('with cancellation_hours 0 a customer may cancel until the start', async () => {
    const { customer, id } = await bookedStartingIn(2, 0);
    const cancelled = await service.request('PUT', `/appointments/${id}/cancel`, { token: customer });
    expect(cancelled.status).toBe(200);
  });
});
