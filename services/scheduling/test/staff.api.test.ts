import { captureEvents, startTestService, type TestService } from '@salon/testing';
import { newId } from '@salon/service-kit';
import { schedulingService } from '../src/definition';
import {
  addOutlet,
  addService,
  addWorkingHours,
  bookableSetup,
  createdStaff,
  futureDate,
  newTenant,
  onPlan,
  setTenant,
  staffBody,
} from './helpers';
import { bookAsStaff, tenantWithOutlet } from './schedule-helpers';

describe('staff members', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(schedulingService);
  });
  afterAll(() => service.stop());

  it('creates a staff member with defaults and publishes it', async () => {
    const { admin, outletId, tenantId } = await tenantWithOutlet(service);
    const capture = await captureEvents(service.testBus.bus, ['scheduling.staff.upserted.v1']);
    const catalogService = await addService(service, tenantId);
    const response = await service.request('POST', '/staff', {
      token: admin,
      body: staffBody(outletId, {
        skills: { service_ids: [catalogService.service_id], specialties: ['balayage'] },
      }),
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      tenant_id: tenantId,
      outlet_id: outletId,
      status: 'active',
      is_active: true,
      is_bookable: true,
      accepts_online_booking: true,
      max_advance_booking_days: 30,
      display_name: response.body.first_name,
      total_bookings: 0,
      rating_count: 0,
      average_rating: null,
      next_available_slot: null,
      skills: { service_ids: [catalogService.service_id], specialties: ['balayage'], certifications: [] },
    });
    expect(response.body.version).toBeUndefined();
    const event = await capture.next(
      'scheduling.staff.upserted.v1',
      (e) => e.data.staff_id === response.body.id,
    );
    expect(event.data).toMatchObject({ tenant_id: tenantId, status: 'active', version: 1 });
  });

  it('refuses bad input, unknown outlets and services, duplicate e-mails and the wrong roles', async () => {
    const { admin, outletId, staff, tenantId } = await tenantWithOutlet(service);
    const bad = await service.request('POST', '/staff', {
      token: admin,
      body: { ...staffBody(outletId), employment_type: 'intern', email: 'nope' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail.map((d: any) => d.loc)).toEqual(
      expect.arrayContaining([
        ['body', 'email'],
        ['body', 'employment_type'],
      ]),
    );
    const other = await tenantWithOutlet(service);
    expect(
      (await service.request('POST', '/staff', { token: admin, body: staffBody(other.outletId) })).status,
    ).toBe(400);
    const unknownService = await service.request('POST', '/staff', {
      token: admin,
      body: staffBody(outletId, { skills: { service_ids: [newId()] } }),
    });
    expect(unknownService.status).toBe(400);
    const first = await createdStaff(service, admin, outletId);
    const dup = await service.request('POST', '/staff', {
      token: admin,
      body: staffBody(outletId, { email: first.email.toUpperCase() }),
    });
    expect(dup).toMatchObject({
      status: 409,
      body: { detail: 'Staff member with this email already exists' },
    });
    expect(
      (await service.request('POST', '/staff', { token: staff('STAFF'), body: staffBody(outletId) })).status,
    ).toBe(403);
    expect((await service.request('POST', '/staff', { body: staffBody(outletId) })).status).toBe(401);
    const customer = newTenant(service).customerToken(newId());
    expect((await service.request('GET', '/staff', { token: customer })).status).toBe(403);
    void tenantId;
  });

  it('enforces the per-outlet plan limit on active staff (402 naming the limit)', async () => {
    const { admin, outletId, tenantId } = await tenantWithOutlet(service);
    await onPlan(service, tenantId, 'FREE');
    const members = [];
    for (let i = 0; i < 5; i += 1) members.push(await createdStaff(service, admin, outletId));
    const sixth = await service.request('POST', '/staff', { token: admin, body: staffBody(outletId) });
    expect(sixth.status).toBe(402);
    expect(sixth.body.detail).toContain('max_staff_per_outlet');
    expect(sixth.body.detail).toContain('5/5');
    // Only active staff count: one goes inactive, another can join; reactivating the first is then refused.
    expect(
      (
        await service.request('PUT', `/staff/${members[0].id}`, {
          token: admin,
          body: { status: 'inactive' },
        })
      ).status,
    ).toBe(200);
    await createdStaff(service, admin, outletId);
    const back = await service.request('PUT', `/staff/${members[0].id}`, {
      token: admin,
      body: { status: 'active' },
    });
    expect(back.status).toBe(402);
    // Another outlet has its own count.
    const second = await addOutlet(service, tenantId);
    await createdStaff(service, admin, second);
  });

  it('lists with filters, paging and search; reads one with its workload', async () => {
    const { admin, outletId, tenantId } = await tenantWithOutlet(service);
    const catalogService = await addService(service, tenantId);
    const a = await createdStaff(service, admin, outletId, {
      first_name: 'Alya',
      gender: 'female',
      position: 'Senior Stylist',
      skills: { service_ids: [catalogService.service_id] },
    });
    const b = await createdStaff(service, admin, outletId, {
      first_name: 'Budi',
      gender: 'male',
      employment_type: 'part_time',
      is_bookable: false,
      skills: { service_ids: [(await addService(service, tenantId)).service_id] },
    });
    const list = async (query: string) =>
      (await service.request('GET', `/staff${query}`, { token: admin })).body;
    expect((await list('')).items.map((s: any) => s.id)).toEqual([a.id, b.id]);
    expect((await list('?size=1&page=2')).pages).toBe(2);
    expect((await list('?gender=male')).items.map((s: any) => s.id)).toEqual([b.id]);
    expect((await list('?position=stylist')).items.map((s: any) => s.id)).toEqual([a.id]);
    expect((await list('?employment_type=part_time')).items.map((s: any) => s.id)).toEqual([b.id]);
    expect((await list('?only_bookable=true')).items.map((s: any) => s.id)).toEqual([a.id]);
    expect((await list(`?service_id=${catalogService.service_id}`)).items.map((s: any) => s.id)).toEqual([
      a.id,
    ]);
    expect((await list('?search=BUD')).items.map((s: any) => s.id)).toEqual([b.id]);
    expect((await list(`?search=${encodeURIComponent(a.email)}`)).items.map((s: any) => s.id)).toEqual([
      a.id,
    ]);
    expect((await service.request('GET', '/staff?size=101', { token: admin })).status).toBe(422);

    const date = futureDate(0);
    await addWorkingHours(service, admin, a.id, date, '00:00', '23:55');
    const withAvailability = await list('?include_availability=true');
    expect(withAvailability.items[0].availability).toHaveLength(1);

    const detail = await service.request('GET', `/staff/${a.id}?include_workload=true`, { token: admin });
    expect(detail.body.workload).toEqual({
      today_appointments: 0,
      upcoming_appointments: 0,
      total_lifetime_bookings: 0,
      is_available_today: true,
      current_status: 'active',
    });
    expect((await service.request('GET', `/staff/${a.id}`, { token: admin })).body.workload).toBeUndefined();
    const stranger = newTenant(service);
    expect((await service.request('GET', `/staff/${a.id}`, { token: stranger.admin })).status).toBe(404);
    expect((await service.request('GET', '/staff/not-an-id', { token: admin })).status).toBe(422);
  });

  it('takes a phone as typed and stores it in E.164 for the tenant’s region', async () => {
    const { admin, outletId, tenantId } = await tenantWithOutlet(service);
    await setTenant(service, tenantId, { timezone: 'Asia/Jakarta' });
    const local = await createdStaff(service, admin, outletId, { phone: '0812 3456 7890' });
    expect(local.phone).toBe('+6281234567890');
    const international = await createdStaff(service, admin, outletId, { phone: '+62 812-3456-7890' });
    expect(international.phone).toBe('+6281234567890');
    for (const phone of ['call me', '12345']) {
      const refused = await service.request('POST', '/staff', {
        token: admin,
        body: staffBody(outletId, { phone }),
      });
      expect({ phone, status: refused.status }).toEqual({ phone, status: 422 });
      expect(refused.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'phone'] })]);
    }

    const london = await tenantWithOutlet(service);
    await setTenant(service, london.tenantId, { timezone: 'Europe/London', currency: 'GBP' });
    const british = await createdStaff(service, london.admin, london.outletId, { phone: '020 7946 0958' });
    expect(british.phone).toBe('+442079460958');
    const changed = await service.request('PUT', `/staff/${british.id}`, {
      token: london.admin,
      body: { phone: '020 7946 0959' },
    });
    expect(changed.body.phone).toBe('+442079460959');
  });

  it('updates partially, keeping e-mails unique and outlets of the tenant', async () => {
    const { admin, outletId } = await tenantWithOutlet(service);
    const a = await createdStaff(service, admin, outletId);
    const b = await createdStaff(service, admin, outletId);
    const updated = await service.request('PUT', `/staff/${a.id}`, {
      token: admin,
      body: { display_name: 'Ally', phone: '0811 2233 4455' },
    });
    expect(updated.body).toMatchObject({
      display_name: 'Ally',
      phone: '+6281122334455',
      email: a.email,
      first_name: a.first_name,
    });
    expect(
      (await service.request('PUT', `/staff/${a.id}`, { token: admin, body: { email: b.email } })).status,
    ).toBe(409);
    const other = await tenantWithOutlet(service);
    expect(
      (await service.request('PUT', `/staff/${a.id}`, { token: admin, body: { outlet_id: other.outletId } }))
        .status,
    ).toBe(400);
    expect(
      (
        await service.request('PUT', `/staff/${a.id}`, {
          token: other.admin,
          body: { phone: '+6281122334455' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await service.request('PUT', `/staff/${a.id}`, { token: admin, body: { gender: 'robot' } })).status,
    ).toBe(422);
  });

  it('refuses deletion with upcoming appointments (409 with the count), else terminates for good', async () => {
    const setup = await bookableSetup(service);
    const capture = await captureEvents(service.testBus.bus, ['scheduling.staff.terminated.v1']);
    const booked = await bookAsStaff(service, setup);
    expect(booked.status).toBe(201);
    expect(
      (await service.request('DELETE', `/staff/${setup.staffId}`, { token: setup.staff('OUTLET_MANAGER') }))
        .status,
    ).toBe(403);
    const refused = await service.request('DELETE', `/staff/${setup.staffId}`, { token: setup.admin });
    expect(refused).toMatchObject({ status: 409 });
    expect(refused.body.detail).toContain('1 upcoming appointment');

    const appointments = await service.request(
      'GET',
      `/staff/${setup.staffId}/appointments?upcoming_only=true`,
      {
        token: setup.admin,
      },
    );
    expect(appointments.body).toMatchObject({ total: 1, page: 1, size: 20, pages: 1 });
    expect(appointments.body.items[0]).toMatchObject({
      id: booked.body.id,
      tenant_id: setup.tenantId,
      outlet_id: setup.outletId,
      customer_id: setup.customerId,
      appointment_date: setup.date,
      start_time: '10:00:00',
      end_time: '11:00:00',
    });
    const filtered = await service.request(
      'GET',
      `/staff/${setup.staffId}/appointments?status=cancelled&start_date=${setup.date}&end_date=${setup.date}`,
      { token: setup.admin },
    );
    expect(filtered.body.total).toBe(0);
    expect(
      (
        await service.request(
          'GET',
          `/staff/${setup.staffId}/appointments?start_date=2025-02-02&end_date=2025-02-01`,
          {
            token: setup.admin,
          },
        )
      ).status,
    ).toBe(422);

    await service.request('PUT', `/appointments/${booked.body.id}/cancel`, { token: setup.admin });
    expect((await service.request('DELETE', `/staff/${setup.staffId}`, { token: setup.admin })).status).toBe(
      204,
    );
    const event = await capture.next(
      'scheduling.staff.terminated.v1',
      (e) => e.data.staff_id === setup.staffId,
    );
    expect(event.tenant_id).toBe(setup.tenantId);
    const after = await service.request('GET', `/staff/${setup.staffId}`, { token: setup.admin });
    expect(after.body).toMatchObject({ status: 'terminated', is_active: false });
    // Never assignable again.
    const again = await bookAsStaff(service, setup, '13:00');
    expect(again.status).toBe(400);
    expect(
      (
        await service.request('PUT', `/staff/${setup.staffId}`, {
          token: setup.admin,
          body: { status: 'active' },
        })
      ).status,
    ).toBe(409);
  });
});
