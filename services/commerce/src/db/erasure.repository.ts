import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '@salon/service-kit';

/** Payment statuses that moved money: kept (anonymised) for the merchant's books when a customer is erased. */
export const SETTLED_PAYMENT_STATUSES = ['COMPLETED', 'REFUNDED'] as const;

const settled = sql.join(
  SETTLED_PAYMENT_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

export interface ErasureCounts {
  payments_anonymised: number;
  payments_deleted: number;
  invoices_anonymised: number;
  invoices_deleted: number;
  customer_packages_anonymised: number;
  customer_packages_deleted: number;
  wallet_transactions_deleted: number;
  wallets_deleted: number;
}

async function count(tx: Executor, statement: SQL): Promise<number> {
  return (await selectRows<{ id: string }>(tx, statement)).length;
}

/**
 * identity.customer.deleted.v1, in the inbox transaction. Money that moved stays in the books without the
 * customer: settled payments, PAID invoices, and customer packages paid by a settled payment (with their credits
 * and redemptions) lose the customer reference and free text. Everything else of the customer goes: other
 * payments, unpaid invoices, unpaid customer packages (with their credits), the wallet and its transactions.
 * Commerce stores no saved payment methods (the provider's hosted page holds them).
 */
export async function eraseCustomerData(
  tx: Executor,
  tenantId: string,
  customerId: string,
): Promise<ErasureCounts> {
  const mine = (alias: string) =>
    sql`${sql.raw(alias)}.tenant_id = ${tenantId} AND ${sql.raw(alias)}.customer_id = ${customerId}`;
  // Customer packages without a settled payment (pending, failed, never paid) are deleted with their credits.
  const doomedPackages = sql`SELECT cp.id FROM commerce.customer_packages cp
    WHERE ${mine('cp')} AND cp.payment_status NOT IN ('paid', 'refunded')
      AND NOT EXISTS (SELECT 1 FROM commerce.payments p
                      WHERE p.customer_package_id = cp.id AND p.status IN (${settled}))`;
  await tx.execute(sql`
    DELETE FROM commerce.credit_redemptions WHERE credit_id IN
      (SELECT c.id FROM commerce.credits c WHERE c.customer_package_id IN (${doomedPackages}))`);
  await tx.execute(sql`DELETE FROM commerce.credits WHERE customer_package_id IN (${doomedPackages})`);
  const customerPackagesDeleted = await count(
    tx,
    sql`DELETE FROM commerce.customer_packages WHERE id IN (${doomedPackages}) RETURNING id`,
  );

  const paymentsDeleted = await count(
    tx,
    sql`DELETE FROM commerce.payments p WHERE ${mine('p')} AND p.status NOT IN (${settled}) RETURNING id`,
  );
  const invoicesDeleted = await count(
    tx,
    sql`DELETE FROM commerce.invoices i WHERE ${mine('i')} AND i.status <> 'PAID' RETURNING id`,
  );
  // A kept package may still point at a payment deleted above (e.g. a voided link before a cash payment).
  await tx.execute(sql`
    UPDATE commerce.customer_packages cp SET payment_id = NULL
    WHERE ${mine('cp')} AND cp.payment_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM commerce.payments p WHERE p.id = cp.payment_id)`);

  await tx.execute(sql`
    UPDATE commerce.credit_redemptions r SET customer_id = NULL, notes = NULL WHERE ${mine('r')}`);
  await tx.execute(sql`UPDATE commerce.credits c SET customer_id = NULL WHERE ${mine('c')}`);
  const customerPackagesAnonymised = await count(
    tx,
    sql`UPDATE commerce.customer_packages cp SET customer_id = NULL, notes = NULL, gateway_payment_url = NULL,
          updated_at = now()
        WHERE ${mine('cp')} RETURNING id`,
  );
  const paymentsAnonymised = await count(
    tx,
    sql`UPDATE commerce.payments p SET customer_id = NULL, notes = NULL WHERE ${mine('p')} RETURNING id`,
  );
  const invoicesAnonymised = await count(
    tx,
    sql`UPDATE commerce.invoices i SET customer_id = NULL WHERE ${mine('i')} RETURNING id`,
  );

  const walletTransactionsDeleted = await count(
    tx,
    sql`DELETE FROM commerce.wallet_transactions t WHERE ${mine('t')} RETURNING id`,
  );
  const walletsDeleted = await count(
    tx,
    sql`DELETE FROM commerce.wallets w WHERE ${mine('w')} RETURNING customer_id AS id`,
  );
  await tx.execute(sql`UPDATE commerce.appointments a SET customer_id = NULL WHERE ${mine('a')}`);

  return {
    payments_anonymised: paymentsAnonymised,
    payments_deleted: paymentsDeleted,
    invoices_anonymised: invoicesAnonymised,
    invoices_deleted: invoicesDeleted,
    customer_packages_anonymised: customerPackagesAnonymised,
    customer_packages_deleted: customerPackagesDeleted,
    wallet_transactions_deleted: walletTransactionsDeleted,
    wallets_deleted: walletsDeleted,
  };
}
