import type { RequestContext } from '@salon/service-kit';
import type { BillingDeps } from '../domain/deps';
import { applyScheduledChanges } from './apply-scheduled-changes';
import { lapseEndedPeriods } from './lapse-ended-periods';

/**
 * POST /internal/jobs/apply-scheduled-changes, the daily job: scheduled downgrades first (a period that ends
 * with one applied is not lapsed), then the periods that ended without one.
 */
export async function endSubscriptionPeriods(
  deps: BillingDeps,
  ctx: RequestContext,
  { asOf }: { asOf: Date },
) {
  const scheduled = await applyScheduledChanges(deps, ctx, { asOf });
  return { ...scheduled, ...(await lapseEndedPeriods(deps, ctx, { asOf })) };
}
