import type { ReviewUpsertedV1 } from '@salon/contracts';
import { newEvent } from '@salon/messaging';
import { newId } from '@salon/service-kit';
import { applyInbox, startTestService, waitFor, type TestService } from '@salon/testing';
import { catalogService } from '../src/definition';
import { onSchedulingReviewDeleted } from '../src/events/handlers/scheduling.review.deleted';
import { onSchedulingReviewUpserted } from '../src/events/handlers/scheduling.review.upserted';
import { createdService, newTenant, onPlan } from './helpers';

/** A service's average_rating and rating_count from scheduling's review events (issue 22 item 4). */
describe('service ratings from review events', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(catalogService);
  });
  afterAll(() => service.stop());

  async function ratedService() {
    const tenant = newTenant(service);
    await onPlan(service, tenant.tenantId, 'ENTERPRISE');
    const created = await createdService(service, tenant.admin);
    const ratingOf = async () => {
      const response = await service.request('GET', `/services/${created.id}`, { token: tenant.admin });
      return { average_rating: response.body.average_rating, rating_count: response.body.rating_count };
    };
    const review = (rating: number, version: number, overrides: Partial<ReviewUpsertedV1> = {}) =>
      newEvent(
        'scheduling.review.upserted.v1',
        {
          review_id: newId(),
          tenant_id: tenant.tenantId,
          appointment_id: newId(),
          subject_type: 'service' as const,
          subject_id: created.id as string,
          rating,
          counted: true,
          updated_at: new Date().toISOString(),
          version,
          ...overrides,
        },
        { producer: 'scheduling', tenantId: tenant.tenantId },
      );
    return { tenant, serviceId: created.id as string, ratingOf, review };
  }

  it('counts each review once, replaces an edited rating, leaves out hidden and deleted ones', async () => {
    const { ratingOf, review, tenant, serviceId } = await ratedService();
    expect(await ratingOf()).toEqual({ average_rating: null, rating_count: 0 });

    const five = review(5, 1);
    await applyInbox(service, onSchedulingReviewUpserted, five);
    await applyInbox(service, onSchedulingReviewUpserted, five); // a redelivery: the same version again
    const four = review(4, 1);
    await applyInbox(service, onSchedulingReviewUpserted, four);
    const two = review(2, 1);
    await applyInbox(service, onSchedulingReviewUpserted, two);
    expect(await ratingOf()).toEqual({ average_rating: 3.67, rating_count: 3 });

    // The 2 edited to 3: (5 + 4 + 3) / 3; an older version arriving late changes nothing.
    const edited = { ...two, id: newId(), data: { ...two.data, rating: 3, version: 2 } };
    await applyInbox(service, onSchedulingReviewUpserted, edited);
    await applyInbox(service, onSchedulingReviewUpserted, two);
    expect(await ratingOf()).toEqual({ average_rating: 4, rating_count: 3 });

    // The 4 hidden: (5 + 3) / 2.
    await applyInbox(service, onSchedulingReviewUpserted, {
      ...four,
      id: newId(),
      data: { ...four.data, counted: false, version: 2 },
    });
    expect(await ratingOf()).toEqual({ average_rating: 4, rating_count: 2 });

    // The 5 deleted with its customer; an upsert of it arriving after the deletion does not count it again.
    const deleted = newEvent(
      'scheduling.review.deleted.v1',
      {
        review_id: five.data.review_id,
        tenant_id: tenant.tenantId,
        subject_type: 'service',
        subject_id: serviceId,
        version: 2,
      },
      { producer: 'scheduling', tenantId: tenant.tenantId },
    );
    await applyInbox(service, onSchedulingReviewDeleted, deleted);
    await applyInbox(service, onSchedulingReviewUpserted, five);
    expect(await ratingOf()).toEqual({ average_rating: 3, rating_count: 1 });
  });

  it('ignores staff reviews, and reads review events from the broker', async () => {
    const { ratingOf, review } = await ratedService();
    await applyInbox(service, onSchedulingReviewUpserted, review(1, 1, { subject_type: 'staff' }));
    expect(await ratingOf()).toEqual({ average_rating: null, rating_count: 0 });

    const event = review(5, 1);
    await service.testBus.bus.publish([event]);
    await service.testBus.bus.publish([event]);
    await waitFor(async () => ((await ratingOf()).rating_count === 1 ? true : undefined));
    await service.testBus.bus.publish([review(4, 1)]);
    await waitFor(async () => ((await ratingOf()).rating_count === 2 ? true : undefined));
    expect(await ratingOf()).toEqual({ average_rating: 4.5, rating_count: 2 });
  });
});
