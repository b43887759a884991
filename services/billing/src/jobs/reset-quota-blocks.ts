import type { RequestContext } from '@salon/service-kit';
import { liftLapsedBlocks } from '../db/token.repository';
import type { BillingDeps } from '../domain/deps';

/**
 * POST /token-usage/quota-reset(-monthly): lift lapsed daily (or monthly) blocks. Counters need no reset:
 * they are keyed by day.
 */
export async function resetQuotaBlocks(
  deps: BillingDeps,
  _ctx: RequestContext,
  { kind, asOf }: { kind: 'daily' | 'monthly'; asOf: Date },
) {
  const reason = kind === 'daily' ? 'daily_quota_exceeded' : 'monthly_quota_exceeded';
  const reset = await deps.db.withTx((tx) => liftLapsedBlocks(tx, reason, asOf));
  return { success: true, reset_count: reset, as_of: asOf.toISOString() };
}
