import { parseIcs, waitFor } from '@salon/testing';
import {
  addCutAndStyle,
  addWorkingDay,
  firstOutlet,
  addStaff,
  expectStatus,
  localDate,
  registerBusiness,
  registerCustomer,
  type Business,
} from '../src/journey-steps';
import { startPlatform, type Platform } from '../src/platform';
import { UNLIMITED_RATES } from '../src/security-platform';

/**
 * Calendar feeds (issue 22 item 5) through the gateway, every service in its own process: a staff member's and a
 * customer's secret ICS URLs, fetched without a bearer token and parsed back with ical.js. A booking shows at its
 * instant in the outlet's zone, a reschedule bumps SEQUENCE under the same UID, a cancellation is CANCELLED, an
 * unchanged feed is 304, a rotated or revoked token is 404, and another staff member's feed does not show it.
 */
let platform: Platform;
const WAIT = { timeoutMs: 30_000, intervalMs: 100 };

beforeAll(async () => {
  platform = await startPlatform({ env: { gateway: UNLIMITED_RATES } });
}, 180_000);

afterAll(async () => {
  await platform?.stop();
}, 60_000);

const eventsOf = (ics: string) => parseIcs(ics).events;

/** The feed through the gateway, by the path of the URL its owner was given (no bearer token). */
const fetchFeed = (url: string, headers: Record<string, string> = {}) =>
  platform.request('GET', new URL(url).pathname.replace(/^\/api\/v1/, ''), { headers });

async function salon(business: Business) {
  const outlet = await firstOutlet(platform, business);
  const serviceId = await addCutAndStyle(platform, business);
  const member = (handle: string) =>
    addStaff(platform, business.token, {
      outlet_id: outlet.id,
      first_name: 'Dewi',
      last_name: handle,
      email: `dewi-${handle}@${business.slug}.example`,
      service_ids: [serviceId],
    });
  return { outlet, serviceId, sari: await member('sari'), tono: await member('tono') };
}

/** The customer books one service with one staff member (retried until the new working day is bookable). */
const book = (
  customerToken: string,
  slot: { outlet_id: string; date: string; time: string; serviceId: string; staffId: string },
) =>
  waitFor(async () => {
    const answer = await platform.request('POST', '/appointments', {
      token: customerToken,
      body: {
        outlet_id: slot.outlet_id,
        appointment_date: slot.date,
        start_time: slot.time,
        services: [{ service_id: slot.serviceId, staff_id: slot.staffId }],
      },
    });
    return answer.status === 201 && answer.body;
  }, WAIT);

it('serves RFC 5545 feeds of bookings, reschedules and cancellations by secret, rotatable tokens', async () => {
  const business = await registerBusiness(platform, 'Kalender');
  const { outlet, serviceId, sari, tono } = await salon(business);
  const date = localDate(outlet.timezone, 3);
  await addWorkingDay(platform, business, sari.id, date);
  const sariFeed = expectStatus(
    await platform.request('POST', `/staff/${sari.id}/calendar-feed`, { token: business.token }),
    201,
  );
  const tonoFeed = expectStatus(
    await platform.request('POST', `/staff/${tono.id}/calendar-feed`, { token: business.token }),
    201,
  );
  const customer = await registerCustomer(platform, business, 'rina@kalender.example', 'Rina');
  const customerFeed = expectStatus(
    await platform.request('POST', '/customer/calendar-feed', { token: customer.token }),
    201,
  );

  const booked = await book(customer.token, {
    outlet_id: outlet.id,
    date,
    time: '10:00',
    serviceId,
    staffId: sari.id,
  });

  const first = await fetchFeed(sariFeed.url);
  expect(first.status).toBe(200);
  expect(first.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  const [event] = eventsOf(first.body);
  expect(event?.uid).toBe(`${booked.id}@salon-platform`);
  expect(event?.startDate.zone.tzid).toBe(outlet.timezone);
  expect(event?.startDate.toString()).toBe(`${date}T10:00:00`);
  expect(event?.startDate.toJSDate().toISOString()).toBe(new Date(booked.starts_at).toISOString());
  expect(eventsOf((await fetchFeed(tonoFeed.url)).body)).toHaveLength(0);
  const [own] = eventsOf((await fetchFeed(customerFeed.url)).body);
  expect(own?.uid).toBe(event?.uid);

  const etag = first.headers.get('etag') as string;
  expect((await fetchFeed(sariFeed.url, { 'if-none-match': etag })).status).toBe(304);

  expectStatus(
    await platform.request('PUT', `/appointments/${booked.id}/reschedule`, {
      token: customer.token,
      body: { new_date: date, new_start_time: '14:00' },
    }),
    200,
  );
  const [moved] = eventsOf((await fetchFeed(sariFeed.url, { 'if-none-match': etag })).body);
  expect(moved?.uid).toBe(event?.uid);
  expect(moved?.sequence).toBeGreaterThan(event?.sequence ?? 0);
  expect(moved?.startDate.toString()).toBe(`${date}T14:00:00`);

  expectStatus(
    await platform.request('PUT', `/appointments/${booked.id}/cancel`, { token: customer.token }),
    200,
  );
  const [cancelled] = eventsOf((await fetchFeed(customerFeed.url)).body);
  expect(cancelled?.component.getFirstPropertyValue('status')).toBe('CANCELLED');

  const rotated = expectStatus(
    await platform.request('POST', `/staff/${sari.id}/calendar-feed`, { token: business.token }),
    201,
  );
  expect((await fetchFeed(sariFeed.url)).status).toBe(404);
  expect((await fetchFeed(rotated.url)).status).toBe(200);
  expect(
    (await platform.request('DELETE', '/customer/calendar-feed', { token: customer.token })).status,
  ).toBe(204);
  const revoked = await fetchFeed(customerFeed.url);
  expect(revoked.status).toBe(404);
  expect(revoked.body).toEqual({ detail: 'Calendar feed not found' });
}, 240_000);

it('sends the confirmed booking as a calendar file, the same event as the customer feed shows', async () => {
  const business = await registerBusiness(platform, 'Undangan', '+6281234567891');
  const { outlet, serviceId, sari } = await salon(business);
  const date = localDate(outlet.timezone, 4);
  await addWorkingDay(platform, business, sari.id, date);
  const customer = await registerCustomer(platform, business, 'tari@undangan.example', 'Tari');
  const booked = await book(customer.token, {
    outlet_id: outlet.id,
    date,
    time: '11:00',
    serviceId,
    staffId: sari.id,
  });
  expectStatus(
    await platform.request('PUT', `/appointments/${booked.id}/status`, {
      token: business.token,
      body: { status: 'confirmed' },
    }),
    200,
  );
  const confirmation = await waitFor(async () => {
    const mails = await platform.sandbox.messages('email', 'tari@undangan.example');
    return mails.find((mail) => /your booking is confirmed|pemesanan Anda dikonfirmasi/.test(mail.subject));
  }, WAIT);
  expect(confirmation.attachments).toHaveLength(1);
  const [file] = confirmation.attachments!;
  expect(file).toMatchObject({ filename: 'appointment.ics', content_type: 'text/calendar' });
  const [attached] = eventsOf(file!.content);
  expect(attached?.uid).toBe(`${booked.id}@salon-platform`);
  expect(attached?.startDate.zone.tzid).toBe(outlet.timezone);
  expect(attached?.startDate.toString()).toBe(`${date}T11:00:00`);
  expect(attached?.startDate.toJSDate().toISOString()).toBe(new Date(booked.starts_at).toISOString());
  expect(attached?.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
  expect(attached?.summary).toContain('Cut and style');
  // The customer's feed shows the same event (UID and SEQUENCE), so a calendar holding both keeps one.
  const feed = expectStatus(
    await platform.request('POST', '/customer/calendar-feed', { token: customer.token }),
    201,
  );
  const [inFeed] = eventsOf((await fetchFeed(feed.url)).body);
  expect(inFeed?.uid).toBe(attached?.uid);
  expect(inFeed?.sequence).toBe(attached?.sequence);
}, 120_000);
