import type { Executor } from '@salon/service-kit';
import { enterKeptDeposit, writeAudit } from '../db/invoice.repository';
import { completedDepositOfAppointment } from '../db/payment.repository';

/** Why a paid deposit became the salon's fee. */
export type DepositKeptReason = 'no_show' | 'late_cancellation';

/**
 * A NO_SHOW, or a cancellation inside `cancellation_hours`, of an appointment whose deposit is paid: the deposit is
 * kept as the fee (never refunded), entered in the merchant ledger against the deposit invoice's credit
 * (`deposit_kept`, once per invoice: a redelivery or a second path changes nothing) and audited. A deposit paid
 * whole from the wallet has no invoice and no ledger credit (as any wallet payment): only the audit records it.
 * Whether a paid deposit was found (the caller then refunds nothing).
 */
export async function keepDeposit(
  tx: Executor,
  { tenantId, appointmentId, reason }: { tenantId: string; appointmentId: string; reason: DepositKeptReason },
): Promise<boolean> {
  const payment = await completedDepositOfAppointment(tx, tenantId, appointmentId);
  if (!payment) return false;
  const entered = payment.invoice_id ? await enterKeptDeposit(tx, tenantId, payment.invoice_id) : false;
  if (!entered && payment.invoice_id) return true; // entered before: a redelivery
  await writeAudit(tx, tenantId, {
    action: 'DEPOSIT_KEPT',
    entity_type: 'payment',
    entity_id: payment.id,
    details: { appointment_id: appointmentId, reason, amount: payment.amount, currency: payment.currency },
  });
  return true;
}
