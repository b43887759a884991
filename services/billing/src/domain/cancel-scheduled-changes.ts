import { notFound, type RequestContext } from '@salon/service-kit';
import type { SubscriptionRecord } from '../db/subscription.repository';
import type { BillingDeps } from './deps';
import { changeRequested } from './subscription-changes';

/** DELETE /subscriptions/scheduled-changes: 404 when nothing is scheduled. */
export async function cancelScheduledChanges(
  deps: BillingDeps,
  ctx: RequestContext,
): Promise<SubscriptionRecord> {
  return changeRequested(deps, ctx, (subscription) => {
    if (!subscription.scheduled_changes) throw notFound('No scheduled changes');
    return { scheduled_changes: null };
  });
}
