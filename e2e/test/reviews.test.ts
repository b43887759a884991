import { waitFor } from '@salon/testing';
import {
  addCutAndStyle,
  addWorkingDay,
  firstOutlet,
  staffBooks,
  addStaff,
  expectStatus,
  localDate,
  registerBusiness,
  registerCustomer,
  type Business,
  type Customer,
} from '../src/journey-steps';
import { startPlatform, type Platform } from '../src/platform';
import { UNLIMITED_RATES } from '../src/security-platform';

/**
 * Reviews (issue 22 item 4) through the gateway, every service in its own process: a customer reviews a service
 * and a staff member of a completed appointment once each; the service's average (catalog, from scheduling's
 * review events) and the staff member's (scheduling) are exact after an edit and after a hidden review; the
 * public pages show only visible reviews; the customer's account deletion removes its reviews and the averages
 * follow.
 */
let platform: Platform;
const WAIT = { timeoutMs: 30_000, intervalMs: 100 };

beforeAll(async () => {
  platform = await startPlatform({ env: { gateway: UNLIMITED_RATES } });
}, 180_000);

afterAll(async () => {
  await platform?.stop();
}, 60_000);

interface Rating {
  average_rating: number | null;
  rating_count: number;
}

it('rolls reviews into exact averages, once each, hides, shows publicly and forgets a deleted customer', async () => {
  const business: Business = await registerBusiness(platform, 'Ulasan');
  const outlet = await firstOutlet(platform, business);
  const serviceId = await addCutAndStyle(platform, business);
  const sari = await addStaff(platform, business.token, {
    outlet_id: outlet.id,
    first_name: 'Sari',
    last_name: 'Dewi',
    email: `sari@${business.slug}.example`,
    service_ids: [serviceId],
  });
  const date = localDate(outlet.timezone, 3);
  await addWorkingDay(platform, business, sari.id, date);
  const rina = await registerCustomer(platform, business, 'rina@ulasan.example', 'Rina');
  const budi = await registerCustomer(platform, business, 'budi@ulasan.example', 'Budi');

  const book = (customer: Customer, start: string) =>
    staffBooks(platform, business, {
      outletId: outlet.id,
      customerId: customer.id,
      date,
      start,
      serviceId,
      staffId: sari.id,
    });
  const complete = async (appointmentId: string) => {
    for (const status of ['confirmed', 'completed'])
      expectStatus(
        await platform.request('PUT', `/appointments/${appointmentId}/status`, {
          token: business.token,
          body: { status },
        }),
        200,
      );
  };
  const review = (customer: Customer, appointmentId: string, body: Record<string, unknown>) =>
    platform.request('POST', `/customer/appointments/${appointmentId}/reviews`, {
      token: customer.token,
      body,
    });
  const serviceRating = async (): Promise<Rating> => {
    const body = expectStatus(
      await platform.request('GET', `/services/${serviceId}`, { token: business.token }),
      200,
    );
    return { average_rating: body.average_rating, rating_count: body.rating_count };
  };
  const staffRating = async (): Promise<Rating> => {
    const body = expectStatus(
      await platform.request('GET', `/staff/${sari.id}`, { token: business.token }),
      200,
    );
    return { average_rating: body.average_rating, rating_count: body.rating_count };
  };
  /** Catalog's average follows scheduling's events: waits until it shows `expected`. */
  const serviceRatingBecomes = async (expected: Rating) => {
    await waitFor(async () => JSON.stringify(await serviceRating()) === JSON.stringify(expected), WAIT).catch(
      async () => expect(await serviceRating()).toEqual(expected),
    );
    expect(await serviceRating()).toEqual(expected);
  };

  const rinaVisit = await book(rina, '10:00');
  const budiFirst = await book(budi, '12:00');
  const budiSecond = await book(budi, '14:00');

  // Only after COMPLETED.
  const early = await review(rina, rinaVisit, { service_id: serviceId, rating: 5 });
  expect(early.status).toBe(409);
  expect(early.body).toEqual({ detail: 'Only a completed appointment can be reviewed; this one is pending' });
  for (const id of [rinaVisit, budiFirst, budiSecond]) await complete(id);

  const rinaService = expectStatus(
    await review(rina, rinaVisit, { service_id: serviceId, rating: 5, comment: 'Best cut in town' }),
    201,
  );
  const rinaStaff = expectStatus(await review(rina, rinaVisit, { staff_id: sari.id, rating: 4 }), 201);
  // Once per service and staff member of an appointment.
  const twice = await review(rina, rinaVisit, { service_id: serviceId, rating: 1 });
  expect(twice.status).toBe(409);
  expect(twice.body).toEqual({ detail: 'This service of the appointment has already been reviewed' });
  expect((await review(rina, rinaVisit, { staff_id: sari.id, rating: 1 })).status).toBe(409);
  // Someone else's appointment; bad input.
  expect((await review(rina, budiFirst, { service_id: serviceId, rating: 1 })).status).toBe(404);
  const bad = await review(rina, rinaVisit, { service_id: serviceId, rating: 0 });
  expect(bad.status).toBe(422);
  expect(bad.body.detail[0].loc).toEqual(['body', 'rating']);

  const budiService = expectStatus(await review(budi, budiFirst, { service_id: serviceId, rating: 2 }), 201);
  const budiStaff = expectStatus(
    await review(budi, budiFirst, { staff_id: sari.id, rating: 1, comment: 'rude and useless' }),
    201,
  );
  expectStatus(await review(budi, budiSecond, { service_id: serviceId, rating: 4 }), 201);
  expectStatus(await review(budi, budiSecond, { staff_id: sari.id, rating: 5 }), 201);

  // (5 + 2 + 4) / 3 and (4 + 1 + 5) / 3.
  await serviceRatingBecomes({ average_rating: 3.67, rating_count: 3 });
  expect(await staffRating()).toEqual({ average_rating: 3.33, rating_count: 3 });

  // An edit replaces the old rating: (5 + 3 + 4) / 3.
  const edited = expectStatus(
    await platform.request('PUT', `/customer/reviews/${budiService.id}`, {
      token: budi.token,
      body: { rating: 3, comment: 'better on second thought' },
    }),
    200,
  );
  expect(edited).toMatchObject({ rating: 3, comment: 'better on second thought', status: 'visible' });
  await serviceRatingBecomes({ average_rating: 4, rating_count: 3 });

  // The staff member replies; TENANT_ADMIN hides the abusive one: kept, with who and why, not counted: (4 + 5) / 2.
  expectStatus(
    await platform.request('PUT', `/reviews/${rinaStaff.id}/reply`, {
      token: business.token,
      body: { reply: 'Thank you, Rina!' },
    }),
    200,
  );
  const hidden = expectStatus(
    await platform.request('PUT', `/reviews/${budiStaff.id}/hide`, {
      token: business.token,
      body: { reason: 'Abusive language' },
    }),
    200,
  );
  expect(hidden).toMatchObject({ status: 'hidden', hidden_reason: 'Abusive language', rating: 1 });
  expect(hidden.hidden_by).toMatch(/^[0-9a-f]{24}$/);
  expect(await staffRating()).toEqual({ average_rating: 4.5, rating_count: 2 });
  await serviceRatingBecomes({ average_rating: 4, rating_count: 3 });
  // A customer cannot hide.
  expect(
    (
      await platform.request('PUT', `/reviews/${budiService.id}/hide`, {
        token: budi.token,
        body: { reason: 'x' },
      })
    ).status,
  ).toBe(403);

  // Public reads, no token: visible reviews only, paged.
  const publicStaff = expectStatus(
    await platform.request('GET', `/public/tenants/${business.slug}/staff/${sari.id}/reviews`),
    200,
  );
  expect(publicStaff.total).toBe(2);
  expect(publicStaff.items.map((item: { rating: number }) => item.rating).sort()).toEqual([4, 5]);
  expect(JSON.stringify(publicStaff)).not.toContain('rude and useless');
  const rinaPublic = publicStaff.items.find((item: { id: string }) => item.id === rinaStaff.id);
  expect(rinaPublic).toMatchObject({ author_name: 'Rina', rating: 4, reply: 'Thank you, Rina!' });
  expect(rinaPublic.customer_id).toBeUndefined();
  const firstPage = expectStatus(
    await platform.request('GET', `/public/tenants/${business.slug}/services/${serviceId}/reviews?size=2`),
    200,
  );
  expect(firstPage).toMatchObject({ total: 3, page: 1, size: 2, pages: 2 });
  expect(firstPage.items).toHaveLength(2);
  const secondPage = expectStatus(
    await platform.request(
      'GET',
      `/public/tenants/${business.slug}/services/${serviceId}/reviews?size=2&page=2`,
    ),
    200,
  );
  expect(secondPage.items).toHaveLength(1);
  expect((await platform.request('GET', `/public/tenants/${business.slug}/staff/nope/reviews`)).status).toBe(
    422,
  );

  // Rina deletes her account. Her visit is moved into the past first: a completed appointment dated today or later
  // blocks the deletion (spec), and no API moves the clock.
  await platform.query(
    'scheduling',
    `UPDATE scheduling.appointments SET appointment_date = appointment_date - 30 WHERE id = $1`,
    [rinaVisit],
  );
  expectStatus(await platform.request('DELETE', '/customers/account', { token: rina.token }), 200);

  // Her reviews are gone and the averages follow: service (3 + 4) / 2, staff 5 (Budi's 1 stays hidden).
  await serviceRatingBecomes({ average_rating: 3.5, rating_count: 2 });
  expect(await staffRating()).toEqual({ average_rating: 5, rating_count: 1 });
  const afterDeletion = expectStatus(
    await platform.request('GET', `/public/tenants/${business.slug}/services/${serviceId}/reviews`),
    200,
  );
  expect(afterDeletion.total).toBe(2);
  expect(afterDeletion.items.map((item: { id: string }) => item.id)).not.toContain(rinaService.id);
  const all = expectStatus(await platform.request('GET', '/reviews', { token: business.token }), 200);
  expect(all.total).toBe(4);
  expect(all.items.map((item: { author_name: string }) => item.author_name)).not.toContain('Rina');
}, 240_000);
