import { newEvent } from '@salon/messaging';
import { newId } from '@salon/service-kit';
import { captureEvents, setTenantPlan, startTestService, waitFor, type TestService } from '@salon/testing';
import { schedulingService } from '../src/definition';
import { addDays, localOf } from '../src/domain/time-rules';
import {
  addService,
  addWorkingHours,
  bookableSetup,
  bookingBody,
  createdStaff,
  futureDate,
  newTenant,
  onPlan,
  setOutletTimeZone,
  setTenant,
} from './helpers';
import { addBreak, bookAsStaff } from './schedule-helpers';

const CONFLICT = 'Time slot conflicts with existing appointments or capacity limit reached';

describe('appointments', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(schedulingService);
  });
  afterAll(() => service.stop());

  it('books for a customer with server-side prices and publishes the created event', async () => {
    const setup = await bookableSetup(service, {
      serviceOverrides: {
        pricing: {
          base_price: '100000.00',
          currency: 'IDR',
          outlet_prices: {},
          promotional_price: '80000.00',
          promotional_valid_until: new Date(Date.now() + 86_400_000).toISOString(),
        },
      },
    });
    const capture = await captureEvents(service.testBus.bus, ['scheduling.appointment.created.v1']);
    const token = setup.customerToken(setup.customerId);
    const response = await service.request('POST', '/appointments', {
      token,
      body: {
        ...bookingBody(setup),
        customer_id: newId(),
        services: [{ ...bookingBody(setup).services[0], price: 1 }],
      },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      status: 'pending',
      customer_id: setup.customerId,
      appointment_date: setup.date,
      start_time: '10:00:00',
      end_time: '11:00:00',
      total_price: '80000.00',
      services: [
        {
          service_id: setup.service.service_id,
          service_name: 'Haircut',
          staff_id: setup.staffId,
          staff_name: expect.any(String),
          price: '80000.00',
        },
      ],
    });
    const event = await capture.next(
      'scheduling.appointment.created.v1',
      (e) => e.data.appointment_id === response.body.id,
    );
    expect(event.data).toMatchObject({
      customer_id: setup.customerId,
      customer_name: 'Ani Wijaya',
      customer_email: 'ani@example.com',
      outlet_id: setup.outletId,
      timezone: 'Asia/Jakarta',
      starts_at: `${setup.date}T03:00:00.000Z`,
      version: 1,
      booked_by: 'customer',
      services: [{ price: '80000.00', price_source: 'promotional_price' }],
    });
    // The customer sees it; another customer does not.
    expect((await service.request('GET', `/appointments/${response.body.id}`, { token })).status).toBe(200);
    const stranger = setup.customerToken(newId());
    expect(
      (await service.request('GET', `/appointments/${response.body.id}`, { token: stranger })).status,
    ).toBe(404);
    expect((await service.request('GET', '/appointments', { token: stranger })).body.total).toBe(0);
    expect((await service.request('GET', '/appointments', { token })).body.total).toBe(1);
  });

  it('fixes the deposit a service asks at booking, from the booked price, with its hold', async () => {
    const setup = await bookableSetup(service, {
      serviceOverrides: {
        pricing: {
          base_price: '100000.00',
          currency: 'IDR',
          outlet_prices: {},
          promotional_price: '80000.00',
          promotional_valid_until: new Date(Date.now() + 86_400_000).toISOString(),
          deposit: { type: 'percentage', value: 33.33 },
        },
      },
    });
    const capture = await captureEvents(service.testBus.bus, ['scheduling.appointment.created.v1']);
    const before = Date.now();
    const response = await service.request('POST', '/appointments', {
      token: setup.customerToken(setup.customerId),
      body: bookingBody(setup),
    });
    expect(response.status).toBe(201);
    // 33.33 % of the promotional 80,000 the booking resolved, half up to cents.
    expect(response.body).toMatchObject({ total_price: '80000.00', deposit_amount: '26664.00' });
    const due = Date.parse(response.body.deposit_due_at);
    expect(due).toBeGreaterThanOrEqual(before + 30 * 60_000 - 1000);
    expect(due).toBeLessThanOrEqual(Date.now() + 30 * 60_000 + 1000);
    const event = await capture.next(
      'scheduling.appointment.created.v1',
      (e) => e.data.appointment_id === response.body.id,
    );
    expect(event.data).toMatchObject({
      deposit_amount: '26664.00',
      deposit_due_at: response.body.deposit_due_at,
    });
  });

  it('books several services back to back with outlet prices and a decimal total (staff flow)', async () => {
    const setup = await bookableSetup(service);
    const colour = await addService(service, setup.tenantId, {
      name: 'Colour',
      duration_minutes: 45,
      pricing: {
        base_price: '0.10',
        currency: 'IDR',
        outlet_prices: { [setup.outletId]: '0.20' },
        promotional_price: null,
        promotional_valid_until: null,
      },
    });
    const cheap = await addService(service, setup.tenantId, {
      name: 'Wash',
      duration_minutes: 15,
      pricing: {
        base_price: '0.10',
        currency: 'IDR',
        outlet_prices: {},
        promotional_price: null,
        promotional_valid_until: null,
      },
    });
    const other = await createdStaff(service, setup.admin, setup.outletId);
    await addWorkingHours(service, setup.admin, other.id, setup.date);
    const response = await service.request('POST', '/staff/appointments', {
      token: setup.staff('RECEPTIONIST'),
      body: {
        ...bookingBody(setup, '09:00'),
        services: [
          { service_id: cheap.service_id, staff_id: setup.staffId, price: 999 },
          { service_id: colour.service_id, staff_id: other.id, duration_minutes: 30 },
        ],
      },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      start_time: '09:00:00',
      end_time: '09:45:00',
      total_price: '0.30',
      services: [
        { service_id: cheap.service_id, price: '0.10', start_time: '09:00:00', end_time: '09:15:00' },
        {
          service_id: colour.service_id,
          price: '0.20',
          start_time: '09:15:00',
          end_time: '09:45:00',
          duration_minutes: 30,
        },
      ],
    });
    // Each segment is checked against its own staff member.
    const second = await service.request('POST', '/staff/appointments', {
      token: setup.admin,
      body: {
        ...bookingBody(setup, '09:15'),
        services: [{ service_id: cheap.service_id, staff_id: setup.staffId }],
      },
    });
    expect(second.status).toBe(201);
    const third = await service.request('POST', '/staff/appointments', {
      token: setup.admin,
      body: {
        ...bookingBody(setup, '09:30'),
        services: [{ service_id: cheap.service_id, staff_id: other.id }],
      },
    });
    expect(third).toMatchObject({ status: 409, body: { detail: CONFLICT } });
  });

  it('refuses conflicts, honours buffers and frees capacity on cancel', async () => {
    const setup = await bookableSetup(service, {
      serviceOverrides: { preparation_minutes: 10, cleanup_minutes: 15 },
    });
    const post = (start: string) => bookAsStaff(service, setup, start);
    const first = await post('10:00');
    expect(first.status).toBe(201);
    expect(await post('10:30')).toMatchObject({ status: 409, body: { detail: CONFLICT } });
    // 11:00 + 10 min preparation overlaps the 15 min cleanup after 11:00.
    expect((await post('11:00')).status).toBe(409);
    expect((await post('11:25')).status).toBe(201);
    expect((await post('08:55')).status).toBe(409);
    const cancelled = await service.request('PUT', `/appointments/${first.body.id}/cancel`, {
      token: setup.admin,
    });
    expect(cancelled.body).toEqual({
      id: first.body.id,
      status: 'cancelled',
      cancelled_at: expect.any(String),
      cancelled_by: { type: 'staff', id: expect.stringMatching(/^[0-9a-f]{24}$/) },
    });
    expect(
      (await service.request('PUT', `/appointments/${first.body.id}/cancel`, { token: setup.admin })).status,
    ).toBe(409);
    expect((await post('10:00')).status).toBe(201);
  });

  it('admits parallel bookings up to capacity and keeps services apart', async () => {
    const setup = await bookableSetup(service, {
      serviceOverrides: { allow_parallel_bookings: true, max_parallel_bookings: 2, name: 'Group yoga' },
    });
    const post = (start: string, serviceId = setup.service.service_id) =>
      service.request('POST', '/staff/appointments', {
        token: setup.admin,
        body: {
          ...bookingBody(setup, start),
          services: [{ service_id: serviceId, staff_id: setup.staffId }],
        },
      });
    expect((await post('10:00')).status).toBe(201);
    expect((await post('10:00')).status).toBe(201);
    expect(await post('10:00')).toMatchObject({ status: 409, body: { detail: CONFLICT } });
    const check = await service.request(
      'GET',
      `/availability/check?staff_id=${setup.staffId}&date=${setup.date}&start_time=10:00&end_time=11:00&service_id=${setup.service.service_id}`,
      { token: setup.admin },
    );
    expect(check.body).toMatchObject({ available: false, reason: 'booking_conflict' });
    expect(check.body.conflicts).toHaveLength(2);
    // Another parallel service and a single one of the same staff conflict with the running class.
    const other = await addService(service, setup.tenantId, {
      allow_parallel_bookings: true,
      max_parallel_bookings: 5,
    });
    expect((await post('10:30', other.service_id)).status).toBe(409);
    const single = await addService(service, setup.tenantId);
    expect((await post('10:30', single.service_id)).status).toBe(409);
    expect((await post('11:00', single.service_id)).status).toBe(201);
    const genericCheck = await service.request(
      'GET',
      `/availability/check?staff_id=${setup.staffId}&date=${setup.date}&start_time=11:00&end_time=12:00`,
      { token: setup.admin },
    );
    expect(genericCheck.body.reason).toBe('booking_conflict');
  });

  it('requires working hours, qualification, bookability and online booking for customers', async () => {
    const setup = await bookableSetup(service);
    const post = (body: Record<string, unknown>, token = setup.admin) =>
      service.request('POST', '/staff/appointments', { token, body });
    expect((await post(bookingBody(setup, '16:30'))).status).toBe(409);
    expect((await post(bookingBody(setup, '07:00'))).status).toBe(409);
    await addBreak(service, setup, '12:00', '13:00');
    expect((await post(bookingBody(setup, '11:30'))).status).toBe(409);
    const restricted = await addService(service, setup.tenantId);
    const specialist = await createdStaff(service, setup.admin, setup.outletId, {
      skills: { service_ids: [restricted.service_id] },
    });
    await addWorkingHours(service, setup.admin, specialist.id, setup.date);
    expect(
      (
        await post({
          ...bookingBody(setup),
          services: [{ service_id: setup.service.service_id, staff_id: specialist.id }],
        })
      ).status,
    ).toBe(400);
    await service.request('PUT', `/staff/${specialist.id}`, {
      token: setup.admin,
      body: { accepts_online_booking: false },
    });
    const customerBody = {
      ...bookingBody(setup),
      services: [{ service_id: restricted.service_id, staff_id: specialist.id }],
    };
    expect(
      (
        await service.request('POST', '/appointments', {
          token: setup.customerToken(setup.customerId),
          body: customerBody,
        })
      ).status,
    ).toBe(400);
    expect((await post(customerBody)).status).toBe(201);
    await service.request('PUT', `/staff/${specialist.id}`, {
      token: setup.admin,
      body: { is_bookable: false },
    });
    expect((await post({ ...customerBody, start_time: '14:00' })).status).toBe(400);
    // Another tenant's service, staff, outlet and customer are 404.
    const other = await bookableSetup(service);
    expect(
      (
        await post({
          ...bookingBody(setup),
          services: [{ service_id: other.service.service_id, staff_id: setup.staffId }],
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await post({
          ...bookingBody(setup),
          services: [{ service_id: setup.service.service_id, staff_id: other.staffId }],
        })
      ).status,
    ).toBe(404);
    expect((await post({ ...bookingBody(setup), outlet_id: other.outletId })).status).toBe(404);
    expect((await post({ ...bookingBody(setup), customer_id: other.customerId })).status).toBe(404);
    expect((await post({ ...bookingBody(setup), start_time: '10:02' })).status).toBe(422);
    expect((await post({ ...bookingBody(setup), services: [] })).status).toBe(422);
    expect(
      (
        await service.request('POST', '/staff/appointments', {
          token: setup.customerToken(setup.customerId),
          body: bookingBody(setup),
        })
      ).status,
    ).toBe(403);
    expect((await service.request('POST', '/appointments', { body: bookingBody(setup) })).status).toBe(401);
  });

  it('applies the booking window: customers within notice and days ahead, staff never in the past', async () => {
    const tenant = newTenant(service);
    const today = futureDate(0);
    const setup = await bookableSetup(service, {
      date: addDays(today, 12),
      serviceOverrides: { min_advance_booking_hours: 4 },
    });
    await setTenant(service, setup.tenantId, { booking_advance_days: 10 });
    const customer = setup.customerToken(setup.customerId);
    const far = await service.request('POST', '/appointments', { token: customer, body: bookingBody(setup) });
    expect(far.status).toBe(400);
    expect(far.body.detail).toContain('10 days');
    expect((await bookAsStaff(service, setup)).status).toBe(201);
    // Today, within the 4 hours of notice: staff may, customers may not; the past is refused to both.
    const now = localOf(new Date(), 'Asia/Jakarta');
    const soon = Math.ceil((now.minutes + 65) / 5) * 5;
    if (soon + 60 < 24 * 60) {
      await addWorkingHours(service, setup.admin, setup.staffId, today, '00:00', '23:55');
      const at = `${String(Math.floor(soon / 60)).padStart(2, '0')}:${String(soon % 60).padStart(2, '0')}`;
      const body = { ...bookingBody(setup, at), appointment_date: today };
      expect((await service.request('POST', '/appointments', { token: customer, body })).status).toBe(400);
      expect(
        (await service.request('POST', '/staff/appointments', { token: setup.admin, body })).status,
      ).toBe(201);
    }
    const past = { ...bookingBody(setup, '10:00'), appointment_date: addDays(today, -1) };
    await addWorkingHours(service, setup.admin, setup.staffId, addDays(today, -1));
    const refused = await service.request('POST', '/staff/appointments', { token: setup.admin, body: past });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toContain('past');
    void tenant;
  });

  it('uses the outlet time zone, across a New York daylight-saving change', async () => {
    const setup = await bookableSetup(service);
    await setTenant(service, setup.tenantId, { timezone: 'America/New_York', booking_advance_days: 365 });
    await setOutletTimeZone(service, setup.tenantId, setup.outletId, 'America/New_York');
    await service.request('PUT', `/staff/${setup.staffId}`, {
      token: setup.admin,
      body: { max_advance_booking_days: 365 },
    });
    const year = Number(futureDate(0).slice(0, 4)) + 1;
    // The second Sunday of March: clocks go forward at 02:00.
    const march = Array.from({ length: 14 }, (_, i) => `${year}-03-${String(i + 1).padStart(2, '0')}`).filter(
      (d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 0,
    )[1] as string;
    const before = addDays(march, -1);
    await addWorkingHours(service, setup.admin, setup.staffId, before);
    await addWorkingHours(service, setup.admin, setup.staffId, march);
    const capture = await captureEvents(service.testBus.bus, ['scheduling.appointment.created.v1']);
    const a = await service.request('POST', '/staff/appointments', {
      token: setup.admin,
      body: { ...bookingBody(setup, '10:00'), appointment_date: before },
    });
    const b = await service.request('POST', '/staff/appointments', {
      token: setup.admin,
      body: { ...bookingBody(setup, '10:00'), appointment_date: march },
    });
    expect(a.body.starts_at).toBe(`${before}T15:00:00.000Z`);
    expect(b.body.starts_at).toBe(`${march}T14:00:00.000Z`);
    const event = await capture.next(
      'scheduling.appointment.created.v1',
      (e) => e.data.appointment_id === b.body.id,
    );
    expect(event.data).toMatchObject({
      timezone: 'America/New_York',
      start_time: '10:00:00',
      appointment_date: march,
    });

    const jakarta = await bookableSetup(service);
    const c = await service.request('POST', '/staff/appointments', {
      token: jakarta.admin,
      body: bookingBody(jakarta, '10:00'),
    });
    expect(c.body.starts_at).toBe(`${jakarta.date}T03:00:00.000Z`);
  });

  it('reschedules with a growing version, excluding itself from the count', async () => {
    const setup = await bookableSetup(service);
    const capture = await captureEvents(service.testBus.bus, ['scheduling.appointment.rescheduled.v1']);
    const booked = await service.request('POST', '/appointments', {
      token: setup.customerToken(setup.customerId),
      body: bookingBody(setup, '10:00'),
    });
    const other = await bookAsStaff(service, setup, '13:00');
    const move = (date: string, start: string, token = setup.admin) =>
      service.request('PUT', `/appointments/${booked.body.id}/reschedule`, {
        token,
        body: { new_date: date, new_start_time: start },
      });
    const overlapSelf = await move(setup.date, '10:30');
    expect(overlapSelf.body).toMatchObject({ start_time: '10:30:00', end_time: '11:30:00', version: 2 });
    expect(await move(setup.date, '12:30')).toMatchObject({ status: 409, body: { detail: CONFLICT } });
    const moved = await move(setup.date, '14:00', setup.customerToken(setup.customerId));
    expect(moved.body).toMatchObject({ start_time: '14:00:00', version: 3, status: 'pending' });
    const events = await waitFor(() => {
      const mine = capture
        .of('scheduling.appointment.rescheduled.v1')
        .filter((e) => e.data.appointment_id === booked.body.id);
      return mine.length === 2 ? mine : undefined;
    });
    expect(events.map((e) => e.data.version).sort()).toEqual([2, 3]);
    expect(events.find((e) => e.data.version === 3)?.data).toMatchObject({
      previous: { start_time: '10:30:00' },
      start_time: '14:00:00',
    });
    // The old slot is free again.
    expect((await bookAsStaff(service, setup, '10:00')).status).toBe(201);
    expect((await move(setup.date, '25:00')).status).toBe(422);
    expect((await move(addDays(setup.date, 1), '10:00')).status).toBe(409);
    const stranger = newTenant(service);
    expect(
      (
        await service.request('PUT', `/appointments/${booked.body.id}/reschedule`, {
          token: stranger.admin,
          body: { new_date: setup.date, new_start_time: '15:00' },
        })
      ).status,
    ).toBe(404);
    await service.request('PUT', `/appointments/${other.body.id}/cancel`, { token: setup.admin });
    expect(
      (
        await service.request('PUT', `/appointments/${other.body.id}/reschedule`, {
          token: setup.admin,
          body: { new_date: setup.date, new_start_time: '15:00' },
        })
      ).status,
    ).toBe(409);
  });

  it('moves through the state table; illegal moves are 409', async () => {
    const setup = await bookableSetup(service);
    const capture = await captureEvents(service.testBus.bus, [
      'scheduling.appointment.status_changed.v1',
      'scheduling.appointment.confirmed.v1',
    ]);
    const booked = await bookAsStaff(service, setup);
    const move = (status: string) =>
      service.request('PUT', `/appointments/${booked.body.id}/status`, {
        token: setup.admin,
        body: { status },
      });
    expect((await move('completed')).status).toBe(409);
    expect((await move('confirmed')).body.status).toBe('confirmed');
    await capture.next(
      'scheduling.appointment.confirmed.v1',
      (e) => e.data.appointment_id === booked.body.id,
    );
    expect((await move('checked_in')).body.status).toBe('checked_in');
    // A checked-in appointment still holds its slot.
    expect((await bookAsStaff(service, setup)).status).toBe(409);
    expect((await move('in_progress')).body.status).toBe('in_progress');
    expect((await move('completed')).body.status).toBe('completed');
    expect((await move('cancelled')).status).toBe(409);
    expect((await move('flying')).status).toBe(422);
    const event = await capture.next(
      'scheduling.appointment.status_changed.v1',
      (e) => e.data.appointment_id === booked.body.id && e.data.status === 'completed',
    );
    expect(event.data).toMatchObject({ previous_status: 'in_progress', version: 5 });
    expect(
      (
        await service.request('PUT', `/appointments/${booked.body.id}/status`, {
          token: setup.customerToken(setup.customerId),
          body: { status: 'completed' },
        })
      ).status,
    ).toBe(403);
    // Completed frees the slot for a new booking.
    expect((await bookAsStaff(service, setup)).status).toBe(201);
  });

  it('lists with filters for staff', async () => {
    const setup = await bookableSetup(service);
    const a = await bookAsStaff(service, setup, '09:00');
    const b = await bookAsStaff(service, setup, '11:00');
    await service.request('PUT', `/appointments/${b.body.id}/cancel`, { token: setup.admin });
    const list = async (query: string) =>
      (await service.request('GET', `/appointments${query}`, { token: setup.admin })).body;
    expect((await list('')).items.map((x: any) => x.id)).toEqual([a.body.id, b.body.id]);
    expect((await list('?status=cancelled')).items.map((x: any) => x.id)).toEqual([b.body.id]);
    expect((await list(`?staff_id=${setup.staffId}&outlet_id=${setup.outletId}`)).total).toBe(2);
    expect((await list(`?start_date=${addDays(setup.date, 1)}`)).total).toBe(0);
    expect((await service.request('GET', '/appointments?status=nope', { token: setup.admin })).status).toBe(
      422,
    );
    const stranger = newTenant(service);
    expect((await service.request('GET', '/appointments', { token: stranger.admin })).body.total).toBe(0);
    expect(
      (await service.request('GET', `/appointments/${a.body.id}`, { token: stranger.admin })).status,
    ).toBe(404);
  });

  it('a suspended business takes no customer bookings; customers still read and cancel theirs', async () => {
    const setup = await bookableSetup(service);
    const customer = setup.customerToken(setup.customerId);
    const booked = await service.request('POST', '/appointments', {
      token: customer,
      body: bookingBody(setup),
    });
    expect(booked.status).toBe(201);
    await setTenantPlan(service, setup.tenantId, 'ENTERPRISE', { status: 'suspended' });
    const closed = { detail: 'This business is not taking bookings or purchases at the moment' };

    const refused = await service.request('POST', '/appointments', {
      token: customer,
      body: bookingBody(setup, '14:00'),
    });
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 403, body: closed });
    const moved = await service.request('PUT', `/appointments/${booked.body.id}/reschedule`, {
      token: customer,
      body: { appointment_date: setup.date, start_time: '15:00' },
    });
    expect({ status: moved.status, body: moved.body }).toEqual({ status: 403, body: closed });
    const grid = await service.request(
      'GET',
      `/public/tenants/glow-${setup.tenantId}/availability?service_id=${setup.service.service_id}&outlet_id=${setup.outletId}&start_date=${setup.date}&num_days=1`,
    );
    expect({ status: grid.status, body: grid.body }).toEqual({ status: 403, body: closed });

    expect((await service.request('GET', '/appointments', { token: customer })).body.items).toHaveLength(1);
    const cancelled = await service.request('PUT', `/appointments/${booked.body.id}/cancel`, {
      token: customer,
      body: { reason: 'the salon is closed' },
    });
    expect(cancelled.status).toBe(200);
    // Its staff are refused everything, as before.
    const staffBooking = await service.request('POST', '/appointments', {
      token: setup.admin,
      body: bookingBody(setup, '16:00'),
    });
    expect(staffBooking.body).toEqual({ detail: 'Subscription suspended' });
  });

  it('enforces the monthly appointment limit of the plan (402)', async () => {
    const setup = await bookableSetup(service, { plan: 'FREE' });
    await service.running.context.db.withTx((tx) =>
      tx.execute(
        `INSERT INTO scheduling.appointments (id, tenant_id, outlet_id, appointment_date, start_time, end_time, timezone,
           starts_at, ends_at, status, total_price, currency, booked_by)
         SELECT lpad(to_hex(g), 24, 'f'), '${setup.tenantId}', '${setup.outletId}', current_date, '01:00', '02:00',
           'Asia/Jakarta', now(), now(), CASE WHEN g <= 99 THEN 'completed' ELSE 'cancelled' END, 0, 'IDR', 'staff'
         FROM generate_series(1, 110) g` as never,
      ),
    );
    // 99 booked this month count, the 11 cancelled ones do not: the 100th is taken, the 101st refused.
    expect((await bookAsStaff(service, setup, '10:00')).status).toBe(201);
    const refused = await bookAsStaff(service, setup, '12:00');
    expect(refused.status).toBe(402);
    expect(refused.body.detail).toContain('100/100');
    await onPlan(service, setup.tenantId, 'PRO');
    expect((await bookAsStaff(service, setup, '12:00')).status).toBe(201);
  });

  it('confirms on payment (idempotent) and reports payments for cancelled appointments', async () => {
    const setup = await bookableSetup(service);
    const capture = await captureEvents(service.testBus.bus, [
      'scheduling.appointment.confirmed.v1',
      'scheduling.appointment.payment_orphaned.v1',
    ]);
    const booked = await bookAsStaff(service, setup);
    const payment = (appointmentId: string) =>
      newEvent(
        'commerce.payment.completed.v1',
        {
          payment_id: newId(),
          tenant_id: setup.tenantId,
          customer_id: setup.customerId,
          appointment_id: appointmentId,
          amount: '150000.00',
          currency: 'IDR',
          completed_at: new Date().toISOString(),
        },
        { producer: 'commerce', tenantId: setup.tenantId },
      );
    const paid = payment(booked.body.id);
    await service.testBus.bus.publish([paid]);
    await service.testBus.bus.publish([paid]);
    const confirmed = await capture.next(
      'scheduling.appointment.confirmed.v1',
      (e) => e.data.appointment_id === booked.body.id,
    );
    expect(confirmed.data).toMatchObject({ payment_id: paid.data.payment_id, status: 'confirmed' });
    await service.testBus.bus.publish([payment(booked.body.id)]);
    const other = await bookAsStaff(service, setup, '13:00');
    await service.request('PUT', `/appointments/${other.body.id}/cancel`, { token: setup.admin });
    await service.testBus.bus.publish([payment(other.body.id)]);
    const orphan = await capture.next(
      'scheduling.appointment.payment_orphaned.v1',
      (e) => e.data.appointment_id === other.body.id,
    );
    expect(orphan.data).toMatchObject({ appointment_status: 'cancelled', amount: '150000.00' });
    const current = await service.request('GET', `/appointments/${booked.body.id}`, { token: setup.admin });
    expect(current.body).toMatchObject({ status: 'confirmed', version: 2 });
    expect(
      capture
        .of('scheduling.appointment.confirmed.v1')
        .filter((e) => e.data.appointment_id === booked.body.id),
    ).toHaveLength(1);
  });

  it('carries the amount paid on the confirmation a payment causes, and null on a staff confirmation', async () => {
    const setup = await bookableSetup(service);
    const capture = await captureEvents(service.testBus.bus, ['scheduling.appointment.confirmed.v1']);
    const paidFor = await bookAsStaff(service, setup, '10:00');
    const byStaff = await bookAsStaff(service, setup, '13:00');
    const payment = newEvent(
      'commerce.payment.completed.v1',
      {
        payment_id: newId(),
        tenant_id: setup.tenantId,
        customer_id: setup.customerId,
        appointment_id: paidFor.body.id,
        amount: '80000.00',
        currency: 'IDR',
        completed_at: new Date().toISOString(),
      },
      { producer: 'commerce', tenantId: setup.tenantId, correlationId: 'payment-request' },
    );
    await service.testBus.bus.publish([payment]);
    const paid = await capture.next(
      'scheduling.appointment.confirmed.v1',
      (e) => e.data.appointment_id === paidFor.body.id,
    );
    expect(paid.data).toMatchObject({
      status: 'confirmed',
      payment_id: payment.data.payment_id,
      amount_paid: '80000.00',
      currency: 'IDR',
    });
    expect(paid).toMatchObject({ correlation_id: 'payment-request', causation_id: payment.id });

    const confirmed = await service.request('PUT', `/appointments/${byStaff.body.id}/status`, {
      token: setup.admin,
      body: { status: 'confirmed' },
    });
    expect(confirmed.body.status).toBe('confirmed');
    const staffConfirmed = await capture.next(
      'scheduling.appointment.confirmed.v1',
      (e) => e.data.appointment_id === byStaff.body.id,
    );
    expect(staffConfirmed.data).toMatchObject({ status: 'confirmed', payment_id: null, amount_paid: null });
  });

  it('publishes every event of a request with the request id as its correlation_id', async () => {
    const setup = await bookableSetup(service);
    const capture = await captureEvents(service.testBus.bus, [
      'scheduling.appointment.created.v1',
      'scheduling.appointment.rescheduled.v1',
      'scheduling.appointment.confirmed.v1',
      'scheduling.appointment.cancelled.v1',
    ]);
    const as = (requestId: string) => ({ token: setup.admin, headers: { 'x-request-id': requestId } });
    const booked = await service.request('POST', '/staff/appointments', {
      ...as('req-book'),
      body: bookingBody(setup, '10:00'),
    });
    expect(booked.status).toBe(201);
    const id = booked.body.id;
    const mine = (e: { data: { appointment_id: string } }) => e.data.appointment_id === id;
    await service.request('PUT', `/appointments/${id}/reschedule`, {
      ...as('req-move'),
      body: { new_date: setup.date, new_start_time: '13:00' },
    });
    await service.request('PUT', `/appointments/${id}/status`, {
      ...as('req-confirm'),
      body: { status: 'confirmed' },
    });
    await service.request('PUT', `/appointments/${id}/cancel`, as('req-cancel'));
    expect((await capture.next('scheduling.appointment.created.v1', mine)).correlation_id).toBe('req-book');
    expect((await capture.next('scheduling.appointment.rescheduled.v1', mine)).correlation_id).toBe(
      'req-move',
    );
    expect((await capture.next('scheduling.appointment.confirmed.v1', mine)).correlation_id).toBe(
      'req-confirm',
    );
    expect((await capture.next('scheduling.appointment.cancelled.v1', mine)).correlation_id).toBe(
      'req-cancel',
    );
  });
});
