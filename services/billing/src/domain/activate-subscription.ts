import { badRequest, type RequestContext } from '@salon/service-kit';
import type { SubscriptionRecord } from '../db/subscription.repository';
import type { BillingDeps } from './deps';
import { activatedMetadata, changeByStaff } from './subscription-changes';

/** POST /subscriptions/activate (SUPER_ADMIN): active again, deactivation metadata cleared. */
export async function activateSubscription(
  deps: BillingDeps,
  ctx: RequestContext,
): Promise<SubscriptionRecord> {
  return changeByStaff(deps, ctx, (subscription, userId) => {
    if (subscription.status !== 'suspended') throw badRequest('Subscription is not suspended');
    return {
      status: 'active',
      metadata: activatedMetadata(subscription.metadata, { at: deps.clock.now().toISOString(), by: userId }),
    };
  });
}
