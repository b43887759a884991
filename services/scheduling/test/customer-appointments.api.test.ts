import { newEvent } from '@salon/messaging';
import { newId } from '@salon/service-kit';
import { TEST_INTERNAL_TOKEN, startTestService, waitFor, type TestService } from '@salon/testing';
import { customerDeletionCheckPath, customerDeletionCheckResponse } from '@salon/contracts';
import { schedulingService } from '../src/definition';
import { addWorkingHours, bookableSetup, bookingBody, futureDate } from './helpers';
import { bookAsStaff } from './schedule-helpers';

describe("a customer's appointments", () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(schedulingService);
  });
  afterAll(() => service.stop());

  it('lists with statistics and pagination as the second document shows', async () => {
    const setup = await bookableSetup(service);
    const book = (start: string) =>
      service.request('POST', '/staff/appointments', {
        token: setup.admin,
        body: { ...bookingBody(setup, start), notes: 'first visit' },
      });
    const a = await book('09:00');
    const b = await book('11:00');
    const c = await book('13:00');
    await service.request('PUT', `/appointments/${b.body.id}/cancel`, { token: setup.admin });
    await service.request('PUT', `/appointments/${c.body.id}/status`, {
      token: setup.admin,
      body: { status: 'confirmed' },
    });
    await service.request('PUT', `/appointments/${c.body.id}/status`, {
      token: setup.admin,
      body: { status: 'no_show' },
    });
    const response = await service.request('GET', `/customers/${setup.customerId}/appointments?size=2`, {
      token: setup.staff('STAFF'),
    });
    expect(response.status).toBe(200);
    expect(response.body.statistics).toEqual({
      total_appointments: 3,
      completed: 0,
      cancelled: 1,
      no_show: 1,
      upcoming: 1,
    });
    expect(response.body.pagination).toEqual({ total: 3, page: 1, size: 2, pages: 2 });
    expect(response.body.appointments[0]).toEqual({
      id: c.body.id,
      tenant_id: setup.tenantId,
      outlet_id: setup.outletId,
      customer_id: setup.customerId,
      staff_id: setup.staffId,
      service_id: setup.service.service_id,
      appointment_date: setup.date,
      start_time: '13:00:00',
      end_time: '14:00:00',
      status: 'no_show',
      total_price: '150000.00',
      notes: 'first visit',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const pending = await service.request(
      'GET',
      `/customers/${setup.customerId}/appointments?status=pending&from_date=${setup.date}&to_date=${setup.date}`,
      {
        token: setup.admin,
      },
    );
    expect(pending.body.appointments.map((x: any) => x.id)).toEqual([a.body.id]);
    expect(
      (
        await service.request('GET', `/customers/${setup.customerId}/appointments?status=x`, {
          token: setup.admin,
        })
      ).status,
    ).toBe(422);
    const other = await bookableSetup(service);
    expect(
      (await service.request('GET', `/customers/${setup.customerId}/appointments`, { token: other.admin }))
        .status,
    ).toBe(403);
    expect(
      (await service.request('GET', `/customers/${newId()}/appointments`, { token: setup.admin })).status,
    ).toBe(404);
    expect(
      (
        await service.request('GET', `/customers/${setup.customerId}/appointments`, {
          token: setup.customerToken(setup.customerId),
        })
      ).status,
    ).toBe(403);
  });

  it("serves identity's account-deletion pre-check", async () => {
    const setup = await bookableSetup(service);
    const path = customerDeletionCheckPath(setup.tenantId, setup.customerId);
    const ask = (token = TEST_INTERNAL_TOKEN) =>
      service.request('GET', path, { headers: { 'x-internal-token': token } });
    expect(customerDeletionCheckResponse.parse((await ask()).body)).toEqual({ blocked: false, reason: null });
    const booked = await bookAsStaff(service, setup);
    const blocked = (await ask()).body;
    expect(blocked.blocked).toBe(true);
    expect(blocked.reason).toContain('1 upcoming appointment');
    await service.request('PUT', `/appointments/${booked.body.id}/cancel`, { token: setup.admin });
    expect((await ask()).body.blocked).toBe(false);
    expect((await ask('wrong-token-wrong-token')).status).toBe(404);
    expect((await service.request('GET', path)).status).toBe(404);
  });

  it('anonymises the appointments of a deleted customer', async () => {
    const setup = await bookableSetup(service);
    const day = futureDate(6);
    await addWorkingHours(service, setup.admin, setup.staffId, day);
    const booked = await service.request('POST', '/staff/appointments', {
      token: setup.admin,
      body: { ...bookingBody(setup), notes: 'allergic to latex' },
    });
    await service.request('PUT', `/appointments/${booked.body.id}/cancel`, { token: setup.admin });
    await service.testBus.bus.publish([
      newEvent(
        'identity.customer.deleted.v1',
        {
          customer_id: setup.customerId,
          tenant_id: setup.tenantId,
          reason: 'account_deletion',
          gdpr_deletion: true,
          deleted_at: new Date().toISOString(),
        },
        { producer: 'identity', tenantId: setup.tenantId },
      ),
    ]);
    const after = await waitFor(async () => {
      const response = await service.request('GET', `/appointments/${booked.body.id}`, {
        token: setup.admin,
      });
      return response.body.customer_id === null ? response.body : undefined;
    });
    expect(after).toMatchObject({ customer_id: null, customer_name: 'Deleted customer' });
    expect(after.notes).not.toContain('latex');
  });
});
