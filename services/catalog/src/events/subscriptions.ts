import { InboxConsumer, type MessagingStore, type Subscription } from '@salon/messaging';
import { onIdentityOutletUpserted } from './handlers/identity.outlet.upserted';
import { onIdentityTenantRegistered } from './handlers/identity.tenant.registered';
import { onIdentityTenantUpdated } from './handlers/identity.tenant.updated';
import { onSchedulingReviewDeleted } from './handlers/scheduling.review.deleted';
import { onSchedulingReviewUpserted } from './handlers/scheduling.review.upserted';

export const TENANT_CONSUMER = 'catalog.identity-tenants';
export const OUTLET_CONSUMER = 'catalog.identity-outlets';
export const REVIEW_CONSUMER = 'catalog.scheduling-reviews';

/**
 * Catalog's replicas of identity's facts (billing's plans are kept by the runtime's plan-limits replica) and the
 * ratings of its services from scheduling's reviews.
 */
export function catalogSubscriptions(store: MessagingStore): Subscription[] {
  return [
    new InboxConsumer(store, TENANT_CONSUMER)
      .on('identity.tenant.registered.v1', onIdentityTenantRegistered)
      .on('identity.tenant.updated.v1', onIdentityTenantUpdated)
      .subscription(),
    new InboxConsumer(store, OUTLET_CONSUMER)
      .on('identity.outlet.upserted.v1', onIdentityOutletUpserted)
      .subscription(),
    new InboxConsumer(store, REVIEW_CONSUMER)
      .on('scheduling.review.upserted.v1', onSchedulingReviewUpserted)
      .on('scheduling.review.deleted.v1', onSchedulingReviewDeleted)
      .subscription(),
  ];
}
