import { originOf } from '@salon/messaging';
import { tenantIn, type RequestContext } from '@salon/service-kit';
import type { SubscriptionRecord } from '../db/subscription.repository';
import { PRODUCER, type BillingDeps } from './deps';
import { actingUser, changeSubscription, changesOf, lockedSubscription } from './subscription-changes';

/** POST /subscriptions/deactivate (SUPER_ADMIN): suspended, plan kept, access blocked everywhere. */
export async function deactivateSubscription(
  deps: BillingDeps,
  ctx: RequestContext,
  { reason }: { reason: string | null },
): Promise<SubscriptionRecord> {
  const tenantId = tenantIn(ctx);
  const userId = actingUser(ctx);
  return deps.db.withTx(async (tx) => {
    const subscription = await lockedSubscription(tx, tenantId);
    return changeSubscription(
      deps,
      tx,
      tenantId,
      {
        ...changesOf(subscription),
        status: 'suspended',
        metadata: {
          ...subscription.metadata,
          deactivated_at: deps.clock.now().toISOString(),
          deactivated_by: userId,
          deactivation_reason: reason,
        },
      },
      originOf(ctx, PRODUCER),
    );
  });
}
