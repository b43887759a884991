import type { PlanType } from '@salon/contracts';
import { originOf } from '@salon/messaging';
import { badRequest, tenantIn, type RequestContext } from '@salon/service-kit';
import type { SubscriptionRecord } from '../db/subscription.repository';
import { enqueueScheduledChangeDue } from './apply-scheduled-change';
import { PRODUCER, type BillingDeps } from './deps';
import { comparePlans } from './plan-rules';
import { changeSubscription, changesOf, lockedSubscription } from './subscription-changes';

/**
 * POST /subscriptions/downgrade: scheduled for the end of the period; the plan stays until then. Its task
 * arrives at the effective date and applies it (the daily job, jobs/apply-scheduled-changes, is the backstop).
 */
export async function scheduleDowngrade(
  deps: BillingDeps,
  ctx: RequestContext,
  { targetPlan, reason }: { targetPlan: PlanType; reason: string | null },
): Promise<SubscriptionRecord> {
  const tenantId = tenantIn(ctx);
  const origin = originOf(ctx, PRODUCER);
  return deps.db.withTx(async (tx) => {
    const subscription = await lockedSubscription(tx, tenantId);
    if (comparePlans(targetPlan, subscription.plan) >= 0)
      throw badRequest(
        `Target plan must be lower than the current plan (${subscription.plan.toLowerCase()}); use upgrade for a higher plan`,
      );
    const scheduled = await changeSubscription(
      deps,
      tx,
      tenantId,
      {
        ...changesOf(subscription),
        scheduled_changes: {
          target_plan: targetPlan,
          effective_date: subscription.current_period_end,
          reason,
          scheduled_at: deps.clock.now().toISOString(),
        },
      },
      origin,
    );
    await enqueueScheduledChangeDue(deps, tx, scheduled, origin);
    return scheduled;
  });
}
