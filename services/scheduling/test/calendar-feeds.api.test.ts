import { newId } from '@salon/service-kit';
import { parseIcs, startTestService, type TestService } from '@salon/testing';
import { schedulingService } from '../src/definition';
import {
  addCustomer,
  addWorkingHours,
  bookableSetup,
  bookingBody,
  createdStaff,
  newTenant,
  setOutletTimeZone,
} from './helpers';

const eventsOf = (ics: string) => parseIcs(ics).events;

const feedPath = (url: string) => new URL(url).pathname.replace(/^\/api\/v1/, '');

describe('calendar feeds', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(schedulingService);
  });
  afterAll(() => service.stop());

  const feedOf = async (url: string, headers: Record<string, string> = {}) =>
    service.request('GET', feedPath(url), { headers });

  it("shows a staff member's bookings at their outlet time, then a reschedule and a cancellation", async () => {
    const setup = await bookableSetup(service);
    // The outlet's own zone (UTC+8), not the tenant's (Jakarta, UTC+7).
    await setOutletTimeZone(service, setup.tenantId, setup.outletId, 'Asia/Makassar');
    const own = setup.staff('STAFF', { staffId: setup.staffId });
    const created = await service.request('POST', `/staff/${setup.staffId}/calendar-feed`, { token: own });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      owner_type: 'staff',
      owner_id: setup.staffId,
      created_at: expect.any(String),
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      url: expect.stringMatching(/^http:\/\/.+\/api\/v1\/public\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/),
      webcal_url: expect.stringMatching(/^webcal:\/\//),
    });
    const status = await service.request('GET', `/staff/${setup.staffId}/calendar-feed`, { token: own });
    expect(status.body).toEqual({
      owner_type: 'staff',
      owner_id: setup.staffId,
      live: true,
      id: created.body.id,
      created_at: created.body.created_at,
    });

    const booked = await service.request('POST', '/staff/appointments', {
      token: setup.admin,
      body: { ...bookingBody(setup, '10:00'), notes: 'allergic to latex' },
    });
    expect(booked.status).toBe(201);
    const first = await feedOf(created.body.url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(first.body).toContain('\r\nBEGIN:VTIMEZONE\r\n');
    const [event] = eventsOf(first.body);
    expect(event?.uid).toBe(`${booked.body.id}@salon-platform`);
    expect(event?.startDate.toJSDate().toISOString()).toBe(new Date(booked.body.starts_at).toISOString());
    expect(event?.startDate.zone.tzid).toBe('Asia/Makassar');
    expect(event?.startDate.toString()).toBe(`${setup.date}T10:00:00`);
    expect(event?.sequence).toBe(0);
    expect(event?.summary).toContain('Ani');
    // Contact data and notes stay out of the feed.
    expect(first.body).not.toContain('latex');
    expect(first.body).not.toContain(booked.body.customer_phone ?? 'no phone');

    const moved = await service.request('PUT', `/appointments/${booked.body.id}/reschedule`, {
      token: setup.admin,
      body: { new_date: setup.date, new_start_time: '13:00' },
    });
    expect(moved.status).toBe(200);
    const [rescheduled] = eventsOf((await feedOf(created.body.url)).body);
    expect(rescheduled?.uid).toBe(event?.uid);
    expect(rescheduled?.sequence).toBeGreaterThan(0);
    expect(rescheduled?.startDate.toJSDate().toISOString()).toBe(
      new Date(moved.body.starts_at).toISOString(),
    );

    await service.request('PUT', `/appointments/${booked.body.id}/cancel`, { token: setup.admin });
    const [cancelled] = eventsOf((await feedOf(created.body.url)).body);
    expect(cancelled?.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(cancelled?.sequence).toBeGreaterThan(rescheduled?.sequence ?? 0);
  });

  it('answers 304 to If-None-Match and If-Modified-Since, and 200 after a change', async () => {
    const setup = await bookableSetup(service);
    const created = await service.request('POST', `/staff/${setup.staffId}/calendar-feed`, {
      token: setup.admin,
    });
    await service.request('POST', '/staff/appointments', { token: setup.admin, body: bookingBody(setup) });
    const first = await feedOf(created.body.url);
    const etag = first.headers.get('etag') as string;
    expect(etag).toMatch(/^"/);
    expect(first.headers.get('last-modified')).toBeTruthy();
    const again = await feedOf(created.body.url, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();
    const since = await feedOf(created.body.url, {
      'if-modified-since': first.headers.get('last-modified') as string,
    });
    expect(since.status).toBe(304);
    await service.request('POST', '/staff/appointments', {
      token: setup.admin,
      body: bookingBody(setup, '14:00'),
    });
    const changed = await feedOf(created.body.url, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(eventsOf(changed.body)).toHaveLength(2);
  });

  it("rotates and revokes: the old URL is 404; another staff member's feed does not show the booking", async () => {
    const setup = await bookableSetup(service);
    const other = await createdStaff(service, setup.admin, setup.outletId);
    const first = await service.request('POST', `/staff/${setup.staffId}/calendar-feed`, {
      token: setup.admin,
    });
    const rotated = await service.request('POST', `/staff/${setup.staffId}/calendar-feed`, {
      token: setup.admin,
    });
    expect(rotated.body.token).not.toBe(first.body.token);
    expect((await feedOf(first.body.url)).status).toBe(404);
    expect((await feedOf(rotated.body.url)).status).toBe(200);

    const otherFeed = await service.request('POST', `/staff/${other.id}/calendar-feed`, {
      token: setup.staff('STAFF', { staffId: other.id }),
    });
    await service.request('POST', '/staff/appointments', { token: setup.admin, body: bookingBody(setup) });
    expect(eventsOf((await feedOf(rotated.body.url)).body)).toHaveLength(1);
    expect(eventsOf((await feedOf(otherFeed.body.url)).body)).toHaveLength(0);

    const revoked = await service.request('DELETE', `/staff/${setup.staffId}/calendar-feed`, {
      token: setup.admin,
    });
    expect(revoked.status).toBe(204);
    expect((await feedOf(rotated.body.url)).status).toBe(404);
    const none = await service.request('GET', `/staff/${setup.staffId}/calendar-feed`, {
      token: setup.admin,
    });
    expect(none.body).toEqual({
      owner_type: 'staff',
      owner_id: setup.staffId,
      live: false,
      id: null,
      created_at: null,
    });
    // Revoking again is a no-op.
    const again = await service.request('DELETE', `/staff/${setup.staffId}/calendar-feed`, {
      token: setup.admin,
    });
    expect(again.status).toBe(204);
  });

  it("lets only the member, an admin or the member's outlet manager manage a staff feed", async () => {
    const setup = await bookableSetup(service);
    const path = `/staff/${setup.staffId}/calendar-feed`;
    const post = (token: string, at = path) => service.request('POST', at, { token });
    expect((await post(setup.staff('STAFF', { staffId: newId() }))).status).toBe(403);
    expect((await post(setup.staff('RECEPTIONIST'))).status).toBe(403);
    expect((await post(setup.staff('OUTLET_MANAGER', { outletIds: [newId()] }))).status).toBe(403);
    expect((await post(setup.staff('OUTLET_MANAGER', { outletIds: [setup.outletId] }))).status).toBe(201);
    expect((await post(setup.customerToken(setup.customerId))).status).toBe(403);
    expect((await post(newTenant(service).admin)).status).toBe(404);
    expect((await post(setup.admin, `/staff/${newId()}/calendar-feed`)).status).toBe(404);
    const malformed = await post(setup.admin, '/staff/not-an-id/calendar-feed');
    expect(malformed.status).toBe(422);
    expect(malformed.body.detail[0].loc).toEqual(['path', 'staff_id']);
    expect((await service.request('POST', path)).status).toBe(401);
    const badToken = await service.request('GET', '/public/calendar-feeds/short.ics');
    expect(badToken.status).toBe(422);
    expect(badToken.body.detail[0].loc).toEqual(['path', 'feed_token']);
    expect((await service.request('GET', `/public/calendar-feeds/${'A'.repeat(43)}.ics`)).status).toBe(404);
  });

  it('gives a customer a feed of its own bookings only, with who does them and where', async () => {
    const setup = await bookableSetup(service);
    const otherCustomer = await addCustomer(service, setup.tenantId);
    const token = setup.customerToken(setup.customerId);
    const created = await service.request('POST', '/customer/calendar-feed', { token });
    expect(created.status).toBe(201);
    expect(created.body.owner_type).toBe('customer');
    expect(created.body.owner_id).toBe(setup.customerId);
    const mine = await service.request('POST', '/appointments', { token, body: bookingBody(setup, '10:00') });
    expect(mine.status).toBe(201);
    await service.request('POST', '/staff/appointments', {
      token: setup.admin,
      body: bookingBody({ ...setup, customerId: otherCustomer }, '12:00'),
    });
    const events = eventsOf((await feedOf(created.body.url)).body);
    expect(events.map((event) => event.uid)).toEqual([`${mine.body.id}@salon-platform`]);
    expect(events[0]?.description).toContain(`with ${mine.body.services[0].staff_name}`);
    expect(events[0]?.location).toBeTruthy();
    expect(events[0]?.component.getFirstPropertyValue('status')).toBe('TENTATIVE');
    expect((await service.request('POST', '/customer/calendar-feed', { token: setup.admin })).status).toBe(
      403,
    );
    expect((await service.request('DELETE', '/customer/calendar-feed', { token })).status).toBe(204);
    expect((await feedOf(created.body.url)).status).toBe(404);
  });

  it('keeps the feed of a terminated staff member closed', async () => {
    const setup = await bookableSetup(service);
    const member = await createdStaff(service, setup.admin, setup.outletId);
    await addWorkingHours(service, setup.admin, member.id, setup.date);
    const created = await service.request('POST', `/staff/${member.id}/calendar-feed`, {
      token: setup.admin,
    });
    expect((await feedOf(created.body.url)).status).toBe(200);
    expect((await service.request('DELETE', `/staff/${member.id}`, { token: setup.admin })).status).toBe(204);
    expect((await feedOf(created.body.url)).status).toBe(404);
  });
});
