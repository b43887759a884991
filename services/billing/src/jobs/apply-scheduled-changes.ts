import { originOf } from '@salon/messaging';
import type { RequestContext } from '@salon/service-kit';
import { lockDueScheduledChanges } from '../db/subscription.repository';
import { PRODUCER, type BillingDeps } from '../domain/deps';
import { applyScheduledChange } from '../domain/apply-scheduled-change';

export const JOB_BATCH = 100;

/**
 * The backstop of the due-downgrade tasks: every downgrade whose effective date is at or before `asOf` and
 * that its task (`billing.scheduled_change.due.v1`) has not applied takes effect. Batches of 100, each in its
 * own transaction with SKIP LOCKED, so concurrent runs share the work and a re-run finds nothing to do.
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
      for (const subscription of due)
        await applyScheduledChange(
          deps,
          tx,
          subscription,
          asOf,
          originOf(ctx, PRODUCER, subscription.tenant_id),
        );
      return due.length;
    });
    applied += count;
    if (count < JOB_BATCH) return { applied };
  }
}
