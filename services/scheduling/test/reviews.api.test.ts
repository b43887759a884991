import { sql } from 'drizzle-orm';
import { newEvent } from '@salon/messaging';
import { newId, selectRows } from '@salon/service-kit';
import { captureEvents, startTestService, waitFor, type TestService } from '@salon/testing';
import { schedulingService } from '../src/definition';
import { addCustomer, addService, bookableSetup, bookingBody } from './helpers';

/** Reviews (issue 22 item 4): written after a completed appointment, moderated by staff, read publicly. */
describe('reviews', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(schedulingService);
  });
  afterAll(() => service.stop());

  type Setup = Awaited<ReturnType<typeof bookableSetup>>;

  /** A booking for the customer at `start`, moved to `status` by the admin. */
  async function appointment(
    setup: Setup,
    start: string,
    status?: 'completed',
    customerId = setup.customerId,
  ) {
    const booked = await service.request('POST', '/staff/appointments', {
      token: setup.admin,
      body: bookingBody({ ...setup, customerId }, start),
    });
    if (booked.status !== 201) throw new Error(`book: ${booked.status} ${JSON.stringify(booked.body)}`);
    if (status) {
      for (const next of ['confirmed', 'completed']) {
        const moved = await service.request('PUT', `/appointments/${booked.body.id}/status`, {
          token: setup.admin,
          body: { status: next },
        });
        if (moved.status !== 200) throw new Error(`status: ${moved.status} ${JSON.stringify(moved.body)}`);
      }
    }
    return booked.body.id as string;
  }

  const review = (
    setup: Setup,
    appointmentId: string,
    body: Record<string, unknown>,
    customerId = setup.customerId,
  ) =>
    service.request('POST', `/customer/appointments/${appointmentId}/reviews`, {
      token: setup.customerToken(customerId),
      body,
    });

  const staffRating = async (setup: Setup) => {
    const response = await service.request('GET', `/staff/${setup.staffId}`, { token: setup.admin });
    return { average_rating: response.body.average_rating, rating_count: response.body.rating_count };
  };

  it('takes a review only after completion, once per service and staff member, and validates it', async () => {
    const setup = await bookableSetup(service);
    const serviceId = setup.service.service_id;
    const id = await appointment(setup, '10:00');

    const early = await review(setup, id, { service_id: serviceId, rating: 5 });
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe('Only a completed appointment can be reviewed; this one is pending');

    for (const next of ['confirmed', 'completed']) {
      await service.request('PUT', `/appointments/${id}/status`, {
        token: setup.admin,
        body: { status: next },
      });
    }
    const capture = await captureEvents(service.testBus.bus, ['scheduling.review.upserted.v1']);
    const written = await review(setup, id, { service_id: serviceId, rating: 5, comment: '  Lovely cut  ' });
    expect(written.status).toBe(201);
    expect(written.body).toMatchObject({
      appointment_id: id,
      outlet_id: setup.outletId,
      subject_type: 'service',
      subject_id: serviceId,
      staff_id: setup.staffId,
      author_name: 'Ani',
      rating: 5,
      comment: 'Lovely cut',
      reply: null,
      status: 'visible',
      hidden_by: null,
    });
    const editableFor = Date.parse(written.body.editable_until) - Date.parse(written.body.created_at);
    expect(editableFor).toBe(7 * 24 * 3600 * 1000);
    const event = await capture.next(
      'scheduling.review.upserted.v1',
      (e) => e.data.review_id === written.body.id,
    );
    expect(event.data).toMatchObject({
      subject_type: 'service',
      subject_id: serviceId,
      rating: 5,
      counted: true,
      version: 1,
    });

    const again = await review(setup, id, { service_id: serviceId, rating: 1 });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('This service of the appointment has already been reviewed');
    expect((await review(setup, id, { staff_id: setup.staffId, rating: 4 })).status).toBe(201);
    expect((await review(setup, id, { staff_id: setup.staffId, rating: 4 })).status).toBe(409);

    // Bad input: 422 on the field; not on the appointment: 422; another customer's appointment: 404.
    const invalid = await review(setup, id, { service_id: serviceId, rating: 6, comment: 'x'.repeat(1001) });
    expect(invalid.status).toBe(422);
    expect(invalid.body.detail.map((issue: { loc: string[] }) => issue.loc)).toEqual([
      ['body', 'rating'],
      ['body', 'comment'],
    ]);
    const both = await review(setup, id, { service_id: serviceId, staff_id: setup.staffId, rating: 3 });
    expect(both.status).toBe(422);
    const other = await addService(service, setup.tenantId);
    const notOnIt = await review(setup, id, { service_id: other.service_id, rating: 3 });
    expect(notOnIt.status).toBe(422);
    expect(notOnIt.body.detail[0]).toMatchObject({ loc: ['body', 'service_id'] });
    const stranger = await addCustomer(service, setup.tenantId);
    expect((await review(setup, id, { service_id: serviceId, rating: 3 }, stranger)).status).toBe(404);
    const malformed = await service.request('POST', '/customer/appointments/nope/reviews', {
      token: setup.customerToken(setup.customerId),
      body: { service_id: serviceId, rating: 3 },
    });
    expect(malformed.status).toBe(422);
    // Wrong token kind; no token.
    const asStaff = await service.request('POST', `/customer/appointments/${id}/reviews`, {
      token: setup.admin,
      body: { service_id: serviceId, rating: 3 },
    });
    expect(asStaff.status).toBe(403);
    expect(
      (await service.request('PUT', `/reviews/${written.body.id}/hide`, { body: { reason: 'x' } })).status,
    ).toBe(401);
  });

  it("rolls staff reviews into the staff member's average: an edit replaces, a hidden review leaves", async () => {
    const setup = await bookableSetup(service);
    const first = await appointment(setup, '09:00', 'completed');
    const second = await appointment(setup, '11:00', 'completed');
    const a = await review(setup, first, { staff_id: setup.staffId, rating: 5 });
    const b = await review(setup, second, { staff_id: setup.staffId, rating: 2, comment: 'late' });
    expect(await staffRating(setup)).toEqual({ average_rating: 3.5, rating_count: 2 });

    const edited = await service.request('PUT', `/customer/reviews/${b.body.id}`, {
      token: setup.customerToken(setup.customerId),
      body: { rating: 4, comment: 'late, but good' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ rating: 4, comment: 'late, but good' });
    expect(await staffRating(setup)).toEqual({ average_rating: 4.5, rating_count: 2 });

    // Staff reply: the staff member reviewed and its admin may; another staff member and a receptionist may not.
    const own = setup.staff('STAFF', { staffId: setup.staffId });
    const replied = await service.request('PUT', `/reviews/${b.body.id}/reply`, {
      token: own,
      body: { reply: 'Sorry for the wait!' },
    });
    expect(replied.status).toBe(200);
    expect(replied.body).toMatchObject({ reply: 'Sorry for the wait!', replied_at: expect.any(String) });
    const otherStaff = setup.staff('STAFF', { staffId: newId() });
    expect(
      (
        await service.request('PUT', `/reviews/${b.body.id}/reply`, {
          token: otherStaff,
          body: { reply: 'x' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await service.request('PUT', `/reviews/${b.body.id}/reply`, {
          token: setup.admin,
          body: { reply: '' },
        })
      ).status,
    ).toBe(422);

    // Hiding: TENANT_ADMIN only; kept, with who and why, and no longer counted.
    const manager = setup.staff('OUTLET_MANAGER', { outletIds: [setup.outletId] });
    expect(
      (
        await service.request('PUT', `/reviews/${a.body.id}/hide`, {
          token: manager,
          body: { reason: 'abuse' },
        })
      ).status,
    ).toBe(403);
    const hidden = await service.request('PUT', `/reviews/${a.body.id}/hide`, {
      token: setup.admin,
      body: { reason: 'Insults a colleague' },
    });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({
      status: 'hidden',
      hidden_at: expect.any(String),
      hidden_by: expect.stringMatching(/^[0-9a-f]{24}$/),
      hidden_reason: 'Insults a colleague',
      rating: 5,
    });
    expect(await staffRating(setup)).toEqual({ average_rating: 4, rating_count: 1 });
    const editHidden = await service.request('PUT', `/customer/reviews/${a.body.id}`, {
      token: setup.customerToken(setup.customerId),
      body: { rating: 1 },
    });
    expect(editHidden.status).toBe(409);

    // The staff list shows both (hidden included), the public one only the visible.
    const listed = await service.request('GET', `/reviews?staff_id=${setup.staffId}`, { token: setup.admin });
    expect(listed.body).toMatchObject({ total: 2, page: 1 });
    const ownList = await service.request('GET', '/reviews?status=hidden', { token: own });
    expect(ownList.body.items.map((item: { id: string }) => item.id)).toEqual([a.body.id]);
    const slug = await tenantSlug(setup.tenantId);
    const publicPage = await service.request('GET', `/public/tenants/${slug}/staff/${setup.staffId}/reviews`);
    expect(publicPage.status).toBe(200);
    expect(publicPage.body).toEqual({
      items: [
        {
          id: b.body.id,
          author_name: 'Ani',
          rating: 4,
          comment: 'late, but good',
          reply: 'Sorry for the wait!',
          replied_at: expect.any(String),
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
      ],
      total: 1,
      page: 1,
      size: 20,
      pages: 1,
    });
    expect((await service.request('GET', `/public/tenants/${slug}/staff/${newId()}/reviews`)).status).toBe(
      404,
    );
    expect(
      (await service.request('GET', `/public/tenants/no-such-salon/staff/${setup.staffId}/reviews`)).status,
    ).toBe(404);
    expect(
      (
        await service.request(
          'GET',
          `/public/tenants/${slug}/services/${setup.service.service_id}/reviews?size=0`,
        )
      ).status,
    ).toBe(422);
  });

  it('refuses an edit after 7 days', async () => {
    const setup = await bookableSetup(service);
    const id = await appointment(setup, '10:00', 'completed');
    const written = await review(setup, id, { service_id: setup.service.service_id, rating: 3 });
    await service.running.context.db.orm.execute(
      sql`UPDATE scheduling.reviews SET editable_until = now() - interval '1 second' WHERE id = ${written.body.id}`,
    );
    const late = await service.request('PUT', `/customer/reviews/${written.body.id}`, {
      token: setup.customerToken(setup.customerId),
      body: { rating: 5 },
    });
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe('A review can be changed only within 7 days of writing it');
  });

  it("deletes the customer's reviews with its account, and the averages follow", async () => {
    const setup = await bookableSetup(service);
    const other = await addCustomer(service, setup.tenantId);
    const mine = await appointment(setup, '09:00', 'completed');
    const theirs = await appointment(setup, '11:00', 'completed', other);
    const gone = await review(setup, mine, { staff_id: setup.staffId, rating: 1 });
    const goneService = await review(setup, mine, { service_id: setup.service.service_id, rating: 1 });
    await review(setup, theirs, { staff_id: setup.staffId, rating: 5 }, other);
    expect(await staffRating(setup)).toEqual({ average_rating: 3, rating_count: 2 });

    const capture = await captureEvents(service.testBus.bus, ['scheduling.review.deleted.v1']);
    const deletion = newEvent(
      'identity.customer.deleted.v1',
      {
        customer_id: setup.customerId,
        tenant_id: setup.tenantId,
        reason: 'account_deletion',
        gdpr_deletion: true,
        deleted_at: new Date().toISOString(),
      },
      { producer: 'identity', tenantId: setup.tenantId },
    );
    await service.testBus.bus.publish([deletion]);
    await service.testBus.bus.publish([deletion]);
    await waitFor(async () => ((await staffRating(setup)).rating_count === 1 ? true : undefined));
    expect(await staffRating(setup)).toEqual({ average_rating: 5, rating_count: 1 });
    const deleted = await capture.next(
      'scheduling.review.deleted.v1',
      (e) => e.data.review_id === goneService.body.id,
    );
    expect(deleted.data).toMatchObject({
      subject_type: 'service',
      subject_id: setup.service.service_id,
      version: 2,
    });
    const listed = await service.request('GET', '/reviews', { token: setup.admin });
    expect(listed.body.items.map((item: { id: string }) => item.id)).not.toContain(gone.body.id);
    expect(listed.body.total).toBe(1);
  });

  async function tenantSlug(tenantId: string): Promise<string> {
    const [row] = await selectRows<{ slug: string }>(
      service.running.context.db.orm,
      sql`SELECT slug FROM scheduling.tenants WHERE tenant_id = ${tenantId}`,
    );
    return row!.slug;
  }
});
