import { originOf } from '@salon/messaging';
import { notFound, tenantIn, type RequestContext } from '@salon/service-kit';
import type { SubscriptionRecord } from '../db/subscription.repository';
import { PRODUCER, type BillingDeps } from './deps';
import { changeSubscription, changesOf, lockedSubscription } from './subscription-changes';

/** DELETE /subscriptions/scheduled-changes: 404 when nothing is scheduled. */
export async function cancelScheduledChanges(
  deps: BillingDeps,
  ctx: RequestContext,
): Promise<SubscriptionRecord> {
  const tenantId = tenantIn(ctx);
  return deps.db.withTx(async (tx) => {
    const subscription = await lockedSubscription(tx, tenantId);
    if (!subscription.scheduled_changes) throw notFound('No scheduled changes');
    return changeSubscription(
      deps,
      tx,
      tenantId,
      { ...changesOf(subscription), scheduled_changes: null },
      originOf(ctx, PRODUCER),
    );
  });
}
