import { newId } from '@salon/service-kit';
import { startTestService, type TestService } from '@salon/testing';
import { schedulingService } from '../src/definition';
import {
  addCustomer,
  addOutlet,
  addService,
  addWorkingHours,
  bookingBody,
  createdStaff,
  futureDate,
  newTenant,
  onPlan,
  setTenant,
} from './helpers';

/**
 * Spec 01, Authentication rule 4: an OUTLET_MANAGER acts only at the outlets it manages (its token's outlet_ids);
 * STAFF and RECEPTIONIST whose token lists outlets likewise. Here a manager of outlet A meets outlet B's records.
 */
describe('outlet access in scheduling', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(schedulingService);
  });
  afterAll(() => service.stop());

  /** A tenant with outlets A and B, a staff member with pay fields at each, and a manager of A. */
  async function twoOutlets() {
    const tenant = newTenant(service);
    await setTenant(service, tenant.tenantId);
    await onPlan(service, tenant.tenantId, 'ENTERPRISE');
    const [outletA, outletB] = [
      await addOutlet(service, tenant.tenantId),
      await addOutlet(service, tenant.tenantId),
    ];
    const pay = { hourly_rate: 85000, salary: 6500000 };
    const atA = await createdStaff(service, tenant.admin, outletA, { first_name: 'Ayu', ...pay });
    const atB = await createdStaff(service, tenant.admin, outletB, { first_name: 'Bayu', ...pay });
    return {
      ...tenant,
      outletA,
      outletB,
      atA,
      atB,
      manager: tenant.staff('OUTLET_MANAGER', { outletIds: [outletA] }),
    };
  }

  const refusedWithDetail = (response: { status: number; body: any }) => {
    expect({ status: response.status, detail: typeof response.body?.detail }).toEqual({
      status: 403,
      detail: 'string',
    });
  };

  describe('staff members', () => {
    it('creates, changes and moves staff only at the outlets the manager manages', async () => {
      const t = await twoOutlets();
      const staffBody = (outletId: string) => ({
        outlet_id: outletId,
        first_name: 'New',
        last_name: 'Hire',
        email: `hire-${newId()}@glow.example`,
        position: 'Assistant',
        employment_type: 'part_time',
      });
      const create = (outletId: string) =>
        service.request('POST', '/staff', { token: t.manager, body: staffBody(outletId) });
      expect((await create(t.outletA)).status).toBe(201);
      refusedWithDetail(await create(t.outletB));

      const change = (id: string, body: object) =>
        service.request('PUT', `/staff/${id}`, { token: t.manager, body });
      expect((await change(t.atA.id, { hourly_rate: 90000 })).body).toMatchObject({ hourly_rate: 90000 });
      refusedWithDetail(await change(t.atB.id, { hourly_rate: 1, salary: 1 }));
      refusedWithDetail(await change(t.atA.id, { outlet_id: t.outletB }));
      refusedWithDetail(await change(t.atB.id, { outlet_id: t.outletA }));
      const b = await service.request('GET', `/staff/${t.atB.id}`, { token: t.admin });
      expect(b.body).toMatchObject({ outlet_id: t.outletB, hourly_rate: 85000, salary: 6500000 });
      // TENANT_ADMIN is not bound to outlets: it moves B's member to A.
      const moved = await service.request('PUT', `/staff/${t.atB.id}`, {
        token: t.admin,
        body: { outlet_id: t.outletA },
      });
      expect(moved.body.outlet_id).toBe(t.outletA);
    });

    it("never shows a manager another outlet's staff: 403 on the record, left out of lists", async () => {
      const t = await twoOutlets();
      const get = (path: string, token = t.manager) => service.request('GET', path, { token });
      expect((await get(`/staff/${t.atA.id}?include_workload=true`)).body).toMatchObject({
        id: t.atA.id,
        hourly_rate: 85000,
      });
      refusedWithDetail(await get(`/staff/${t.atB.id}`));
      refusedWithDetail(await get(`/staff/${t.atB.id}/appointments`));
      refusedWithDetail(await get(`/staff?outlet_id=${t.outletB}`));

      const listed = await get('/staff?include_availability=true&size=100');
      expect(listed.status).toBe(200);
      expect(listed.body.items.map((member: any) => member.id)).toEqual([t.atA.id]);
      expect(listed.body.total).toBe(1);
      expect(JSON.stringify(listed.body)).not.toContain(t.atB.id);
      expect((await get(`/staff?search=Bayu`)).body.total).toBe(0);
      expect((await get(`/staff?outlet_id=${t.outletA}`)).body.total).toBe(1);

      // A manager of no outlet sees no staff; the tenant's admin sees both outlets'.
      expect((await get('/staff', t.staff('OUTLET_MANAGER'))).body.total).toBe(0);
      expect((await get('/staff', t.admin)).body.total).toBe(2);
    });

    it('binds STAFF and RECEPTIONIST to the outlets their token lists, and leaves them unbound without', async () => {
      const t = await twoOutlets();
      for (const role of ['STAFF', 'RECEPTIONIST'] as const) {
        const bound = t.staff(role, { outletIds: [t.outletA] });
        refusedWithDetail(await service.request('GET', `/staff/${t.atB.id}`, { token: bound }));
        const listed = await service.request('GET', '/staff', { token: bound });
        expect(listed.body.items.map((member: any) => member.id)).toEqual([t.atA.id]);
        const unbound = t.staff(role);
        expect((await service.request('GET', `/staff/${t.atB.id}`, { token: unbound })).status).toBe(200);
        expect((await service.request('GET', '/staff', { token: unbound })).body.total).toBe(2);
      }
    });
  });

  describe('availability', () => {
    /** Working hours for the members at A and B on `date`, and a service to ask the grid about. */
    async function withWorkingHours() {
      const t = await twoOutlets();
      const date = futureDate(3);
      const entryA = await addWorkingHours(service, t.admin, t.atA.id, date);
      const entryB = await addWorkingHours(service, t.admin, t.atB.id, date);
      const catalogService = await addService(service, t.tenantId);
      const request = (method: string, path: string, token: string, body?: object) =>
        service.request(method, path, { token, body });
      const check = (staffId: string, token: string) =>
        request(
          'GET',
          `/availability/check?staff_id=${staffId}&date=${date}&start_time=10:00&end_time=11:00`,
          token,
        );
      const grid = (outletId: string, token: string) =>
        request(
          'GET',
          `/availability/availability-grid?service_id=${catalogService.service_id}&outlet_id=${outletId}&start_date=${date}`,
          token,
        );
      const list = (token: string, query = '') =>
        request('GET', `/availability?start_date=${date}&end_date=${date}${query}`, token);
      return { ...t, date, entryA, entryB, request, check, grid, list };
    }

    const breakAt = (staffId: string, date: string) => ({
      staff_id: staffId,
      date,
      start_time: '12:00',
      end_time: '12:30',
      availability_type: 'break',
    });

    it("lets a manager manage its own availability at its outlet, and see only its outlets' grid", async () => {
      const t = await withWorkingHours();
      const manager = t.staff('OUTLET_MANAGER', { outletIds: [t.outletA], staffId: t.atA.id });
      const created = await t.request('POST', '/availability', manager, breakAt(t.atA.id, t.date));
      expect(created.status).toBe(201);
      expect(
        (
          await t.request('POST', '/availability/bulk', manager, {
            entries: [{ ...breakAt(t.atA.id, futureDate(4)), availability_type: 'working_hours' }],
          })
        ).status,
      ).toBe(201);
      expect(
        (await t.request('PUT', `/availability/${created.body.id}`, manager, { notes: 'lunch' })).status,
      ).toBe(200);
      expect((await t.request('DELETE', `/availability/${created.body.id}`, manager)).status).toBe(204);
      expect((await t.check(t.atA.id, manager)).body.available).toBe(true);
      expect((await t.grid(t.outletA, manager)).status).toBe(200);
      refusedWithDetail(await t.grid(t.outletB, manager));
      expect((await t.list(manager, `&outlet_id=${t.outletA}`)).body.total).toBe(1);
      refusedWithDetail(await t.list(manager, `&outlet_id=${t.outletB}`));
    });

    it('refuses a manager its own staff record when that is at an outlet it does not manage', async () => {
      const t = await withWorkingHours();
      // Linked to B's member (say, moved there by the admin) while its token still names only A.
      const manager = t.staff('OUTLET_MANAGER', { outletIds: [t.outletA], staffId: t.atB.id });
      refusedWithDetail(await t.request('POST', '/availability', manager, breakAt(t.atB.id, t.date)));
      refusedWithDetail(
        await t.request('POST', '/availability/bulk', manager, { entries: [breakAt(t.atB.id, t.date)] }),
      );
      refusedWithDetail(await t.request('PUT', `/availability/${t.entryB.id}`, manager, { notes: 'x' }));
      refusedWithDetail(await t.request('DELETE', `/availability/${t.entryB.id}`, manager));
      refusedWithDetail(await t.check(t.atB.id, manager));
      expect((await t.list(manager)).body.total).toBe(0);
      const entries = await t.list(t.admin);
      expect(entries.body.items.map((entry: any) => entry.id).sort()).toEqual(
        [t.entryA.id, t.entryB.id].sort(),
      );
    });

    it('binds a RECEPTIONIST to the outlets its token lists', async () => {
      const t = await withWorkingHours();
      const receptionist = t.staff('RECEPTIONIST', { outletIds: [t.outletA] });
      expect((await t.list(receptionist)).body.items.map((entry: any) => entry.id)).toEqual([t.entryA.id]);
      refusedWithDetail(await t.list(receptionist, `&outlet_id=${t.outletB}`));
      expect((await t.check(t.atA.id, receptionist)).status).toBe(200);
      refusedWithDetail(await t.check(t.atB.id, receptionist));
      expect((await t.grid(t.outletA, receptionist)).status).toBe(200);
      refusedWithDetail(await t.grid(t.outletB, receptionist));
      expect((await t.list(t.staff('RECEPTIONIST'))).body.total).toBe(2);
    });
  });

  describe('appointments', () => {
    /** Both members working on `date`, a customer, and one appointment booked by the admin at each outlet. */
    async function withAppointments() {
      const t = await twoOutlets();
      const date = futureDate(3);
      await addWorkingHours(service, t.admin, t.atA.id, date);
      await addWorkingHours(service, t.admin, t.atB.id, date);
      const catalogService = await addService(service, t.tenantId);
      const customerId = await addCustomer(service, t.tenantId);
      const body = (outletId: string, staffId: string, start: string) =>
        bookingBody({ outletId, customerId, date, service: catalogService, staffId }, start);
      const book = async (outletId: string, staffId: string, start: string, token = t.admin) =>
        service.request('POST', '/staff/appointments', { token, body: body(outletId, staffId, start) });
      const [atA, atB] = [
        (await book(t.outletA, t.atA.id, '10:00')).body,
        (await book(t.outletB, t.atB.id, '10:00')).body,
      ];
      return { ...t, date, customerId, body, book, appointmentA: atA, appointmentB: atB };
    }

    it('lets a manager book and move appointments at its outlet only', async () => {
      const t = await withAppointments();
      expect((await t.book(t.outletA, t.atA.id, '13:00', t.manager)).status).toBe(201);
      refusedWithDetail(await t.book(t.outletB, t.atB.id, '13:00', t.manager));
      refusedWithDetail(
        await service.request('POST', '/appointments', {
          token: t.manager,
          body: t.body(t.outletB, t.atB.id, '14:00'),
        }),
      );
      const act = (method: string, path: string, body?: object) =>
        service.request(method, path, { token: t.manager, body });
      const a = `/appointments/${t.appointmentA.id}`;
      const b = `/appointments/${t.appointmentB.id}`;
      refusedWithDetail(await act('GET', b));
      refusedWithDetail(await act('PUT', `${b}/status`, { status: 'confirmed' }));
      refusedWithDetail(await act('PUT', `${b}/reschedule`, { new_date: t.date, new_start_time: '15:00' }));
      refusedWithDetail(await act('PUT', `${b}/cancel`));
      expect((await service.request('GET', b, { token: t.admin })).body.status).toBe('pending');

      expect((await act('GET', a)).status).toBe(200);
      expect(
        (await act('PUT', `${a}/reschedule`, { new_date: t.date, new_start_time: '15:00' })).status,
      ).toBe(200);
      expect((await act('PUT', `${a}/status`, { status: 'confirmed' })).body.status).toBe('confirmed');
      expect((await act('PUT', `${a}/cancel`)).body.status).toBe('cancelled');
      // The customer's own appointment at B is the customer's to see, wherever it is.
      const customer = t.customerToken(t.customerId);
      expect((await service.request('GET', b, { token: customer })).status).toBe(200);
    });

    it("lists for a manager only its outlets' appointments, statistics included", async () => {
      const t = await withAppointments();
      const get = (path: string, token = t.manager) => service.request('GET', path, { token });
      const listed = await get('/appointments?size=100');
      expect(listed.body.items.map((item: any) => item.id)).toEqual([t.appointmentA.id]);
      expect(JSON.stringify(listed.body)).not.toContain(t.appointmentB.id);
      expect((await get(`/appointments?outlet_id=${t.outletA}`)).body.total).toBe(1);
      refusedWithDetail(await get(`/appointments?outlet_id=${t.outletB}`));
      expect((await get('/appointments', t.admin)).body.total).toBe(2);

      const history = await get(`/customers/${t.customerId}/appointments`);
      expect(history.body.appointments.map((item: any) => item.id)).toEqual([t.appointmentA.id]);
      expect(history.body.statistics).toMatchObject({ total_appointments: 1, upcoming: 1 });
      expect((await get(`/customers/${t.customerId}/appointments`, t.admin)).body.statistics).toMatchObject({
        total_appointments: 2,
      });
      expect((await get(`/staff/${t.atA.id}/appointments`)).body.total).toBe(1);

      const receptionist = t.staff('RECEPTIONIST', { outletIds: [t.outletB] });
      expect((await get('/appointments', receptionist)).body.items.map((item: any) => item.id)).toEqual([
        t.appointmentB.id,
      ]);
      refusedWithDetail(await get(`/appointments/${t.appointmentA.id}`, receptionist));
    });
  });
});
