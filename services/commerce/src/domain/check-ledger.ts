import { getOrCreateGauge, type RequestContext } from '@salon/service-kit';
import { findLedgerDiscrepancies, type LedgerDiscrepancy } from '../db/ledger.repository';
import type { CommerceDeps } from './deps';

/** What the last check found; the `LedgerOutOfBalance` alert fires while it is above zero. */
export const discrepanciesFound = () =>
  getOrCreateGauge({
    name: 'commerce_ledger_discrepancies',
    help: 'Money rows the last ledger check found out of balance (0: everything adds up)',
  });

/**
 * POST /internal/jobs/check-ledger (the daily CronJob): every money invariant checked across all tenants
 * (`findLedgerDiscrepancies`); each discrepancy is logged as an error with the row it is about, and their
 * number is the gauge the operator's alert watches. Reading only: nothing is corrected automatically.
 */
export async function checkLedger(
  deps: Pick<CommerceDeps, 'db' | 'logger'>,
  ctx: RequestContext,
): Promise<{ checked_at: string; discrepancies: LedgerDiscrepancy[] }> {
  const discrepancies = await findLedgerDiscrepancies(deps.db.orm);
  discrepanciesFound().set(discrepancies.length);
  for (const found of discrepancies)
    deps.logger.error({ ...found, request_id: ctx.requestId }, 'ledger out of balance');
  return { checked_at: new Date().toISOString(), discrepancies };
}
