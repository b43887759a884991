import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '@salon/service-kit';

/**
 * The merchant ledger of one tenant over `[from, to)`: what was paid, the platform's fees, refunds, deposits kept as
 * fees (already in what was paid: not counted in the net again), the net.
 */
export interface LedgerTotals {
  currency: string | null;
  payments: number;
  gross: string;
  platform_fees: string;
  refunds: number;
  refunded: string;
  refunded_fees: string;
  deposits_kept: number;
  kept: string;
  net: string;
}

export async function ledgerTotals(
  executor: Executor,
  tenantId: string,
  { from, to }: { from: Date; to: Date },
): Promise<LedgerTotals> {
  const [row] = await selectRows<LedgerTotals>(
    executor,
    sql`SELECT min(currency) AS currency,
          count(*) FILTER (WHERE entry_type = 'credit')::int AS payments,
          coalesce(sum(base_amount) FILTER (WHERE entry_type = 'credit'), 0)::text AS gross,
          coalesce(sum(platform_fee) FILTER (WHERE entry_type = 'credit'), 0)::text AS platform_fees,
          count(*) FILTER (WHERE entry_type = 'reversal')::int AS refunds,
          coalesce(-sum(base_amount) FILTER (WHERE entry_type = 'reversal'), 0)::text AS refunded,
          coalesce(-sum(platform_fee) FILTER (WHERE entry_type = 'reversal'), 0)::text AS refunded_fees,
          count(*) FILTER (WHERE entry_type = 'deposit_kept')::int AS deposits_kept,
          coalesce(sum(base_amount) FILTER (WHERE entry_type = 'deposit_kept'), 0)::text AS kept,
          coalesce(sum(net_amount) FILTER (WHERE entry_type IN ('credit', 'reversal')), 0)::text AS net
        FROM commerce.merchant_ledger
        WHERE tenant_id = ${tenantId} AND created_at >= ${from.toISOString()}::timestamptz
          AND created_at < ${to.toISOString()}::timestamptz`,
  );
  return row!;
}

/** Something in the money tables that does not add up: what it is, and the row it is about. */
export interface LedgerDiscrepancy {
  check: string;
  tenant_id: string;
  entity_id: string;
  detail: string;
}

/**
 * Every invariant the money tables keep, checked across all tenants: each ledger entry's net is its base less
 * its fee; a credit carries its invoice's base and fee; a reversal takes back no more than its credit and never
 * stands alone; a completed provider payment has its credit; a wallet's balance is the sum of its movements.
 */
export async function findLedgerDiscrepancies(executor: Executor): Promise<LedgerDiscrepancy[]> {
  return selectRows<LedgerDiscrepancy>(
    executor,
    sql`SELECT 'entry_net' AS check, tenant_id, id AS entity_id,
          format('net %s is not base %s less fee %s', net_amount, base_amount, platform_fee) AS detail
        FROM commerce.merchant_ledger WHERE net_amount <> base_amount - platform_fee
      UNION ALL
        SELECT 'credit_matches_invoice', l.tenant_id, l.id,
          format('credit base %s fee %s, invoice subtotal %s fee %s', l.base_amount, l.platform_fee, i.subtotal,
            i.platform_fee)
        FROM commerce.merchant_ledger l JOIN commerce.invoices i ON i.id = l.invoice_id
        WHERE l.entry_type = 'credit' AND (l.base_amount <> i.subtotal OR l.platform_fee <> i.platform_fee)
      UNION ALL
        SELECT 'reversal_within_credit', r.tenant_id, r.id,
          format('reversal base %s against credit %s', r.base_amount, coalesce(c.base_amount::text, 'none'))
        FROM commerce.merchant_ledger r
        LEFT JOIN commerce.merchant_ledger c ON c.invoice_id = r.invoice_id AND c.entry_type = 'credit'
        WHERE r.entry_type = 'reversal'
          AND (c.id IS NULL OR -r.base_amount > c.base_amount OR -r.platform_fee > c.platform_fee)
      UNION ALL
        SELECT 'paid_has_credit', p.tenant_id, p.id, format('completed payment of invoice %s has no credit', i.id)
        FROM commerce.payments p JOIN commerce.invoices i ON i.id = p.invoice_id
        WHERE p.status = 'COMPLETED' AND p.provider = 'gateway' AND i.type <> 'SUBSCRIPTION'
          AND NOT EXISTS (SELECT 1 FROM commerce.merchant_ledger l WHERE l.invoice_id = i.id AND l.entry_type = 'credit')
      UNION ALL
        SELECT 'wallet_balance', w.tenant_id, w.customer_id,
          format('balance %s, movements add up to %s', w.balance, coalesce(t.total, 0))
        FROM commerce.wallets w
        LEFT JOIN (SELECT tenant_id, customer_id, sum(amount) AS total FROM commerce.wallet_transactions
                   GROUP BY tenant_id, customer_id) t
          ON t.tenant_id = w.tenant_id AND t.customer_id = w.customer_id
        WHERE w.balance <> coalesce(t.total, 0)
      ORDER BY 1, 2, 3`,
  );
}
