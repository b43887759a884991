import { sql } from 'drizzle-orm';
import { selectRows } from '@salon/service-kit';
import { newEvent } from '@salon/messaging';
import {
  applyInbox,
  captureEvents,
  handleInbox,
  startTestService,
  waitFor,
  type TestService,
} from '@salon/testing';
import { schedulingService } from '../src/definition';
import { onSchedulingAvailabilityOpened } from '../src/events/handlers/scheduling.availability.opened';
import { onSchedulingWaitlistOfferDue } from '../src/events/handlers/scheduling.waitlist.offer_due';
import { addCustomer, addOutlet, bookableSetup, bookingBody, futureDate } from './helpers';

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

  /** The customer's entries (newest first). */
  const entriesOf = async (setup: Setup, customerId: string) => {
    const response = await service.request('GET', '/customer/waitlist', {
      token: setup.customerToken(customerId),
    });
    return response.body.items as {
      id: string;
      status: string;
      offer: { id: string; start_time: string } | null;
    }[];
  };
  const offerOf = async (setup: Setup, customerId: string) =>
    (await entriesOf(setup, customerId))[0]?.offer ?? null;

  /** The offer the customer holds, once it comes. */
  const offered = (setup: Setup, customerId: string) =>
    waitFor(async () => (await offerOf(setup, customerId)) ?? undefined, { timeoutMs: 15_000 });

  /** Three customers waiting for the day, and a fourth's 10:00 appointment to cancel. */
  async function queueOfThree() {
    const setup = await bookableSetup(service);
    const customers = [setup.customerId];
    for (let i = 0; i < 2; i += 1) customers.push(await addCustomer(service, setup.tenantId));
    for (const customerId of customers) expect((await join(setup, {}, customerId)).status).toBe(201);
    const other = await addCustomer(service, setup.tenantId);
    const booked = await service.request('POST', '/staff/appointments', {
      token: setup.admin,
      body: bookingBody({ ...setup, customerId: other }, '10:00'),
    });
    expect(booked.status).toBe(201);
    return { setup, customers, appointmentId: booked.body.id as string };
  }

  const lapse = async (setup: Setup, offerId: string) => {
    const { db, store } = service.running.context;
    await db.orm.execute(
      sql`UPDATE scheduling.waitlist_offers SET expires_at = now() - interval '1 second' WHERE id = ${offerId}`,
    );
    await handleInbox(
      service,
      'scheduling.waitlist.offer_due.v1',
      onSchedulingWaitlistOfferDue({ store }),
      { tenant_id: setup.tenantId, offer_id: offerId },
      { tenantId: setup.tenantId },
    );
  };

  it('offers a cancelled slot to the first waiting customer only; a lapse or a decline passes it on', async () => {
    const { setup, customers, appointmentId } = await queueOfThree();
    const [first, second, third] = customers as [string, string, string];
    const capture = await captureEvents(service.testBus.bus, ['scheduling.waitlist.offered.v1']);
    const cancelled = await service.request('PUT', `/appointments/${appointmentId}/cancel`, {
      token: setup.admin,
    });
    expect(cancelled.status).toBe(200);

    const offer = await offered(setup, first);
    expect(offer).toMatchObject({ staff_id: setup.staffId, date: setup.date, start_time: '10:00:00' });
    const event = await capture.next('scheduling.waitlist.offered.v1', (e) => e.data.offer_id === offer!.id);
    expect(event.data).toMatchObject({
      customer_id: first,
      hold_minutes: 15,
      service_name: setup.service.name,
    });
    expect(await offerOf(setup, second)).toBeNull();
    expect(await offerOf(setup, third)).toBeNull();

    // A task delivered before the hold ends changes nothing.
    const { store } = service.running.context;
    await handleInbox(
      service,
      'scheduling.waitlist.offer_due.v1',
      onSchedulingWaitlistOfferDue({ store }),
      { tenant_id: setup.tenantId, offer_id: offer!.id },
      { tenantId: setup.tenantId },
    );
    expect((await offerOf(setup, first))?.id).toBe(offer!.id);

    // The hold lapses: the second is offered it; the first keeps waiting without it.
    await lapse(setup, offer!.id);
    const secondOffer = await offerOf(setup, second);
    expect(secondOffer?.start_time).toBe('10:00:00');
    expect(await offerOf(setup, first)).toBeNull();
    expect((await entriesOf(setup, first))[0]?.status).toBe('waiting');
    // Too late to accept a lapsed offer.
    const late = await service.request('POST', `/customer/waitlist/offers/${offer!.id}/accept`, {
      token: setup.customerToken(first),
    });
    expect(late.status).toBe(409);

    // The second declines: the third is offered it; then it is nobody's once all three had it.
    const declined = await service.request('POST', `/customer/waitlist/offers/${secondOffer!.id}/decline`, {
      token: setup.customerToken(second),
    });
    expect(declined.status).toBe(204);
    const thirdOffer = await offerOf(setup, third);
    expect(thirdOffer?.start_time).toBe('10:00:00');
    // Someone else's offer is 404; a malformed id 422.
    const foreign = await service.request('POST', `/customer/waitlist/offers/${thirdOffer!.id}/accept`, {
      token: setup.customerToken(first),
    });
    expect(foreign.status).toBe(404);
    const malformed = await service.request('POST', '/customer/waitlist/offers/nope/accept', {
      token: setup.customerToken(first),
    });
    expect(malformed.status).toBe(422);

    await lapse(setup, thirdOffer!.id);
    for (const customerId of customers) expect(await offerOf(setup, customerId)).toBeNull();
  });

  it('books an accepted offer once, through the booking path, even when accepted many times at once', async () => {
    const { setup, customers, appointmentId } = await queueOfThree();
    const [first] = customers as [string];
    await service.request('PUT', `/appointments/${appointmentId}/cancel`, { token: setup.admin });
    const offer = await offered(setup, first);

    const token = setup.customerToken(first);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        service.request('POST', `/customer/waitlist/offers/${offer!.id}/accept`, { token }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    const booked = answers.find((answer) => answer.status === 201)!.body;
    expect(booked).toMatchObject({ customer_id: first, start_time: '10:00:00', status: 'pending' });
    const [entry] = await entriesOf(setup, first);
    expect(entry).toMatchObject({ status: 'booked', offer: null });

    const rows = await selectRows<{ count: number }>(
      service.running.context.db.orm,
      sql`SELECT count(*)::int AS count FROM scheduling.appointments
          WHERE tenant_id = ${setup.tenantId} AND status <> 'cancelled'`,
    );
    expect(rows[0]?.count).toBe(1);
  });

  it('gives two slots freed at once to two different customers, and withdraws an offer whose slot is taken', async () => {
    const { setup, customers, appointmentId } = await queueOfThree();
    const [first, second] = customers as [string, string];
    const other = await addCustomer(service, setup.tenantId);
    const later = await service.request('POST', '/staff/appointments', {
      token: setup.admin,
      body: bookingBody({ ...setup, customerId: other }, '13:00'),
    });
    await Promise.all(
      [appointmentId, later.body.id].map((id) =>
        service.request('PUT', `/appointments/${id}/cancel`, { token: setup.admin }),
      ),
    );
    const firstOffer = await offered(setup, first);
    const secondOffer = await offered(setup, second);
    expect([firstOffer!.start_time, secondOffer!.start_time].sort()).toEqual(['10:00:00', '13:00:00']);

    // The salon books the second's slot meanwhile: accepting is the booking's 409, and the offer ends.
    const taken = await service.request('POST', '/staff/appointments', {
      token: setup.admin,
      body: bookingBody({ ...setup, customerId: other }, secondOffer!.start_time.slice(0, 5)),
    });
    expect(taken.status).toBe(201);
    const refused = await service.request('POST', `/customer/waitlist/offers/${secondOffer!.id}/accept`, {
      token: setup.customerToken(second),
    });
    expect(refused.status).toBe(409);
    expect(await offerOf(setup, second)).toBeNull();
  });

  it('offers the time a rescheduled appointment moved away from, and not the one it moved to', async () => {
    const { setup, customers, appointmentId } = await queueOfThree();
    const [first, second] = customers as [string, string];
    const moved = await service.request('PUT', `/appointments/${appointmentId}/reschedule`, {
      token: setup.admin,
      body: { new_date: setup.date, new_start_time: '14:00' },
    });
    expect(moved.status).toBe(200);
    const offer = await offered(setup, first);
    expect(offer.start_time).toBe('10:00:00');
    expect(await offerOf(setup, second)).toBeNull();
  });

  it('offers hours a staff member gains without overlapping offers, and the time a removed block frees', async () => {
    const setup = await bookableSetup(service, { serviceOverrides: { duration_minutes: 60 } });
    const day = futureDate(6);
    const [first, second] = [setup.customerId, await addCustomer(service, setup.tenantId)];
    for (const customerId of [first, second])
      expect((await join(setup, { date: day }, customerId)).status).toBe(201);

    // The staff member works 10:00–12:00 that day: the first is offered 10:00, the second 11:00, when the
    // first's booking would end (never two offers over one time).
    const hours = await service.request('POST', '/availability', {
      token: setup.admin,
      body: {
        staff_id: setup.staffId,
        date: day,
        start_time: '10:00',
        end_time: '12:00',
        availability_type: 'working_hours',
      },
    });
    expect(hours.status).toBe(201);
    expect(await offered(setup, first)).toMatchObject({ date: day, start_time: '10:00:00' });
    expect(await offered(setup, second)).toMatchObject({ date: day, start_time: '11:00:00' });

    // A blocked hour on the setup's working day, a customer waiting for exactly that hour: nothing until the
    // block is removed, then it is offered.
    const third = await addCustomer(service, setup.tenantId);
    const block = await service.request('POST', '/availability', {
      token: setup.admin,
      body: {
        staff_id: setup.staffId,
        date: setup.date,
        start_time: '10:00',
        end_time: '11:00',
        availability_type: 'blocked',
      },
    });
    expect(block.status).toBe(201);
    expect((await join(setup, { start_time: '10:00', end_time: '11:00' }, third)).status).toBe(201);
    expect(await offerOf(setup, third)).toBeNull();
    const removed = await service.request('DELETE', `/availability/${block.body.id}`, { token: setup.admin });
    expect(removed.status).toBe(204);
    expect(await offered(setup, third)).toMatchObject({ date: setup.date, start_time: '10:00:00' });

    // Hours that opened before a customer joined are not news to that customer: an opening delivered late (its
    // event occurred before the join) offers nothing; the same opening after the join does.
    const lateDay = futureDate(7);
    const late = await addCustomer(service, setup.tenantId);
    const lateHours = await service.request('POST', '/availability', {
      token: setup.admin,
      body: {
        staff_id: setup.staffId,
        date: lateDay,
        start_time: '14:00',
        end_time: '16:00',
        availability_type: 'working_hours',
      },
    });
    expect(lateHours.status).toBe(201);
    const openedAt = new Date(Date.now() - 1_000).toISOString();
    expect((await join(setup, { date: lateDay }, late)).status).toBe(201);
    const opening = (occurredAt: string) => ({
      ...newEvent(
        'scheduling.availability.opened.v1',
        {
          tenant_id: setup.tenantId,
          outlet_id: setup.outletId,
          staff_id: setup.staffId,
          dates: [lateDay],
          start_time: '14:00:00',
          end_time: '16:00:00',
        },
        { producer: 'scheduling', tenantId: setup.tenantId },
      ),
      occurred_at: occurredAt,
    });
    const handler = onSchedulingAvailabilityOpened({ store: service.running.context.store });
    await applyInbox(service, handler, opening(openedAt));
    expect(await offerOf(setup, late)).toBeNull();
    await applyInbox(service, handler, opening(new Date().toISOString()));
    expect(await offerOf(setup, late)).toMatchObject({ date: lateDay, start_time: '14:00:00' });
  });
});
