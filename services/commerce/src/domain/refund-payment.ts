import { originOf } from '@salon/messaging';
import { badRequest, conflict, money, notFound, tenantIn, type RequestContext } from '@salon/service-kit';
import { findAppointment } from '../db/appointment.repository';
import { findInvoice } from '../db/invoice.repository';
import { findPayment } from '../db/payment.repository';
import { PRODUCER, type CommerceDeps } from './deps';
import { paidInAll, walletAppliedOf } from './payment-rules';
import { refundAppointmentPayment } from './refund-appointment-payment';

/**
 * POST /payments/{payment_id}/refund (TENANT_ADMIN): gives back an appointment's completed payment, all of it
 * or `amount` of it (the rest is kept like a fee), by the one refund path cancellations use: the ledger, the
 * wallet, the event and the commission earned on the appointment each take back the refunded share. One refund
 * per payment (COMPLETED → REFUNDED is the gate). Package payments cannot be refunded yet (400).
 */
export async function refundPayment(
  deps: Pick<CommerceDeps, 'db' | 'store' | 'logger'>,
  ctx: RequestContext,
  input: { paymentId: string; amount?: string; reason: string },
) {
  const tenantId = tenantIn(ctx);
  return deps.db.withTx(async (tx) => {
    const payment = await findPayment(tx, tenantId, input.paymentId);
    if (!payment) throw notFound('Payment not found');
    if (!payment.appointment_id) throw badRequest('Only an appointment payment can be refunded');
    if (payment.status !== 'COMPLETED') throw conflict(`Payment is ${payment.status}, not COMPLETED`);
    const invoice = payment.invoice_id ? await findInvoice(tx, tenantId, payment.invoice_id) : undefined;
    const paid = paidInAll(payment.amount, invoice ? walletAppliedOf(invoice) : null);
    if (input.amount !== undefined && money(input.amount).gt(paid)) {
      throw badRequest(`Refund amount ${input.amount} exceeds what was paid (${paid})`);
    }
    const appointment = await findAppointment(tx, tenantId, payment.appointment_id);
    const refunded = await refundAppointmentPayment(
      deps,
      tx,
      {
        tenantId,
        appointmentId: payment.appointment_id,
        paymentId: payment.id,
        appointmentStatus: appointment?.status ?? 'unknown',
        feePercent: 0,
        amount: input.amount,
        reason: input.reason,
      },
      originOf(ctx, PRODUCER),
    );
    if (!refunded) throw conflict('Payment is not COMPLETED');
    return {
      payment_id: payment.id,
      status: 'REFUNDED' as const,
      refunded_amount: refunded.amount,
      fee_kept: refunded.fee,
      currency: refunded.currency,
    };
  });
}
