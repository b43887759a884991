import { newId } from '@salon/service-kit';
import { TEST_INTERNAL_TOKEN, startTestService, type TestService } from '@salon/testing';
import { schedulingService } from '../src/definition';
import {
  addCustomer,
  addOutlet,
  addService,
  addWorkingHours,
  createdStaff,
  newTenant,
  onPlan,
  setOutletTimeZone,
  setTenant,
} from './helpers';

/**
 * Outlet time zones (issue 18 item 3): an outlet's own zone decides its local times and its "today"; a change
 * of zone leaves booked appointments where they are. The tenant is in Jakarta (UTC+7), the outlet in Jayapura
 * (UTC+9). "Today" is observed at a fixed instant: only Date is faked, timers and I/O run as usual.
 */
describe('outlet time zones', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(schedulingService);
  });
  afterAll(() => service.stop());
  afterEach(() => jest.useRealTimers());

  /** A Jakarta tenant with a Jayapura outlet, a staff member working 09:00–17:00 on `dates`, and a customer. */
  async function jayapuraOutlet(dates: string[]) {
    const tenant = newTenant(service);
    await setTenant(service, tenant.tenantId, { timezone: 'Asia/Jakarta' });
    await onPlan(service, tenant.tenantId, 'ENTERPRISE');
    const outletId = await addOutlet(service, tenant.tenantId);
    await setOutletTimeZone(service, tenant.tenantId, outletId, 'Asia/Jayapura');
    const catalogService = await addService(service, tenant.tenantId);
    const member = await createdStaff(service, tenant.admin, outletId);
    for (const date of dates) await addWorkingHours(service, tenant.admin, member.id, date);
    const customerId = await addCustomer(service, tenant.tenantId);
    const book = (date: string, start: string) =>
      service.request('POST', '/staff/appointments', {
        token: tenant.admin,
        body: {
          outlet_id: outletId,
          customer_id: customerId,
          appointment_date: date,
          start_time: start,
          services: [{ service_id: catalogService.service_id, staff_id: member.id }],
        },
      });
    return { ...tenant, outletId, staffId: member.id as string, customerId, book };
  }

  /** Freezes Date at `iso`; a token signed now is valid then. */
  function freezeDateAt(iso: string) {
    jest.useFakeTimers({
      now: new Date(iso),
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
  }

  it('counts "today" in the outlet’s zone: workload, the week’s availability and the deletion check', async () => {
    const outlet = await jayapuraOutlet(['2027-01-11', '2027-01-17']);
    const booked = await outlet.book('2027-01-11', '10:00');
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({ start_time: '10:00:00', starts_at: '2027-01-11T01:00:00.000Z' });

    // 15:30Z: 22:30 on the 10th in Jakarta, 00:30 on the 11th in Jayapura.
    freezeDateAt('2027-01-10T15:30:00.000Z');
    const admin = service.signer.signStaffAccess({
      sub: newId(),
      role: 'TENANT_ADMIN',
      tenant_id: outlet.tenantId,
      outlet_ids: [],
    });
    const detail = await service.request('GET', `/staff/${outlet.staffId}?include_workload=true`, {
      token: admin,
    });
    expect(detail.body.workload).toMatchObject({ today_appointments: 1, is_available_today: true });
    const list = await service.request('GET', '/staff?include_availability=true', { token: admin });
    // The 11th to the 17th in Jayapura (Jakarta's week would end on the 16th).
    expect(list.body.items[0].availability.map((entry: { date: string }) => entry.date)).toEqual([
      '2027-01-11',
      '2027-01-17',
    ]);

    // 15:30Z on the 11th: the 12th in Jayapura, so the appointment of the 11th no longer blocks a deletion.
    freezeDateAt('2027-01-11T15:30:00.000Z');
    const check = await service.request(
      'GET',
      `/internal/tenants/${outlet.tenantId}/customers/${outlet.customerId}/deletion-check`,
      { headers: { 'x-internal-token': TEST_INTERNAL_TOKEN } },
    );
    expect(check.body).toEqual({ blocked: false, reason: null });
  });

  it('keeps booked appointments when the outlet’s zone changes; later bookings and moves take the new zone', async () => {
    const outlet = await jayapuraOutlet(['2027-02-01']);
    /** The appointment as its events carry it (the only view that shows its time zone). */
    const snapshot = async (id: string) =>
      (
        await service.request('GET', `/internal/tenants/${outlet.tenantId}/appointments/${id}`, {
          headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
        })
      ).body;
    const booked = await outlet.book('2027-02-01', '10:00');
    expect(booked.body).toMatchObject({ start_time: '10:00:00', starts_at: '2027-02-01T01:00:00.000Z' });

    await setOutletTimeZone(service, outlet.tenantId, outlet.outletId, 'Asia/Jakarta');
    expect(await snapshot(booked.body.id)).toMatchObject({
      start_time: '10:00:00',
      timezone: 'Asia/Jayapura',
      starts_at: '2027-02-01T01:00:00.000Z',
    });

    const later = await outlet.book('2027-02-01', '14:00');
    expect(later.body).toMatchObject({ start_time: '14:00:00', starts_at: '2027-02-01T07:00:00.000Z' });
    expect(await snapshot(later.body.id)).toMatchObject({ timezone: 'Asia/Jakarta' });
    const moved = await service.request('PUT', `/appointments/${booked.body.id}/reschedule`, {
      token: outlet.admin,
      body: { new_date: '2027-02-01', new_start_time: '11:00' },
    });
    expect(moved.body).toMatchObject({ start_time: '11:00:00', starts_at: '2027-02-01T04:00:00.000Z' });
    expect(await snapshot(booked.body.id)).toMatchObject({ timezone: 'Asia/Jakarta' });
  });
});
