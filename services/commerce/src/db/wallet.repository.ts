import { sql } from 'drizzle-orm';
import { newId, selectRows, type Executor, isoOf } from '@salon/service-kit';

export interface WalletTransactionRow {
  id: string;
  amount: string;
  kind: 'credit' | 'debit' | 'refund';
  reason: string | null;
  reference: string | null;
  balance_after: string;
  created_at: string;
}

/** The customer's wallet row, created empty if missing, locked for the caller's transaction. */
export async function lockWallet(tx: Executor, tenantId: string, customerId: string, currency: string) {
  await tx.execute(sql`
    INSERT INTO commerce.wallets (tenant_id, customer_id, currency) VALUES (${tenantId}, ${customerId}, ${currency})
    ON CONFLICT DO NOTHING`);
  const [row] = await selectRows<{ balance: string; currency: string }>(
    tx,
    sql`SELECT balance::text AS balance, currency FROM commerce.wallets
        WHERE tenant_id = ${tenantId} AND customer_id = ${customerId} FOR UPDATE`,
  );
  return row as { balance: string; currency: string };
}

export async function walletBalance(executor: Executor, tenantId: string, customerId: string) {
  const [row] = await selectRows<{ balance: string; currency: string }>(
    executor,
    sql`SELECT balance::text AS balance, currency FROM commerce.wallets
        WHERE tenant_id = ${tenantId} AND customer_id = ${customerId}`,
  );
  return row;
}

/** Adds `amount` (negative debits) and records the transaction; the CHECK keeps the balance >= 0. */
export async function moveWallet(
  tx: Executor,
  tenantId: string,
  customerId: string,
  change: {
    amount: string;
    kind: 'credit' | 'debit' | 'refund';
    reason: string | null;
    reference: string | null;
    by: string | null;
  },
): Promise<string> {
  const [row] = await selectRows<{ balance: string }>(
    tx,
    sql`UPDATE commerce.wallets SET balance = balance + ${change.amount}::numeric, updated_at = now()
        WHERE tenant_id = ${tenantId} AND customer_id = ${customerId} RETURNING balance::text AS balance`,
  );
  const balance = (row as { balance: string }).balance;
  await tx.execute(sql`
    INSERT INTO commerce.wallet_transactions (id, tenant_id, customer_id, amount, kind, reason, reference,
      balance_after, created_by)
    VALUES (${newId()}, ${tenantId}, ${customerId}, ${change.amount}, ${change.kind}, ${change.reason},
      ${change.reference}, ${balance}, ${change.by})`);
  return balance;
}

export async function recentTransactions(
  executor: Executor,
  tenantId: string,
  customerId: string,
  limit = 20,
) {
  return selectRows<WalletTransactionRow>(
    executor,
    sql`SELECT id, amount::text AS amount, kind, reason, reference, balance_after::text AS balance_after,
          ${isoOf(sql`created_at`)} AS created_at
        FROM commerce.wallet_transactions WHERE tenant_id = ${tenantId} AND customer_id = ${customerId}
        ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
  );
}
