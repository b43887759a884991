import { badRequest, type RequestContext } from '@salon/service-kit';
import type { SubscriptionRecord } from '../db/subscription.repository';
import type { BillingDeps } from './deps';
import { changeByStaff } from './subscription-changes';

/** POST /subscriptions/cancel: FREE at once, status active; refused on FREE. */
export async function cancelSubscription(
  deps: BillingDeps,
  ctx: RequestContext,
): Promise<SubscriptionRecord> {
  return changeByStaff(deps, ctx, (subscription, userId) => {
    if (subscription.plan === 'FREE') throw badRequest('Subscription is already on the FREE plan');
    return {
      plan: 'FREE',
      status: 'active',
      scheduled_changes: null,
      metadata: {
        ...subscription.metadata,
        cancelled_at: deps.clock.now().toISOString(),
        cancelled_by: userId,
        previous_plan: subscription.plan.toLowerCase(),
      },
    };
  });
}
