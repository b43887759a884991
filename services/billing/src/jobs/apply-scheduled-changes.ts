import { originOf } from '@salon/messaging';
import type { RequestContext } from '@salon/service-kit';
import { lockDueScheduledChanges } from '../db/subscription.repository';
import { PRODUCER, type BillingDeps } from '../domain/deps';
import { addPeriod } from '../domain/plan-rules';
import { changeSubscription, changesOf } from '../domain/subscription-changes';

export const JOB_BATCH = 100;

/**
 * Every downgrade whose effective date is at or before `asOf` takes effect; the new plan's period starts at
 * the effective date. Batches of 100, each in its own transaction with SKIP LOCKED, so concurrent runs share
 * the work and a re-run finds nothing to do.
 */
export async function applyScheduledChanges(
  deps: BillingDeps,
  ctx: RequestContext,
  { asOf }: { asOf: Date },
): Promise<{ applied: number }> {
  let applied = 0;
  for (;;) {
    const count = await deps.db.withTx(async (tx) => {
      const due = await lockDueScheduledChanges(tx, asOf, JOB_BATCH);
      for (const subscription of due) {
        const change = subscription.scheduled_changes!;
        const start = new Date(change.effective_date);
        const period = change.target_plan === 'FREE' ? 'monthly' : subscription.billing_period;
        await changeSubscription(
          deps,
          tx,
          subscription.tenant_id,
          {
            ...changesOf(subscription),
            plan: change.target_plan,
            billing_period: period,
            current_period_start: start.toISOString(),
            current_period_end: addPeriod(start, period).toISOString(),
            scheduled_changes: null,
            metadata: {
              ...subscription.metadata,
              downgraded_at: asOf.toISOString(),
              previous_plan: subscription.plan.toLowerCase(),
            },
          },
          originOf(ctx, PRODUCER, subscription.tenant_id),
        );
      }
      return due.length;
    });
    applied += count;
    if (count < JOB_BATCH) return { applied };
  }
}
