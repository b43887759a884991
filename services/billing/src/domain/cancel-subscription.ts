import { originOf } from '@salon/messaging';
import { badRequest, tenantIn, type RequestContext } from '@salon/service-kit';
import type { SubscriptionRecord } from '../db/subscription.repository';
import { PRODUCER, type BillingDeps } from './deps';
import { actingUser, changeSubscription, changesOf, lockedSubscription } from './subscription-changes';

/** POST /subscriptions/cancel: FREE at once, status active; refused on FREE. */
export async function cancelSubscription(
  deps: BillingDeps,
  ctx: RequestContext,
): Promise<SubscriptionRecord> {
  const tenantId = tenantIn(ctx);
  const userId = actingUser(ctx);
  return deps.db.withTx(async (tx) => {
    const subscription = await lockedSubscription(tx, tenantId);
    if (subscription.plan === 'FREE') throw badRequest('Subscription is already on the FREE plan');
    const now = deps.clock.now();
    return changeSubscription(
      deps,
      tx,
      tenantId,
      {
        ...changesOf(subscription),
        plan: 'FREE',
        status: 'active',
        scheduled_changes: null,
        metadata: {
          ...subscription.metadata,
          cancelled_at: now.toISOString(),
          cancelled_by: userId,
          previous_plan: subscription.plan.toLowerCase(),
        },
      },
      originOf(ctx, PRODUCER),
    );
  });
}
