import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { newId, selectRows, type Executor, isoOf } from '@salon/service-kit';

export type InvoiceType = 'PACKAGE' | 'APPOINTMENT' | 'SUBSCRIPTION';
export type InvoiceStatus = 'PENDING' | 'PAID' | 'EXPIRED' | 'VOID';

export interface InvoiceLine {
  description: string;
  quantity: number;
  unit_price: string;
  amount: string;
}

export interface InvoiceRow {
  id: string;
  tenant_id: string;
  type: InvoiceType;
  invoice_number: string;
  customer_id: string | null;
  customer_package_id: string | null;
  appointment_id: string | null;
  payment_id: string | null;
  subtotal: string;
  platform_fee: string;
  platform_fee_percentage: string;
  amount: string;
  currency: string;
  status: InvoiceStatus;
  lines: InvoiceLine[];
  metadata: Record<string, unknown>;
  due_date: string;
  gateway_invoice_id: string | null;
  gateway_invoice_url: string | null;
  paid_at: string | null;
  created_at: string;
  /** The request that created the invoice: the events its callback causes carry it as their correlation. */
  correlation_id: string | null;
  /** The secret of the invoice's PDF link (a capability URL, like a provider's hosted invoice page). */
  pdf_token: string;
}

const columns = sql`id, tenant_id, type, invoice_number, customer_id, customer_package_id, appointment_id,
  payment_id, subtotal::text AS subtotal, platform_fee::text AS platform_fee,
  platform_fee_percentage::text AS platform_fee_percentage, amount::text AS amount, currency, status, lines,
  metadata, ${isoOf(sql`due_date`)} AS due_date, gateway_invoice_id, gateway_invoice_url,
  ${isoOf(sql`paid_at`)} AS paid_at, ${isoOf(sql`created_at`)} AS created_at, correlation_id, pdf_token`;

export type NewInvoice = Omit<
  InvoiceRow,
  'tenant_id' | 'status' | 'paid_at' | 'created_at' | 'correlation_id' | 'pdf_token'
> & {
  correlation_id?: string | null;
};

/** Inserts a PENDING invoice with a new PDF link secret (192 random bits), and answers that secret. */
export async function insertInvoice(tx: Executor, tenantId: string, invoice: NewInvoice): Promise<string> {
  const pdfToken = randomBytes(24).toString('base64url');
  await tx.execute(sql`
    INSERT INTO commerce.invoices (id, tenant_id, type, invoice_number, customer_id, customer_package_id,
      appointment_id, payment_id, subtotal, platform_fee, platform_fee_percentage, amount, currency, status, lines,
      metadata, due_date, gateway_invoice_id, gateway_invoice_url, correlation_id, pdf_token)
    VALUES (${invoice.id}, ${tenantId}, ${invoice.type}, ${invoice.invoice_number}, ${invoice.customer_id},
      ${invoice.customer_package_id}, ${invoice.appointment_id}, ${invoice.payment_id}, ${invoice.subtotal},
      ${invoice.platform_fee}, ${invoice.platform_fee_percentage}, ${invoice.amount}, ${invoice.currency}, 'PENDING',
      ${JSON.stringify(invoice.lines)}::jsonb, ${JSON.stringify(invoice.metadata)}::jsonb,
      ${invoice.due_date}::timestamptz, ${invoice.gateway_invoice_id}, ${invoice.gateway_invoice_url},
      ${invoice.correlation_id ?? null}, ${pdfToken})`);
  return pdfToken;
}

/** Any tenant's invoice by id: only for the PDF link, whose secret the caller then checks. */
export async function findInvoiceById(executor: Executor, id: string) {
  const [row] = await selectRows<InvoiceRow>(
    executor,
    sql`SELECT ${columns} FROM commerce.invoices WHERE id = ${id}`,
  );
  return row;
}

export async function findInvoice(executor: Executor, tenantId: string, id: string) {
  const [row] = await selectRows<InvoiceRow>(
    executor,
    sql`SELECT ${columns} FROM commerce.invoices WHERE tenant_id = ${tenantId} AND id = ${id}`,
  );
  return row;
}

/** The appointment's pending invoice whose due date has passed, locked (its time ran out unnoticed). */
export async function lockOverdueAppointmentInvoice(tx: Executor, tenantId: string, appointmentId: string) {
  const [row] = await selectRows<InvoiceRow>(
    tx,
    sql`SELECT ${columns} FROM commerce.invoices
        WHERE tenant_id = ${tenantId} AND appointment_id = ${appointmentId} AND status = 'PENDING'
          AND due_date < now()
        FOR UPDATE`,
  );
  return row;
}

/**
 * Up to `limit` pending appointment and package invoices whose due date has passed, locked and claimed: a
 * concurrent sweep (another replica) skips them (`SKIP LOCKED`) and finds them no longer pending afterwards.
 * Subscription invoices are billing's (a late one is refused when paid) and are left alone.
 */
export async function claimOverdueInvoices(tx: Executor, limit: number): Promise<InvoiceRow[]> {
  return selectRows<InvoiceRow>(
    tx,
    sql`SELECT ${columns} FROM commerce.invoices
        WHERE status = 'PENDING' AND type IN ('APPOINTMENT', 'PACKAGE') AND due_date <= now()
        ORDER BY due_date
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED`,
  );
}

/**
 * Which invoice a provider invoice id names: only within the tenant the callback was addressed to, or (tenant
 * null: the platform account's callback) only a SUBSCRIPTION invoice.
 */
const ofProviderInvoice = (tenantId: string | null, gatewayInvoiceId: string) =>
  sql`${tenantId === null ? sql`type = 'SUBSCRIPTION'` : sql`tenant_id = ${tenantId}`}
      AND gateway_invoice_id = ${gatewayInvoiceId}`;

/** The invoice of a provider invoice id, unlocked: what a callback is checked against before it is stored. */
export async function findInvoiceByGatewayId(
  executor: Executor,
  tenantId: string | null,
  gatewayInvoiceId: string,
) {
  const [row] = await selectRows<InvoiceRow>(
    executor,
    sql`SELECT ${columns} FROM commerce.invoices WHERE ${ofProviderInvoice(tenantId, gatewayInvoiceId)}`,
  );
  return row;
}

/** The invoice of a provider invoice id, locked for the callback's effects. */
export async function lockInvoiceByGatewayId(
  tx: Executor,
  tenantId: string | null,
  gatewayInvoiceId: string,
) {
  const [row] = await selectRows<InvoiceRow>(
    tx,
    sql`SELECT ${columns} FROM commerce.invoices WHERE ${ofProviderInvoice(tenantId, gatewayInvoiceId)} FOR UPDATE`,
  );
  return row;
}

/** Moves an invoice forward only: PENDING (or EXPIRED, when the money arrived anyway) → PAID; PENDING → EXPIRED/VOID. */
export async function moveInvoice(
  tx: Executor,
  tenantId: string,
  id: string,
  to: 'PAID' | 'EXPIRED' | 'VOID',
  paidAt: Date | null = null,
): Promise<boolean> {
  const from = to === 'PAID' ? sql`('PENDING', 'EXPIRED')` : sql`('PENDING')`;
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`UPDATE commerce.invoices SET status = ${to}, paid_at = coalesce(${paidAt?.toISOString() ?? null}::timestamptz, paid_at)
        WHERE tenant_id = ${tenantId} AND id = ${id} AND status IN ${from} RETURNING id`,
  );
  return rows.length > 0;
}

/** Pending invoices of a customer package (a new link or a manual payment supersedes them). */
export async function pendingInvoicesOfPackage(
  executor: Executor,
  tenantId: string,
  customerPackageId: string,
) {
  return selectRows<InvoiceRow>(
    executor,
    sql`SELECT ${columns} FROM commerce.invoices
        WHERE tenant_id = ${tenantId} AND customer_package_id = ${customerPackageId} AND status = 'PENDING'`,
  );
}

/**
 * The idempotency gate of provider callbacks: true for the first delivery of (provider invoice, status); every
 * duplicate, concurrent or later, meets the primary key and gets false. No read-then-write.
 */
export async function recordReceipt(
  tx: Executor,
  tenantId: string,
  gatewayInvoiceId: string,
  status: string,
): Promise<boolean> {
  const rows = await selectRows<{ gateway_invoice_id: string }>(
    tx,
    sql`INSERT INTO commerce.webhook_receipts (gateway_invoice_id, status, tenant_id)
        VALUES (${gatewayInvoiceId}, ${status}, ${tenantId})
        ON CONFLICT DO NOTHING RETURNING gateway_invoice_id`,
  );
  return rows.length > 0;
}

export interface LedgerEntry {
  invoice_id: string;
  payment_id: string | null;
  base_amount: string;
  platform_fee: string;
  net_amount: string;
  currency: string;
}

/** One credit per invoice ((invoice_id, entry_type) is unique; a refund adds one reversal). */
export async function creditMerchant(tx: Executor, tenantId: string, entry: LedgerEntry): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`INSERT INTO commerce.merchant_ledger (id, tenant_id, invoice_id, payment_id, base_amount, platform_fee,
          net_amount, currency)
        VALUES (${newId()}, ${tenantId}, ${entry.invoice_id}, ${entry.payment_id}, ${entry.base_amount},
          ${entry.platform_fee}, ${entry.net_amount}, ${entry.currency})
        ON CONFLICT (invoice_id, entry_type) DO NOTHING RETURNING id`,
  );
  return rows.length > 0;
}

export async function writeAudit(
  tx: Executor,
  tenantId: string,
  entry: { action: string; entity_type: string; entity_id: string; details: Record<string, unknown> },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO commerce.audit_log (id, tenant_id, action, entity_type, entity_id, details)
    VALUES (${newId()}, ${tenantId}, ${entry.action}, ${entry.entity_type}, ${entry.entity_id},
            ${JSON.stringify(entry.details)}::jsonb)`);
}

export async function findProviderAccount(executor: Executor, tenantId: string): Promise<string | undefined> {
  const [row] = await selectRows<{ account_id: string }>(
    executor,
    sql`SELECT account_id FROM commerce.provider_accounts WHERE tenant_id = ${tenantId}`,
  );
  return row?.account_id;
}

/** Stores the tenant's sub-account; the first one stored wins a race, and is returned. */
export async function saveProviderAccount(
  tx: Executor,
  tenantId: string,
  accountId: string,
): Promise<string> {
  await tx.execute(sql`
    INSERT INTO commerce.provider_accounts (tenant_id, account_id) VALUES (${tenantId}, ${accountId})
    ON CONFLICT (tenant_id) DO NOTHING`);
  return (await findProviderAccount(tx, tenantId)) as string;
}

/**
 * Reverses `share` (0–1) of the merchant credit of an invoice with one negative entry (a refund: all of it, or
 * what was given back when a late-cancellation fee was kept). Once per invoice ((invoice_id, entry_type) is
 * unique); false when there was no credit or it is already reversed. The net is base less fee after rounding,
 * so every entry still adds up.
 */
export async function reverseMerchantCredit(
  tx: Executor,
  tenantId: string,
  invoiceId: string,
  share = '1',
): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`WITH credit AS (
          SELECT invoice_id, payment_id, currency, round(-base_amount * ${share}::numeric, 2) AS base_amount,
            round(-platform_fee * ${share}::numeric, 2) AS platform_fee
          FROM commerce.merchant_ledger
          WHERE tenant_id = ${tenantId} AND invoice_id = ${invoiceId} AND entry_type = 'credit')
        INSERT INTO commerce.merchant_ledger (id, tenant_id, invoice_id, payment_id, base_amount, platform_fee,
          net_amount, currency, entry_type)
        SELECT ${newId()}, ${tenantId}, invoice_id, payment_id, base_amount, platform_fee,
          base_amount - platform_fee, currency, 'reversal'
        FROM credit
        ON CONFLICT (invoice_id, entry_type) DO NOTHING RETURNING id`,
  );
  return rows.length > 0;
}

/**
 * Enters a deposit kept as a fee (a no-show, a late cancellation) against its invoice's credit: one `deposit_kept`
 * entry with the credit's amounts (the money is the salon's already; the entry says it is now a fee, not a deposit
 * that may go back). Once per invoice; false when there is no credit or it was entered before.
 */
export async function enterKeptDeposit(tx: Executor, tenantId: string, invoiceId: string): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`INSERT INTO commerce.merchant_ledger (id, tenant_id, invoice_id, payment_id, base_amount, platform_fee,
          net_amount, currency, entry_type)
        SELECT ${newId()}, ${tenantId}, invoice_id, payment_id, base_amount, platform_fee, net_amount, currency,
          'deposit_kept'
        FROM commerce.merchant_ledger
        WHERE tenant_id = ${tenantId} AND invoice_id = ${invoiceId} AND entry_type = 'credit'
        ON CONFLICT (invoice_id, entry_type) DO NOTHING RETURNING id`,
  );
  return rows.length > 0;
}
