import type { AppointmentPaymentOrphanedV1 } from '@salon/contracts';
import { newEvent, type EventOrigin } from '@salon/messaging';
import { money, type Executor } from '@salon/service-kit';
import { findInvoice, reverseMerchantCredit, writeAudit } from '../db/invoice.repository';
import { markAppointmentPaymentRefunded } from '../db/payment.repository';
import { lockWallet, moveWallet } from '../db/wallet.repository';
import type { CommerceDeps } from './deps';
import { paidInAll, walletAppliedOf } from './payment-rules';

/**
 * The appointment was cancelled while its payment completed, so the payment is refunded in the caller's (inbox)
 * transaction: COMPLETED → REFUNDED (the gate: a repeat changes nothing), the merchant ledger credit reversed by
 * a negative entry, and the customer's wallet credited with everything the customer paid for the appointment
 * (the gateway amount including the platform fee, plus the wallet part). The refund goes to the wallet, not to
 * the card: the provider sandbox has no refund API. `commerce.payment.refunded.v1` announces it (identity takes it
 * off what the customer spent).
 */
export async function refundOrphanedPayment(
  deps: Pick<CommerceDeps, 'store'>,
  tx: Executor,
  data: AppointmentPaymentOrphanedV1,
  origin: EventOrigin,
): Promise<void> {
  const payment = await markAppointmentPaymentRefunded(
    tx,
    data.tenant_id,
    data.payment_id,
    data.appointment_id,
  );
  if (!payment) return;
  const invoice = payment.invoice_id ? await findInvoice(tx, data.tenant_id, payment.invoice_id) : undefined;
  // A whole-wallet payment has no invoice and its amount is the wallet part; a gateway payment's invoice
  // records the wallet part applied before it.
  const refund = paidInAll(payment.amount, invoice ? walletAppliedOf(invoice) : null);
  const reversed = invoice ? await reverseMerchantCredit(tx, data.tenant_id, invoice.id) : false;
  let balance: string | null = null;
  if (payment.customer_id && money(refund).gt(0)) {
    await lockWallet(tx, data.tenant_id, payment.customer_id, payment.currency);
    balance = await moveWallet(tx, data.tenant_id, payment.customer_id, {
      amount: refund,
      kind: 'refund',
      reason: 'Appointment cancelled: payment refunded',
      reference: payment.reference_id,
      by: null,
    });
  }
  await writeAudit(tx, data.tenant_id, {
    action: 'PAYMENT_REFUNDED',
    entity_type: 'payment',
    entity_id: payment.id,
    details: {
      appointment_id: data.appointment_id,
      appointment_status: data.appointment_status,
      refunded_to: payment.customer_id ? 'wallet' : 'none (customer erased)',
      amount: refund,
      currency: payment.currency,
      ledger_reversed: reversed,
      wallet_balance_after: balance,
    },
  });
  await deps.store.enqueue(tx, [
    newEvent(
      'commerce.payment.refunded.v1',
      {
        refund_id: `${payment.id}:orphaned`,
        payment_id: payment.id,
        tenant_id: data.tenant_id,
        customer_id: payment.customer_id,
        appointment_id: data.appointment_id,
        customer_package_id: null,
        amount: refund,
        currency: payment.currency,
        refunded_to: payment.customer_id ? 'wallet' : 'none',
        reason: 'Appointment cancelled while its payment completed',
        refunded_at: new Date().toISOString(),
      },
      origin,
    ),
  ]);
}
