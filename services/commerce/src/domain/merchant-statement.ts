import { formatMoney, money, tenantIn, type RequestContext } from '@salon/service-kit';
import { ledgerTotals } from '../db/ledger.repository';
import type { CommerceDeps } from './deps';

const DAY_MS = 86_400_000;

/**
 * GET /merchant/statement: the caller's tenant's money over whole UTC days, from the merchant ledger (what the
 * platform took for the salon and owes it), so it adds up with the ledger check by construction.
 */
export async function merchantStatement(
  deps: Pick<CommerceDeps, 'db'>,
  ctx: RequestContext,
  period: { from: string; to: string },
) {
  const tenantId = tenantIn(ctx);
  const totals = await ledgerTotals(deps.db.orm, tenantId, {
    from: new Date(`${period.from}T00:00:00Z`),
    to: new Date(Date.parse(`${period.to}T00:00:00Z`) + DAY_MS),
  });
  return {
    tenant_id: tenantId,
    period,
    currency: totals.currency,
    payments: {
      count: totals.payments,
      gross: formatMoney(totals.gross),
      platform_fees: formatMoney(totals.platform_fees),
    },
    refunds: {
      count: totals.refunds,
      amount: formatMoney(totals.refunded),
      platform_fees: formatMoney(totals.refunded_fees),
    },
    deposits_kept: { count: totals.deposits_kept, amount: formatMoney(totals.kept) },
    owed_to_merchant: formatMoney(money(totals.net)),
  };
}
