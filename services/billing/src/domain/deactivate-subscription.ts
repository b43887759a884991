import type { RequestContext } from '@salon/service-kit';
import type { SubscriptionRecord } from '../db/subscription.repository';
import type { BillingDeps } from './deps';
import { changeByStaff, deactivatedMetadata } from './subscription-changes';

/** POST /subscriptions/deactivate (SUPER_ADMIN): suspended, plan kept, access blocked everywhere. */
export async function deactivateSubscription(
  deps: BillingDeps,
  ctx: RequestContext,
  { reason }: { reason: string | null },
): Promise<SubscriptionRecord> {
  return changeByStaff(deps, ctx, (subscription, userId) => ({
    status: 'suspended',
    metadata: deactivatedMetadata(subscription.metadata, {
      at: deps.clock.now().toISOString(),
      by: userId,
      reason,
    }),
  }));
}
