import { newEvent, type EventOrigin } from '@salon/messaging';
import { formatMoney, getOrCreateCounter, money, type Executor } from '@salon/service-kit';
import { findInvoice, reverseMerchantCredit, writeAudit } from '../db/invoice.repository';
import {
  markAppointmentPaymentRefunded,
  markPackagePaymentRefunded,
  setRefundedAmount,
} from '../db/payment.repository';
import { findTenant } from '../db/replica.repository';
import { lockWallet, moveWallet } from '../db/wallet.repository';
import type { PaymentRow } from '../db/payment.repository';
import type { CommerceDeps } from './deps';
import { reverseCommission } from './earn-commission';
import { paidInAll, walletAppliedOf } from './payment-rules';

/** Refunds the platform could not make itself (the tenant has no wallets): the operator's alert counts these. */
export const refundsOwedOutside = () =>
  getOrCreateCounter({
    name: 'commerce_refunds_owed_outside_total',
    help: 'Refunds recorded while the tenant has wallets off: the salon owes the money back outside the platform',
  });

/** One refund of an appointment's completed payment. */
export interface AppointmentRefund {
  tenantId: string;
  appointmentId: string;
  paymentId: string;
  appointmentStatus: string;
  /** The share of what was paid the salon keeps (a late cancellation's fee), 0–100. */
  feePercent: number;
  /** What to give back instead (a staff refund of part of it): the rest is kept like a fee. */
  amount?: string;
  reason: string;
}

/** One refund of a customer package's completed payment (the package was cancelled). */
export interface PackageRefund {
  tenantId: string;
  customerPackageId: string;
  paymentId: string;
  /** The share of what was paid to give back, 0–1 (the package's unused credits over all its credits). */
  share: string;
  reason: string;
}

/**
 * Refunds an appointment's completed payment in the caller's (inbox) transaction: COMPLETED → REFUNDED (the
 * gate: a repeat, or a second path to the same refund, changes nothing), the merchant ledger credit reversed
 * in the share refunded (one reversal entry), and the customer's wallet credited with everything the customer
 * paid (the provider amount with the platform fee, plus the wallet part) less the fee kept. The refund goes to
 * the wallet, not the card (the provider sandbox has no refund API); with wallets off the payment is marked
 * refunded with what is owed, the salon pays it back itself, and the operator is alerted. Announced as
 * `commerce.payment.refunded.v1` (identity takes it off what the customer spent; notifications tells them).
 */
export async function refundAppointmentPayment(
  deps: Pick<CommerceDeps, 'store' | 'logger'>,
  tx: Executor,
  refund: AppointmentRefund,
  origin: EventOrigin,
): Promise<{ amount: string; fee: string; currency: string } | undefined> {
  const payment = await markAppointmentPaymentRefunded(
    tx,
    refund.tenantId,
    refund.paymentId,
    refund.appointmentId,
  );
  if (!payment) return undefined;
  return refundCompleted(deps, tx, payment, {
    tenantId: refund.tenantId,
    source: { type: 'appointment', id: refund.appointmentId, status: refund.appointmentStatus },
    kept: (paid) =>
      refund.amount === undefined
        ? formatMoney(money(paid).times(refund.feePercent).div(100))
        : formatMoney(money(paid).minus(refund.amount)),
    reason: refund.reason,
    origin,
  });
}

/**
 * Refunds a cancelled customer package's completed payment, the same way (one gate, one ledger reversal, one
 * wallet credit, one commission reversal, one event): `share` of what was paid comes back, the rest (the
 * credits already used) is kept.
 */
export async function refundPackagePayment(
  deps: Pick<CommerceDeps, 'store' | 'logger'>,
  tx: Executor,
  refund: PackageRefund,
  origin: EventOrigin,
): Promise<{ amount: string; fee: string; currency: string; refundedTo: string } | undefined> {
  const payment = await markPackagePaymentRefunded(
    tx,
    refund.tenantId,
    refund.paymentId,
    refund.customerPackageId,
  );
  if (!payment) return undefined;
  return refundCompleted(deps, tx, payment, {
    tenantId: refund.tenantId,
    source: { type: 'package_sale', id: refund.customerPackageId, status: 'cancelled' },
    kept: (paid) => formatMoney(money(paid).minus(formatMoney(money(paid).times(refund.share)))),
    reason: refund.reason,
    origin,
  });
}

interface RefundOf {
  tenantId: string;
  /** What was paid for: the commission source and the event's subject. */
  source: { type: 'appointment' | 'package_sale'; id: string; status: string };
  /** What the salon keeps of everything paid. */
  kept: (paid: string) => string;
  reason: string;
  origin: EventOrigin;
}

async function refundCompleted(
  deps: Pick<CommerceDeps, 'store' | 'logger'>,
  tx: Executor,
  payment: PaymentRow,
  refund: RefundOf,
): Promise<{ amount: string; fee: string; currency: string; refundedTo: string }> {
  const { tenantId, source, origin } = refund;
  const invoice = payment.invoice_id ? await findInvoice(tx, tenantId, payment.invoice_id) : undefined;
  // A whole-wallet payment has no invoice and its amount is the wallet part; a provider payment's invoice
  // records the wallet part applied before it.
  const paid = paidInAll(payment.amount, invoice ? walletAppliedOf(invoice) : null);
  const fee = refund.kept(paid);
  const amount = formatMoney(money(paid).minus(fee));
  const share = money(paid).gt(0) ? money(amount).div(paid).toString() : '0';
  await setRefundedAmount(tx, tenantId, payment.id, amount);
  const reversed = invoice ? await reverseMerchantCredit(tx, tenantId, invoice.id, share) : false;
  const refundId = `${payment.id}:refund`;
  const refundedAt = new Date();
  await reverseCommission(
    tx,
    tenantId,
    { type: source.type, id: source.id },
    { refundId, share, at: refundedAt },
  );
  const tenant = await findTenant(tx, tenantId);
  const refundedTo = !payment.customer_id ? 'none' : tenant?.wallet_enabled ? 'wallet' : 'outside';
  let balance: string | null = null;
  if (refundedTo === 'wallet' && money(amount).gt(0)) {
    await lockWallet(tx, tenantId, payment.customer_id!, payment.currency);
    balance = await moveWallet(tx, tenantId, payment.customer_id!, {
      amount,
      kind: 'refund',
      reason: refund.reason,
      reference: payment.reference_id,
      by: null,
    });
  }
  if (refundedTo === 'outside' && money(amount).gt(0)) {
    refundsOwedOutside().inc();
    deps.logger.error(
      { tenant: tenantId, payment: payment.id, amount, currency: payment.currency },
      'refund owed outside the platform: the tenant has wallets off (runbook: RefundOwedOutsidePlatform)',
    );
  }
  await writeAudit(tx, tenantId, {
    action: 'PAYMENT_REFUNDED',
    entity_type: 'payment',
    entity_id: payment.id,
    details: {
      ...(source.type === 'appointment'
        ? { appointment_id: source.id, appointment_status: source.status }
        : { customer_package_id: source.id }),
      refunded_to: refundedTo,
      paid,
      fee_kept: fee,
      amount,
      currency: payment.currency,
      ledger_reversed: reversed,
      wallet_balance_after: balance,
    },
  });
  await deps.store.enqueue(tx, [
    newEvent(
      'commerce.payment.refunded.v1',
      {
        refund_id: refundId,
        payment_id: payment.id,
        tenant_id: tenantId,
        customer_id: payment.customer_id,
        appointment_id: source.type === 'appointment' ? source.id : null,
        customer_package_id: source.type === 'package_sale' ? source.id : null,
        amount,
        fee_kept: fee,
        currency: payment.currency,
        refunded_to: refundedTo,
        reason: refund.reason,
        refunded_at: refundedAt.toISOString(),
      },
      origin,
    ),
  ]);
  return { amount, fee, currency: payment.currency, refundedTo };
}
