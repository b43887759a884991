import type { PlanType } from '@salon/contracts';
import { badRequest, type RequestContext } from '@salon/service-kit';
import type { SubscriptionRecord } from '../db/subscription.repository';
import type { BillingDeps } from './deps';
import { comparePlans } from './plan-rules';
import { changeRequested } from './subscription-changes';

/**
 * POST /subscriptions/downgrade: scheduled for the end of the period; the plan stays until then (the daily
 * job, jobs/apply-scheduled-changes, applies it).
 */
export async function scheduleDowngrade(
  deps: BillingDeps,
  ctx: RequestContext,
  { targetPlan, reason }: { targetPlan: PlanType; reason: string | null },
): Promise<SubscriptionRecord> {
  return changeRequested(deps, ctx, (subscription) => {
    if (comparePlans(targetPlan, subscription.plan) >= 0)
      throw badRequest(
        `Target plan must be lower than the current plan (${subscription.plan.toLowerCase()}); use upgrade for a higher plan`,
      );
    return {
      scheduled_changes: {
        target_plan: targetPlan,
        effective_date: subscription.current_period_end,
        reason,
        scheduled_at: deps.clock.now().toISOString(),
      },
    };
  });
}
