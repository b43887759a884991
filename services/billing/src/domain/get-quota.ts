import type { RequestContext } from '@salon/service-kit';
import { ensureQuota, usageTotals } from '../db/token.repository';
import type { BillingDeps } from './deps';
import { blockOf, customerKeyIn, effectiveQuota } from './token-quota';
import { quotaStatus, utcDay, utcMonth } from './token-rules';

/** GET /token-usage/quota: creates the record on first use; the counters of the current UTC day and month. */
export async function getQuota(deps: BillingDeps, ctx: RequestContext) {
  const key = customerKeyIn(ctx);
  const now = deps.clock.now();
  return deps.db.withTx(async (tx) => {
    const record = await ensureQuota(tx, key.tenantId, key.customerId);
    const quota = await effectiveQuota(deps, tx, key, record);
    const used = await usageTotals(tx, { ...key, day: utcDay(now), month: utcMonth(now) });
    return quotaStatus({
      usedToday: used.today,
      usedThisMonth: used.month,
      quota,
      block: blockOf(record),
      now,
    });
  });
}
