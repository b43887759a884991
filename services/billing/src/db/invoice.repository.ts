import { sql } from 'drizzle-orm';
import { billingApi, type BillingPeriod, type PlanType } from '@salon/contracts';
import { isoOf, newId, selectRows, type Executor } from '@salon/service-kit';

export type InvoiceKind = 'upgrade' | 'renewal';
export type InvoiceStatus = 'pending' | 'paid' | 'expired' | 'rejected';
export const PAYMENT_STATUSES = billingApi.PAYMENT_STATUSES;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export interface InvoiceRecord {
  id: string;
  tenant_id: string;
  subscription_id: string;
  invoice_number: string;
  kind: InvoiceKind;
  from_plan: PlanType;
  target_plan: PlanType;
  billing_period: BillingPeriod;
  prorated: boolean;
  amount: string;
  currency: string;
  due_at: string;
  status: InvoiceStatus;
  paid_at: string | null;
  created_at: string;
}

export interface PaymentRecord {
  id: string;
  tenant_id: string;
  invoice_id: string;
  subscription_id: string;
  amount: string;
  currency: string;
  status: PaymentStatus;
  payment_type: string;
  failure_reason: string | null;
  paid_at: string | null;
  created_at: string;
}

const invoiceColumns = sql`id, tenant_id, subscription_id, invoice_number, kind, from_plan, target_plan, billing_period,
  prorated, amount::text AS amount, currency, ${isoOf(sql`due_at`)} AS due_at, status, ${isoOf(sql`paid_at`)} AS paid_at,
  ${isoOf(sql`created_at`)} AS created_at`;

const paymentColumns = sql`id, tenant_id, invoice_id, subscription_id, amount::text AS amount, currency, status,
  payment_type, failure_reason, ${isoOf(sql`paid_at`)} AS paid_at, ${isoOf(sql`created_at`)} AS created_at`;

/** Records the invoice commerce made, with its pending payment record. */
export async function insertInvoice(
  tx: Executor,
  invoice: Omit<InvoiceRecord, 'status' | 'paid_at'>,
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO billing.subscription_invoices
      (id, tenant_id, subscription_id, invoice_number, kind, from_plan, target_plan, billing_period, prorated, amount,
       currency, due_at, created_at)
    VALUES (${invoice.id}, ${invoice.tenant_id}, ${invoice.subscription_id}, ${invoice.invoice_number}, ${invoice.kind},
            ${invoice.from_plan}, ${invoice.target_plan}, ${invoice.billing_period}, ${invoice.prorated},
            ${invoice.amount}::numeric, ${invoice.currency}, ${invoice.due_at}::timestamptz,
            ${invoice.created_at}::timestamptz)`);
  await tx.execute(sql`
    INSERT INTO billing.subscription_payments
      (id, tenant_id, invoice_id, subscription_id, amount, currency, status, payment_type, created_at)
    VALUES (${newId()}, ${invoice.tenant_id}, ${invoice.id}, ${invoice.subscription_id}, ${invoice.amount}::numeric,
            ${invoice.currency}, 'pending', ${`subscription_${invoice.kind}`}, ${invoice.created_at}::timestamptz)`);
}

export async function findInvoiceForUpdate(
  tx: Executor,
  tenantId: string,
  invoiceId: string,
): Promise<InvoiceRecord | undefined> {
  const [row] = await selectRows<InvoiceRecord>(
    tx,
    sql`SELECT ${invoiceColumns} FROM billing.subscription_invoices
        WHERE tenant_id = ${tenantId} AND id = ${invoiceId} FOR UPDATE`,
  );
  return row;
}

/** Settles an invoice and its payment record: paid → completed; expired or rejected → failed with a reason. */
export async function settleInvoice(
  tx: Executor,
  tenantId: string,
  invoiceId: string,
  outcome: { status: Exclude<InvoiceStatus, 'pending'>; paidAt: string; failureReason?: string },
): Promise<void> {
  await tx.execute(sql`
    UPDATE billing.subscription_invoices SET status = ${outcome.status}, paid_at = ${outcome.paidAt}::timestamptz
    WHERE tenant_id = ${tenantId} AND id = ${invoiceId}`);
  const paid = outcome.status === 'paid';
  await tx.execute(sql`
    UPDATE billing.subscription_payments SET
      status = ${paid ? 'completed' : 'failed'}, failure_reason = ${outcome.failureReason ?? null},
      paid_at = ${paid ? outcome.paidAt : null}::timestamptz
    WHERE tenant_id = ${tenantId} AND invoice_id = ${invoiceId}`);
}

export async function listPayments(
  executor: Executor,
  tenantId: string,
  filter: { status?: PaymentStatus; limit: number; offset: number },
): Promise<PaymentRecord[]> {
  return selectRows<PaymentRecord>(
    executor,
    sql`SELECT ${paymentColumns} FROM billing.subscription_payments
        WHERE tenant_id = ${tenantId} ${filter.status ? sql`AND status = ${filter.status}` : sql``}
        ORDER BY created_at DESC, id DESC LIMIT ${filter.limit} OFFSET ${filter.offset}`,
  );
}
