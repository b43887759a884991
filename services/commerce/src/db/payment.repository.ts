import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor, isoOf } from '@salon/service-kit';

/** The spec's payment statuses, the one spelling the payments table holds (migration 0005). */
export type PaymentStatus = 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED' | 'CANCELLED' | 'REFUNDED';

/**
 * Which part of an appointment's price a payment is (migration 0011): the whole price, a booking's deposit, or
 * the balance after a paid deposit; one live payment per appointment and part.
 */
export type PaymentPart = 'full' | 'deposit' | 'balance';

export interface PaymentRow {
  id: string;
  tenant_id: string;
  customer_id: string | null;
  customer_package_id: string | null;
  appointment_id: string | null;
  invoice_id: string | null;
  amount: string;
  currency: string;
  method: string;
  provider: 'manual' | 'gateway' | 'wallet';
  status: PaymentStatus;
  reference_id: string;
  receipt_number: string | null;
  notes: string | null;
  recorded_by: string | null;
  part: PaymentPart;
  created_at: string;
  paid_at: string | null;
}

const columns = sql`id, tenant_id, customer_id, customer_package_id, appointment_id, invoice_id,
  amount::text AS amount, currency, method, provider, status, reference_id, receipt_number, notes, recorded_by,
  part, ${isoOf(sql`created_at`)} AS created_at, ${isoOf(sql`paid_at`)} AS paid_at`;

export type NewPayment = Omit<PaymentRow, 'tenant_id' | 'created_at' | 'paid_at' | 'part'> & {
  paid_at: Date | null;
};

export async function insertPayment(
  tx: Executor,
  tenantId: string,
  payment: NewPayment & { part?: PaymentPart },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO commerce.payments (id, tenant_id, customer_id, customer_package_id, appointment_id, invoice_id,
      amount, currency, method, provider, status, reference_id, receipt_number, notes, recorded_by, paid_at, part)
    VALUES (${payment.id}, ${tenantId}, ${payment.customer_id}, ${payment.customer_package_id},
      ${payment.appointment_id}, ${payment.invoice_id}, ${payment.amount}, ${payment.currency}, ${payment.method},
      ${payment.provider}, ${payment.status}, ${payment.reference_id}, ${payment.receipt_number}, ${payment.notes},
      ${payment.recorded_by}, ${payment.paid_at?.toISOString() ?? null}::timestamptz, ${payment.part ?? 'full'})`);
}

export async function findPayment(
  executor: Executor,
  tenantId: string,
  id: string,
): Promise<PaymentRow | undefined> {
  const [row] = await selectRows<PaymentRow>(
    executor,
    sql`SELECT ${columns} FROM commerce.payments WHERE tenant_id = ${tenantId} AND id = ${id}`,
  );
  return row;
}

export async function paymentsOfPackage(executor: Executor, tenantId: string, customerPackageId: string) {
  return selectRows<PaymentRow>(
    executor,
    sql`SELECT ${columns} FROM commerce.payments
        WHERE tenant_id = ${tenantId} AND customer_package_id = ${customerPackageId} ORDER BY created_at, id`,
  );
}

/** Moves a payment forward only: a pending one completes or fails; anything else stays as it is. */
export async function settlePayment(
  tx: Executor,
  tenantId: string,
  id: string,
  status: 'COMPLETED' | 'FAILED',
  paidAt: Date | null,
): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`UPDATE commerce.payments SET status = ${status}, paid_at = ${paidAt?.toISOString() ?? null}::timestamptz
        WHERE tenant_id = ${tenantId} AND id = ${id} AND status IN ('PENDING', 'PROCESSING')
        RETURNING id`,
  );
  return rows.length > 0;
}

/**
 * The provider says the money arrived: a pending, processing or failed payment (one failed by an earlier
 * EXPIRED callback still completes) becomes completed, with the method the provider names when it names one.
 */
export async function completeGatewayPayment(
  tx: Executor,
  tenantId: string,
  id: string,
  change: { paidAt: Date; method: string | null },
): Promise<void> {
  await tx.execute(
    sql`UPDATE commerce.payments SET status = 'COMPLETED', paid_at = ${change.paidAt.toISOString()}::timestamptz,
          method = coalesce(${change.method}, method)
        WHERE tenant_id = ${tenantId} AND id = ${id}
          AND status IN ('PENDING', 'PROCESSING', 'FAILED')`,
  );
}

/** Payments of the customer still pending or processing (identity's account-deletion pre-check). */
export async function countOpenPayments(
  executor: Executor,
  tenantId: string,
  customerId: string,
): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    executor,
    sql`SELECT count(*)::int AS n FROM commerce.payments
        WHERE tenant_id = ${tenantId} AND customer_id = ${customerId}
          AND status IN ('PENDING', 'PROCESSING')`,
  );
  return row?.n ?? 0;
}

/**
 * COMPLETED → REFUNDED for the appointment's payment; the row as it was, or undefined when it is not a completed
 * payment of that appointment (already refunded, unknown, or never completed): the refund's idempotency gate.
 */
export async function markAppointmentPaymentRefunded(
  tx: Executor,
  tenantId: string,
  id: string,
  appointmentId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await selectRows<PaymentRow>(
    tx,
    sql`UPDATE commerce.payments SET status = 'REFUNDED'
        WHERE tenant_id = ${tenantId} AND id = ${id} AND appointment_id = ${appointmentId} AND status = 'COMPLETED'
        RETURNING ${columns}`,
  );
  return row;
}

/** The appointment's completed deposit payment (the kept fee of a no-show or a late cancellation), if any. */
export async function completedDepositOfAppointment(
  executor: Executor,
  tenantId: string,
  appointmentId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await selectRows<PaymentRow>(
    executor,
    sql`SELECT ${columns} FROM commerce.payments
        WHERE tenant_id = ${tenantId} AND appointment_id = ${appointmentId} AND part = 'deposit'
          AND status = 'COMPLETED'`,
  );
  return row;
}

/** A customer package's COMPLETED payment → REFUNDED (the gate of its one refund); undefined when it was not. */
export async function markPackagePaymentRefunded(
  tx: Executor,
  tenantId: string,
  id: string,
  customerPackageId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await selectRows<PaymentRow>(
    tx,
    sql`UPDATE commerce.payments SET status = 'REFUNDED'
        WHERE tenant_id = ${tenantId} AND id = ${id} AND customer_package_id = ${customerPackageId}
          AND status = 'COMPLETED'
        RETURNING ${columns}`,
  );
  return row;
}

/**
 * Whether the appointment's deposit is paid or being paid, for the release of unpaid bookings: a COMPLETED payment
 * of it, or a PAID provider callback for one of its invoices stored and not applied yet.
 */
export async function depositPaidOrApplying(
  executor: Executor,
  tenantId: string,
  appointmentId: string,
): Promise<boolean> {
  const [row] = await selectRows<{ paid: boolean }>(
    executor,
    sql`SELECT EXISTS (
          SELECT 1 FROM commerce.payments
          WHERE tenant_id = ${tenantId} AND appointment_id = ${appointmentId} AND status = 'COMPLETED')
        OR EXISTS (
          SELECT 1 FROM commerce.invoices i
          JOIN commerce.gateway_callbacks c ON c.gateway_invoice_id = i.gateway_invoice_id
          WHERE i.tenant_id = ${tenantId} AND i.appointment_id = ${appointmentId}
            AND c.status = 'PAID' AND c.outcome IS NULL) AS paid`,
  );
  return row?.paid ?? false;
}

/** The appointment's completed payment made by `paidBy` (before it was cancelled), if any. */
export async function paymentOfAppointmentPaidBy(
  executor: Executor,
  tenantId: string,
  appointmentId: string,
  paidBy: string,
): Promise<{ id: string; part: PaymentPart } | undefined> {
  const [row] = await selectRows<{ id: string; part: PaymentPart }>(
    executor,
    sql`SELECT id, part FROM commerce.payments
        WHERE tenant_id = ${tenantId} AND appointment_id = ${appointmentId} AND status = 'COMPLETED'
          AND paid_at <= ${paidBy}::timestamptz`,
  );
  return row;
}

/** What a refunded payment gave back (its amount and wallet part, less any fee kept). */
export async function setRefundedAmount(tx: Executor, tenantId: string, id: string, amount: string) {
  await tx.execute(
    sql`UPDATE commerce.payments SET refunded_amount = ${amount}::numeric WHERE tenant_id = ${tenantId} AND id = ${id}`,
  );
}

/** A payment of the customer's history with its invoice's number, page and wallet part. */
export interface CustomerPaymentRow extends PaymentRow {
  invoice_number: string | null;
  invoice_url: string | null;
  /** The invoice's PDF link secret; null for a payment without invoice. */
  invoice_pdf_token: string | null;
  wallet_applied: string | null;
  refunded_amount: string | null;
}

/** The customer's appointment and package payments, newest first, and how many there are. */
export async function listCustomerPayments(
  executor: Executor,
  tenantId: string,
  customerId: string,
  filters: { status?: PaymentStatus; type?: 'appointment' | 'package'; offset: number; limit: number },
): Promise<{ items: CustomerPaymentRow[]; total: number }> {
  const conditions: SQL[] = [
    sql`p.tenant_id = ${tenantId}`,
    sql`p.customer_id = ${customerId}`,
    sql`(p.appointment_id IS NOT NULL OR p.customer_package_id IS NOT NULL)`,
  ];
  if (filters.status) conditions.push(sql`p.status = ${filters.status}`);
  if (filters.type === 'appointment') conditions.push(sql`p.appointment_id IS NOT NULL`);
  if (filters.type === 'package') conditions.push(sql`p.customer_package_id IS NOT NULL`);
  const where = sql.join(conditions, sql` AND `);
  const [count] = await selectRows<{ total: number }>(
    executor,
    sql`SELECT count(*)::int AS total FROM commerce.payments p WHERE ${where}`,
  );
  const items = await selectRows<CustomerPaymentRow>(
    executor,
    sql`SELECT p.id, p.tenant_id, p.customer_id, p.customer_package_id, p.appointment_id, p.invoice_id,
          p.amount::text AS amount, p.currency, p.method, p.provider, p.status, p.reference_id, p.receipt_number,
          p.notes, p.recorded_by, p.part, ${isoOf(sql`p.created_at`)} AS created_at, ${isoOf(sql`p.paid_at`)} AS paid_at,
          i.invoice_number, i.gateway_invoice_url AS invoice_url, i.pdf_token AS invoice_pdf_token, i.metadata ->> 'wallet_applied' AS wallet_applied,
          p.refunded_amount::text AS refunded_amount
        FROM commerce.payments p LEFT JOIN commerce.invoices i ON i.id = p.invoice_id
        WHERE ${where}
        ORDER BY p.created_at DESC, p.id DESC
        OFFSET ${filters.offset} LIMIT ${filters.limit}`,
  );
  return { items, total: count?.total ?? 0 };
}

/** The appointment's refunded payments with what each gave back and its invoice's metadata (the wallet part). */
export async function refundedPaymentsOfAppointment(
  executor: Executor,
  tenantId: string,
  appointmentId: string,
) {
  return selectRows<{
    id: string;
    amount: string;
    refunded_amount: string;
    metadata: Record<string, unknown> | null;
  }>(
    executor,
    sql`SELECT p.id, p.amount::text AS amount, p.refunded_amount::text AS refunded_amount, i.metadata
        FROM commerce.payments p LEFT JOIN commerce.invoices i ON i.id = p.invoice_id AND i.tenant_id = p.tenant_id
        WHERE p.tenant_id = ${tenantId} AND p.appointment_id = ${appointmentId} AND p.status = 'REFUNDED'
          AND p.refunded_amount IS NOT NULL`,
  );
}
