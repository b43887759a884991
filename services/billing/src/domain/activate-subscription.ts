import { originOf } from '@salon/messaging';
import { badRequest, tenantIn, type RequestContext } from '@salon/service-kit';
import type { SubscriptionRecord } from '../db/subscription.repository';
import { PRODUCER, type BillingDeps } from './deps';
import {
  actingUser,
  changeSubscription,
  changesOf,
  lockedSubscription,
  withoutDeactivation,
} from './subscription-changes';

/** POST /subscriptions/activate (SUPER_ADMIN): active again, deactivation metadata cleared. */
export async function activateSubscription(
  deps: BillingDeps,
  ctx: RequestContext,
): Promise<SubscriptionRecord> {
  const tenantId = tenantIn(ctx);
  const userId = actingUser(ctx);
  return deps.db.withTx(async (tx) => {
    const subscription = await lockedSubscription(tx, tenantId);
    if (subscription.status !== 'suspended') throw badRequest('Subscription is not suspended');
    return changeSubscription(
      deps,
      tx,
      tenantId,
      {
        ...changesOf(subscription),
        status: 'active',
        metadata: {
          ...withoutDeactivation(subscription.metadata),
          activated_at: deps.clock.now().toISOString(),
          activated_by: userId,
        },
      },
      originOf(ctx, PRODUCER),
    );
  });
}
