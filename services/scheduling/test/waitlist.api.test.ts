import { startTestService, type TestService } from '@salon/testing';
import { schedulingService } from '../src/definition';
import { addCustomer, addOutlet, bookableSetup, futureDate } from './helpers';

/** The slot waitlist (issue 22 item 2): customers join, list and leave; staff read a day's queue. */
describe('waitlist', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(schedulingService);
  });
  afterAll(() => service.stop());

  type Setup = Awaited<ReturnType<typeof bookableSetup>>;

  const join = (setup: Setup, body: Record<string, unknown>, customerId = setup.customerId) =>
    service.request('POST', '/customer/waitlist', {
      token: setup.customerToken(customerId),
      body: { outlet_id: setup.outletId, service_id: setup.service.service_id, date: setup.date, ...body },
    });

  it('joins, refuses a second live entry and bad input, lists and leaves', async () => {
    const setup = await bookableSetup(service);
    const joined = await join(setup, { staff_id: setup.staffId, start_time: '09:00', end_time: '12:00' });
    expect(joined.status).toBe(201);
    expect(joined.body).toMatchObject({
      customer_id: setup.customerId,
      outlet_id: setup.outletId,
      service_id: setup.service.service_id,
      staff_id: setup.staffId,
      date: setup.date,
      start_time: '09:00:00',
      end_time: '12:00:00',
      status: 'waiting',
      appointment_id: null,
    });
    expect(typeof joined.body.customer_name).toBe('string');

    const twice = await join(setup, { staff_id: setup.staffId });
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe('You are already on the waitlist for this service on this date');
    // Anyone at the outlet is another choice than this staff member: a second entry.
    expect((await join(setup, {})).status).toBe(201);

    // Bad input: the spec's 422 shape on the field.
    const window = await join(setup, { start_time: '12:00', end_time: '09:00' });
    expect(window.status).toBe(422);
    expect(window.body.detail[0].loc).toEqual(['body', 'end_time']);
    const past = await join(setup, { date: futureDate(-1) });
    expect(past.status).toBe(422);
    expect(past.body.detail[0].loc).toEqual(['body', 'date']);
    const far = await join(setup, { date: futureDate(400) });
    expect(far.status).toBe(422);
    const badDate = await join(setup, { date: '2026-02-30' });
    expect(badDate.status).toBe(422);
    expect((await join(setup, { start_time: '09:03' })).status).toBe(422);
    expect((await join(setup, { service_id: 'not-an-id' })).status).toBe(422);
    expect((await join(setup, { service_id: '65f1c0ffee0000000000aa01' })).status).toBe(404);
    expect((await join(setup, { outlet_id: '65f1c0ffee0000000000aa01' })).status).toBe(404);
    expect((await join(setup, { staff_id: '65f1c0ffee0000000000aa01' })).status).toBe(404);
    const otherOutlet = await addOutlet(service, setup.tenantId);
    const elsewhere = await join(setup, { outlet_id: otherOutlet, staff_id: setup.staffId });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.detail).toMatch(/does not work at this outlet/);

    // Staff may not join; a customer token may not read the staff list.
    const byStaff = await service.request('POST', '/customer/waitlist', {
      token: setup.admin,
      body: { outlet_id: setup.outletId, service_id: setup.service.service_id, date: setup.date },
    });
    expect(byStaff.status).toBe(403);

    const mine = await service.request('GET', '/customer/waitlist', {
      token: setup.customerToken(setup.customerId),
    });
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBe(2);

    // Another customer cannot leave it (404); its own customer can, once (then 409).
    const other = await addCustomer(service, setup.tenantId);
    const path = `/customer/waitlist/${joined.body.id}`;
    expect((await service.request('DELETE', path, { token: setup.customerToken(other) })).status).toBe(404);
    const left = await service.request('DELETE', path, { token: setup.customerToken(setup.customerId) });
    expect(left.status).toBe(204);
    const again = await service.request('DELETE', path, { token: setup.customerToken(setup.customerId) });
    expect(again.status).toBe(409);
    const waiting = await service.request('GET', '/customer/waitlist?status=waiting', {
      token: setup.customerToken(setup.customerId),
    });
    expect(waiting.body.total).toBe(1);
    // Having left, the customer may join again.
    expect((await join(setup, { staff_id: setup.staffId })).status).toBe(201);
  });

  it('shows staff a day in queue order, scoped to the outlets a manager manages', async () => {
    const setup = await bookableSetup(service);
    const customers = [setup.customerId, await addCustomer(service, setup.tenantId)];
    for (const customerId of customers) expect((await join(setup, {}, customerId)).status).toBe(201);

    const day = await service.request('GET', `/waitlist?date=${setup.date}`, { token: setup.admin });
    expect(day.status).toBe(200);
    expect(day.body.items.map((entry: { customer_id: string }) => entry.customer_id)).toEqual(customers);

    const otherDay = await service.request('GET', `/waitlist?date=${futureDate(6)}`, { token: setup.admin });
    expect(otherDay.body.total).toBe(0);

    const otherOutlet = await addOutlet(service, setup.tenantId);
    const manager = setup.staff('OUTLET_MANAGER', { outletIds: [otherOutlet] });
    const scoped = await service.request('GET', `/waitlist?date=${setup.date}`, { token: manager });
    expect(scoped.status).toBe(200);
    expect(scoped.body.total).toBe(0);
    const refused = await service.request('GET', `/waitlist?date=${setup.date}&outlet_id=${setup.outletId}`, {
      token: manager,
    });
    expect(refused.status).toBe(403);

    expect((await service.request('GET', '/waitlist', { token: setup.admin })).status).toBe(422);
    const byCustomer = await service.request('GET', `/waitlist?date=${setup.date}`, {
      token: setup.customerToken(setup.customerId),
    });
    expect(byCustomer.status).toBe(403);
  });
});
