import type { AppointmentSnapshot } from '@salon/contracts';
import { newId } from '@salon/service-kit';
import { startTestService, waitFor, type TestService } from '@salon/testing';
import { createBillingService } from '../src/definition';
import { addServices, publish, registered, testClock } from './helpers';

describe('GET /subscriptions/usage: counters fed by events', () => {
  const clock = testClock('2026-03-11T00:00:00.000Z');
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService(createBillingService({ clock }));
  });
  afterAll(() => service.stop());

  const usage = async (token: string) => {
    const response = await service.request('GET', '/subscriptions/usage', { token });
    expect(response.status).toBe(200);
    return response.body;
  };
  const servicesUsed = async (token: string, count: number) =>
    waitFor(async () => {
      const body = await usage(token);
      return body.usage.services.current === count && body;
    });

  it('answers the statuses at 80 %, 90 %, 100 % and above, with warnings and the recommendation', async () => {
    const tenant = await registered(service);
    const ids = await addServices(service, tenant.tenantId, 8);
    const at80 = await servicesUsed(tenant.admin, 8);
    expect(at80).toEqual({
      subscription_id: tenant.subscriptionId,
      plan: 'free',
      billing_period: { start: '2026-03-01T00:00:00.000Z', end: '2026-04-01T00:00:00.000Z' },
      usage: {
        outlets: { current: 0, limit: 1, percentage: 0, status: 'within_limit' },
        staff: { current: 0, limit: 5, percentage: 0, status: 'within_limit' },
        appointments_this_month: { current: 0, limit: 100, percentage: 0, status: 'within_limit' },
        services: { current: 8, limit: 10, percentage: 80, status: 'within_limit' },
      },
      warnings: [],
      upgrade_recommended: false,
    });

    await addServices(service, tenant.tenantId, 1);
    const at90 = await servicesUsed(tenant.admin, 9);
    expect(at90.usage.services).toEqual({
      current: 9,
      limit: 10,
      percentage: 90,
      status: 'approaching_limit',
    });
    expect(at90.warnings).toEqual(['Approaching limit: 9/10 services (90%)']);
    expect(at90.upgrade_recommended).toBe(true);

    await addServices(service, tenant.tenantId, 1);
    expect((await servicesUsed(tenant.admin, 10)).usage.services.status).toBe('at_limit');

    // Above the limit (e.g. after a downgrade): exceeded.
    await addServices(service, tenant.tenantId, 1);
    const over = await servicesUsed(tenant.admin, 11);
    expect(over.usage.services).toEqual({ current: 11, limit: 10, percentage: 110, status: 'exceeded' });
    expect(over.warnings).toEqual(['Limit exceeded: 11/10 services (110%)']);

    // Archiving frees one; a stale upserted event (older version) does not bring it back.
    await publish(
      service,
      'catalog.service.archived.v1',
      { service_id: ids[0]!, tenant_id: tenant.tenantId, archived_at: clock.now().toISOString(), version: 2 },
      tenant.tenantId,
    );
    expect((await servicesUsed(tenant.admin, 10)).usage.services.status).toBe('at_limit');
  });

  it('counts active outlets, staff not terminated and this month’s appointments', async () => {
    const tenant = await registered(service);
    const outlet = (outletId: string, isActive: boolean, version: number) =>
      publish(
        service,
        'identity.outlet.upserted.v1',
        {
          outlet_id: outletId,
          tenant_id: tenant.tenantId,
          name: 'Main',
          slug: `main-${version}`,
          address: null,
          phone: null,
          timezone: 'Asia/Jakarta',
          business_hours: {},
          is_active: isActive,
          updated_at: clock.now().toISOString(),
          version,
        },
        tenant.tenantId,
      );
    const first = newId();
    await outlet(first, true, 1);
    await outlet(newId(), false, 1);

    const staffId = newId();
    const staff = (id: string, status: 'active' | 'terminated', version: number) =>
      publish(
        service,
        'scheduling.staff.upserted.v1',
        {
          staff_id: id,
          tenant_id: tenant.tenantId,
          outlet_id: first,
          user_id: null,
          first_name: 'Ana',
          last_name: 'B',
          display_name: 'Ana',
          email: 'ana@example.com',
          phone: null,
          position: 'stylist',
          is_bookable: true,
          accepts_online_booking: true,
          service_ids: [],
          status,
          updated_at: clock.now().toISOString(),
          version,
        },
        tenant.tenantId,
      );
    await staff(staffId, 'active', 1);
    await staff(newId(), 'active', 1);
    const gone = newId();
    await staff(gone, 'active', 1);
    await publish(
      service,
      'scheduling.staff.terminated.v1',
      {
        staff_id: gone,
        tenant_id: tenant.tenantId,
        outlet_id: first,
        terminated_at: clock.now().toISOString(),
        version: 2,
      },
      tenant.tenantId,
    );

    const appointment = (
      date: string,
      status: AppointmentSnapshot['status'],
      createdAt: string,
    ): AppointmentSnapshot => ({
      appointment_id: newId(),
      tenant_id: tenant.tenantId,
      outlet_id: first,
      customer_id: null,
      customer_name: null,
      customer_email: null,
      customer_phone: null,
      status,
      appointment_date: date,
      start_time: '10:00:00',
      end_time: '10:30:00',
      timezone: 'Asia/Jakarta',
      starts_at: `${date}T03:00:00.000Z`,
      ends_at: `${date}T03:30:00.000Z`,
      services: [],
      total_price: '100000.00',
      currency: 'IDR',
      booked_by: 'staff',
      created_at: createdAt,
      updated_at: clock.now().toISOString(),
      version: 1,
    });
    // Booked in March in Jakarta (UTC+7) counts, whatever its date, unless cancelled; booked in February not.
    for (const [date, status, createdAt] of [
      ['2026-03-12', 'confirmed', '2026-03-10T09:00:00.000Z'],
      ['2026-04-01', 'pending', '2026-02-28T17:30:00.000Z'], // 1 March 00:30 in Jakarta
      ['2026-03-15', 'cancelled', '2026-03-02T09:00:00.000Z'],
      ['2026-03-02', 'completed', '2026-02-28T16:30:00.000Z'], // 28 February 23:30 in Jakarta
    ] as const) {
      await publish(
        service,
        'scheduling.appointment.created.v1',
        appointment(date, status, createdAt),
        tenant.tenantId,
      );
    }

    const body = await waitFor(async () => {
      const current = await service.request('GET', '/subscriptions/current', { token: tenant.admin });
      const { outlets, staff: staffCount, appointments_this_month } = current.body.usage;
      return outlets === 1 && staffCount === 2 && appointments_this_month === 2 && current.body;
    });
    expect(body.usage).toEqual({ outlets: 1, staff: 2, appointments_this_month: 2 });
    const report = await usage(tenant.admin);
    expect(report.usage.outlets).toEqual({ current: 1, limit: 1, percentage: 100, status: 'at_limit' });
    expect(report.usage.staff).toEqual({ current: 2, limit: 5, percentage: 40, status: 'within_limit' });
    expect(report.warnings).toEqual(['Limit reached: 1/1 outlets']);
  });
});
