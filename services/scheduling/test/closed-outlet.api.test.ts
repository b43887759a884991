import { handleInbox, startTestService, type TestService } from '@salon/testing';
import { schedulingService } from '../src/definition';
import { onIdentityOutletUpserted } from '../src/events/handlers/identity.outlet.upserted';
import { onIdentityTenantUpdated } from '../src/events/handlers/identity.tenant.updated';
import { bookableSetup, bookingBody, outletData, tenantData } from './helpers';
import { bookAsStaff } from './schedule-helpers';

const CLOSED = 'Outlet is closed and takes no bookings';

/* Issue 18 item 2: an inactive outlet, or one of a deactivated tenant, takes no bookings. */
describe('closed outlets', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(schedulingService);
  });
  afterAll(() => service.stop());

  type Setup = Awaited<ReturnType<typeof bookableSetup>>;

  /** identity.outlet.upserted.v1 for the set-up outlet at `version`, open or closed. */
  const switchOutlet = (setup: Setup, isActive: boolean, version: number) =>
    handleInbox(
      service,
      'identity.outlet.upserted.v1',
      onIdentityOutletUpserted,
      outletData(setup.tenantId, { outlet_id: setup.outletId, is_active: isActive, version }),
      { tenantId: setup.tenantId },
    );

  /** identity.tenant.updated.v1 with the tenant active or deactivated. */
  const switchTenant = (setup: Setup, isActive: boolean) =>
    handleInbox(
      service,
      'identity.tenant.updated.v1',
      onIdentityTenantUpdated,
      tenantData(setup.tenantId, {}, { is_active: isActive }),
      { tenantId: setup.tenantId },
    );

  const staffGrid = (setup: Setup) =>
    service.request(
      'GET',
      `/availability/availability-grid?service_id=${setup.service.service_id}&outlet_id=${setup.outletId}&start_date=${setup.date}&num_days=1&slot_interval_minutes=60`,
      { token: setup.admin },
    );
  const publicGrid = (setup: Setup) =>
    service.request(
      'GET',
      `/public/tenants/glow-${setup.tenantId}/availability?service_id=${setup.service.service_id}&outlet_id=${setup.outletId}&start_date=${setup.date}&num_days=1`,
    );
  const check = (setup: Setup) =>
    service.request(
      'GET',
      `/availability/check?staff_id=${setup.staffId}&date=${setup.date}&start_time=14:00&end_time=15:00&service_id=${setup.service.service_id}`,
      { token: setup.admin },
    );
  const bookAsCustomer = (setup: Setup, start: string) =>
    service.request('POST', '/appointments', {
      token: setup.customerToken(setup.customerId),
      body: bookingBody(setup, start),
    });
  const reschedule = (setup: Setup, id: string, start: string) =>
    service.request('PUT', `/appointments/${id}/reschedule`, {
      token: setup.admin,
      body: { new_date: setup.date, new_start_time: start },
    });

  /** Everything a closed outlet refuses, while its appointment booked before the closure can be cancelled. */
  async function expectClosed(setup: Setup, appointmentId: string, publicStatus: number) {
    const grid = await staffGrid(setup);
    expect(grid.status).toBe(200);
    expect(grid.body.availability_grid).toEqual({ [setup.date]: [] });
    expect(grid.body.metadata.total_available_slots).toBe(0);
    expect((await publicGrid(setup)).status).toBe(publicStatus);
    expect((await check(setup)).body).toMatchObject({
      available: false,
      reason: 'outlet_closed',
      message: CLOSED,
    });
    expect(await bookAsStaff(service, setup, '14:00')).toMatchObject({
      status: 409,
      body: { detail: CLOSED },
    });
    expect(await bookAsCustomer(setup, '14:00')).toMatchObject({ status: 409, body: { detail: CLOSED } });
    expect(await reschedule(setup, appointmentId, '15:00')).toMatchObject({
      status: 409,
      body: { detail: CLOSED },
    });
    const cancelled = await service.request('PUT', `/appointments/${appointmentId}/cancel`, {
      token: setup.customerToken(setup.customerId),
    });
    expect(cancelled).toMatchObject({ status: 200, body: { id: appointmentId, status: 'cancelled' } });
  }

  /** The outlet takes bookings: slots in both grids, a customer booking at 14:00 created. */
  async function expectOpen(setup: Setup) {
    const grid = await staffGrid(setup);
    expect(grid.body.metadata.total_available_slots).toBeGreaterThan(0);
    const pub = await publicGrid(setup);
    expect(pub.status).toBe(200);
    expect(pub.body.availability_grid[setup.date].length).toBeGreaterThan(0);
    expect((await check(setup)).body).toMatchObject({ available: true, reason: null });
    expect((await bookAsCustomer(setup, '14:00')).status).toBe(201);
  }

  it('an inactive outlet: no slots, bookings and reschedules refused, cancellation works; reopened, bookable', async () => {
    const setup = await bookableSetup(service);
    const booked = await bookAsStaff(service, setup, '10:00');
    expect(booked.status).toBe(201);
    await switchOutlet(setup, false, 2);
    // The public reads do not know a closed outlet.
    await expectClosed(setup, booked.body.id, 404);
    expect((await publicGrid(setup)).body.detail).toBe('Outlet not found');

    await switchOutlet(setup, true, 3);
    await expectOpen(setup);
  });

  it("a deactivated tenant's outlets, whichever of identity's events arrives first; reactivated, bookable", async () => {
    const setup = await bookableSetup(service);
    const booked = await bookAsStaff(service, setup, '10:00');
    expect(booked.status).toBe(201);
    // Identity deactivates the tenant and its outlets together; the tenant's event alone already closes them.
    await switchTenant(setup, false);
    await expectClosed(setup, booked.body.id, 404);
    await switchOutlet(setup, false, 2);
    expect((await staffGrid(setup)).body.availability_grid).toEqual({ [setup.date]: [] });
    expect(await bookAsStaff(service, setup, '16:00')).toMatchObject({
      status: 409,
      body: { detail: CLOSED },
    });

    await switchTenant(setup, true);
    await switchOutlet(setup, true, 3);
    await expectOpen(setup);
  });
});
