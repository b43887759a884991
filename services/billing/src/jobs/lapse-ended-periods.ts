import { originOf } from '@salon/messaging';
import type { RequestContext } from '@salon/service-kit';
import { lockLapsed } from '../db/subscription.repository';
import { PRODUCER, type BillingDeps } from '../domain/deps';
import { addPeriod } from '../domain/plan-rules';
import { changeSubscription, changesOf } from '../domain/subscription-changes';
import { JOB_BATCH } from './apply-scheduled-changes';

export interface LapseCounts {
  past_due: number;
  expired: number;
  free_periods_renewed: number;
}

/**
 * Periods that ended by `asOf` without a scheduled change. FREE renews itself month by month. A paid plan
 * unpaid at its period end turns `past_due` and keeps its limits for PAST_DUE_GRACE_DAYS, so a salon is not
 * cut off mid-week by a late transfer; after that it `expired`: FREE limits from `asOf`, never blocked (only
 * `suspended` blocks). A paid renewal or upgrade makes it active again.
 */
export async function lapseEndedPeriods(
  deps: BillingDeps,
  ctx: RequestContext,
  { asOf }: { asOf: Date },
): Promise<LapseCounts> {
  const counts: LapseCounts = { past_due: 0, expired: 0, free_periods_renewed: 0 };
  for (;;) {
    const moved = await deps.db.withTx(async (tx) => {
      const due = await lockLapsed(tx, asOf, deps.config.PAST_DUE_GRACE_DAYS, JOB_BATCH);
      for (const subscription of due) {
        const changes = changesOf(subscription);
        if (subscription.plan === 'FREE') {
          let start = new Date(subscription.current_period_end);
          while (addPeriod(start, 'monthly').getTime() <= asOf.getTime()) start = addPeriod(start, 'monthly');
          changes.current_period_start = start.toISOString();
          changes.current_period_end = addPeriod(start, 'monthly').toISOString();
          counts.free_periods_renewed += 1;
        } else if (subscription.status === 'active') {
          changes.status = 'past_due';
          changes.metadata = { ...subscription.metadata, past_due_since: subscription.current_period_end };
          counts.past_due += 1;
        } else {
          Object.assign(changes, {
            plan: 'FREE',
            status: 'expired',
            billing_period: 'monthly',
            current_period_start: asOf.toISOString(),
            current_period_end: addPeriod(asOf, 'monthly').toISOString(),
            metadata: {
              ...subscription.metadata,
              expired_at: asOf.toISOString(),
              previous_plan: subscription.plan.toLowerCase(),
            },
          });
          counts.expired += 1;
        }
        await changeSubscription(
          deps,
          tx,
          subscription.tenant_id,
          changes,
          originOf(ctx, PRODUCER, subscription.tenant_id),
        );
      }
      return due.length;
    });
    if (moved < JOB_BATCH) return counts;
  }
}
