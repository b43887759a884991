import { commerceApi } from '@salon/contracts';
import { newEvent, originOf } from '@salon/messaging';
import { formatMoney, money, systemContext, type Executor, type RequestContext } from '@salon/service-kit';
import type { CallbackOutcome, StoredCallback } from '../db/gateway-callback.repository';
import {
  creditMerchant,
  lockInvoiceByGatewayId,
  moveInvoice,
  recordReceipt,
  writeAudit,
  type InvoiceRow,
} from '../db/invoice.repository';
import { livePaymentOfAppointment } from '../db/appointment.repository';
import { isPackageCancelled } from '../db/customer-package.repository';
import { completeGatewayPayment, findPayment, type PaymentRow } from '../db/payment.repository';
import { lockWallet, moveWallet } from '../db/wallet.repository';
import type { InvoiceCallbackInput } from './accept-invoice-callback';
import { activateCustomerPackage } from './activate-customer-package';
import { expireInvoice } from './expire-invoice';
import { PRODUCER, type CommerceDeps } from './deps';
import { walletAppliedOf } from './payment-rules';
import { refundPackagePayment } from './refund-appointment-payment';

/** What applying a stored callback needs (the processor applies it, outside any request). */
export type ApplyDeps = Pick<CommerceDeps, 'store' | 'logger'>;

/**
 * Applies a stored callback inside the processor's transaction: the invoice locked, the receipt row
 * (INSERT … ON CONFLICT DO NOTHING stays the idempotency gate), and the forward-only moves with their effects;
 * heavy work happens after the commit through the outbox. The events it publishes carry the correlation of
 * the request that created the invoice (a booking's payment request, a payment link, billing's invoice
 * request) or, for an invoice made before that was recorded, the stored callback's id.
 */
export async function applyInvoiceCallback(
  deps: ApplyDeps,
  tx: Executor,
  stored: StoredCallback,
): Promise<CallbackOutcome> {
  const callback: InvoiceCallbackInput = commerceApi.invoiceCallbackBody.parse(stored.payload);
  const invoice = await lockInvoiceByGatewayId(tx, stored.tenant_id, stored.gateway_invoice_id);
  if (!invoice) {
    // Checked when the callback was stored; only a deleted invoice gets here, and retrying cannot bring it back.
    deps.logger.warn({ gateway_invoice_id: stored.gateway_invoice_id }, 'callback for a vanished invoice');
    return 'ignored';
  }
  if (!(await recordReceipt(tx, invoice.tenant_id, stored.gateway_invoice_id, stored.status)))
    return 'duplicate';
  const ctx = systemContext(invoice.correlation_id ?? stored.id, invoice.tenant_id);
  return stored.status === 'PAID'
    ? invoicePaid(deps, ctx, tx, invoice, callback)
    : invoiceExpired(tx, invoice);
}

async function invoicePaid(
  deps: ApplyDeps,
  ctx: RequestContext,
  tx: Executor,
  invoice: InvoiceRow,
  callback: InvoiceCallbackInput,
): Promise<CallbackOutcome> {
  const tenantId = invoice.tenant_id;
  const paidAt =
    callback.paid_at && !Number.isNaN(Date.parse(callback.paid_at)) ? new Date(callback.paid_at) : new Date();
  if (invoice.type === 'SUBSCRIPTION') return subscriptionPaid(deps, ctx, tx, invoice, callback, paidAt);
  if (!(await moveInvoice(tx, tenantId, invoice.id, 'PAID', paidAt))) {
    await writeAudit(tx, tenantId, {
      action: 'GATEWAY_PAYMENT_IGNORED',
      entity_type: 'invoice',
      entity_id: invoice.id,
      details: {
        reason: `invoice is ${invoice.status}`,
        gateway_invoice_id: callback.id,
        amount: invoice.amount,
      },
    });
    deps.logger.warn(
      { invoice: invoice.id, status: invoice.status },
      'payment callback for a closed invoice',
    );
    return 'ignored';
  }
  const payment = invoice.payment_id ? await findPayment(tx, tenantId, invoice.payment_id) : undefined;
  if (invoice.status === 'EXPIRED' && payment && !(await acceptLatePayment(tx, invoice, payment)))
    return 'processed';
  if (payment) {
    // A payment failed by an earlier EXPIRED callback still completes: the money arrived.
    await completeGatewayPayment(tx, tenantId, payment.id, {
      paidAt,
      method: callback.payment_method ?? null,
    });
  }
  if (invoice.type === 'PACKAGE' && invoice.customer_package_id && invoice.payment_id) {
    await activateCustomerPackage(
      tx,
      tenantId,
      invoice.customer_package_id,
      invoice.payment_id,
      invoice.amount,
      paidAt,
    );
  }
  const base = money(invoice.subtotal);
  const fee = money(invoice.platform_fee);
  await creditMerchant(tx, tenantId, {
    invoice_id: invoice.id,
    payment_id: invoice.payment_id,
    base_amount: formatMoney(base),
    platform_fee: formatMoney(fee),
    net_amount: formatMoney(base.minus(fee)),
    currency: invoice.currency,
  });
  if (invoice.payment_id) {
    await deps.store.enqueue(tx, [
      newEvent(
        'commerce.payment.completed.v1',
        {
          payment_id: invoice.payment_id,
          tenant_id: tenantId,
          customer_id: invoice.customer_id,
          appointment_id: invoice.appointment_id,
          customer_package_id: invoice.customer_package_id,
          amount: invoice.amount,
          currency: invoice.currency,
          method: callback.payment_method ?? 'gateway',
          wallet_applied: walletAppliedOf(invoice),
          completed_at: paidAt.toISOString(),
        },
        originOf(ctx, PRODUCER),
      ),
    ]);
  }
  if (
    invoice.type === 'PACKAGE' &&
    invoice.customer_package_id &&
    invoice.payment_id &&
    (await isPackageCancelled(tx, tenantId, invoice.customer_package_id))
  ) {
    // Paid for a package cancelled meanwhile: nothing can be delivered, so all of it goes to the wallet.
    await refundPackagePayment(
      deps,
      tx,
      {
        tenantId,
        customerPackageId: invoice.customer_package_id,
        paymentId: invoice.payment_id,
        share: '1',
        reason: 'Package cancelled before its payment arrived: payment refunded',
      },
      originOf(ctx, PRODUCER),
    );
  }
  await writeAudit(tx, tenantId, {
    action: 'INVOICE_PAID',
    entity_type: 'invoice',
    entity_id: invoice.id,
    details: {
      type: invoice.type,
      gateway_invoice_id: callback.id,
      amount: invoice.amount,
      base_amount: formatMoney(base),
      platform_fee: formatMoney(fee),
      payment_method: callback.payment_method ?? null,
      payment_channel: callback.payment_channel ?? null,
    },
  });
  return 'processed';
}

const invoiceExpired = async (tx: Executor, invoice: InvoiceRow): Promise<CallbackOutcome> =>
  (await expireInvoice(tx, invoice, 'provider callback')).expired ? 'processed' : 'ignored';

/**
 * A payment that arrives after its invoice expired (true: it completes as usual). An appointment's payment
 * whose expiry gave its wallet part back takes it again when the balance still covers it. When it does not,
 * or the customer has started another payment of the appointment meanwhile, the late money goes to the
 * customer's wallet instead (false): the payment stays FAILED, nothing is confirmed or credited to the salon,
 * and the customer pays (or has paid) with the other payment or the wallet.
 */
async function acceptLatePayment(
  tx: Executor,
  invoice: InvoiceRow,
  { reference_id: reference, part }: Pick<PaymentRow, 'reference_id' | 'part'>,
): Promise<boolean> {
  if (!invoice.customer_id) return true;
  const tenantId = invoice.tenant_id;
  const walletPart = walletAppliedOf(invoice);
  const other = invoice.appointment_id
    ? await livePaymentOfAppointment(tx, tenantId, invoice.appointment_id, part)
    : undefined;
  if (!other && !money(walletPart).gt(0)) return true;
  const { balance } = await lockWallet(tx, tenantId, invoice.customer_id, invoice.currency);
  const retake = !other && money(balance).gte(walletPart);
  await moveWallet(tx, tenantId, invoice.customer_id, {
    amount: retake ? formatMoney(money(walletPart).times(-1)) : invoice.amount,
    kind: retake ? 'debit' : 'credit',
    reason: retake
      ? 'Late payment: wallet part applied again'
      : 'Payment received after it expired: kept in the wallet',
    reference,
    by: null,
  });
  await writeAudit(tx, tenantId, {
    action: retake ? 'LATE_PAYMENT_WALLET_RETAKEN' : 'LATE_PAYMENT_TO_WALLET',
    entity_type: 'invoice',
    entity_id: invoice.id,
    details: {
      amount: invoice.amount,
      wallet_part: walletPart,
      balance_before: balance,
      other_payment: other?.id ?? null,
    },
  });
  return retake;
}

/**
 * A SUBSCRIPTION invoice (billing's): paid before its due date → PAID and `commerce.subscription_invoice.paid.v1`;
 * paid after it → refused: the invoice is voided, nothing is published, and the audit row flags a refund.
 * Subscription money is the platform's: the merchant ledger is not credited.
 */
async function subscriptionPaid(
  deps: ApplyDeps,
  ctx: RequestContext,
  tx: Executor,
  invoice: InvoiceRow,
  callback: InvoiceCallbackInput,
  paidAt: Date,
): Promise<CallbackOutcome> {
  const tenantId = invoice.tenant_id;
  if (paidAt.getTime() > Date.parse(invoice.due_date)) {
    await moveInvoice(tx, tenantId, invoice.id, 'VOID');
    await writeAudit(tx, tenantId, {
      action: 'SUBSCRIPTION_PAYMENT_REFUSED',
      entity_type: 'invoice',
      entity_id: invoice.id,
      details: {
        reason: 'paid after the due date',
        due_date: invoice.due_date,
        paid_at: paidAt.toISOString(),
        gateway_invoice_id: callback.id,
        refund_required: true,
      },
    });
    return 'ignored';
  }
  if (!(await moveInvoice(tx, tenantId, invoice.id, 'PAID', paidAt))) return 'ignored';
  const meta = invoice.metadata as {
    subscription_id: string;
    kind: 'upgrade' | 'renewal';
    target_plan: 'FREE' | 'PRO' | 'ENTERPRISE';
    billing_period: 'monthly' | 'quarterly' | 'yearly';
  };
  await deps.store.enqueue(tx, [
    newEvent(
      'commerce.subscription_invoice.paid.v1',
      {
        invoice_id: invoice.id,
        tenant_id: tenantId,
        subscription_id: meta.subscription_id,
        kind: meta.kind,
        target_plan: meta.target_plan,
        billing_period: meta.billing_period,
        amount: invoice.amount,
        currency: invoice.currency,
        paid_at: paidAt.toISOString(),
      },
      originOf(ctx, PRODUCER),
    ),
  ]);
  await writeAudit(tx, tenantId, {
    action: 'INVOICE_PAID',
    entity_type: 'invoice',
    entity_id: invoice.id,
    details: { type: 'SUBSCRIPTION', gateway_invoice_id: callback.id, amount: invoice.amount },
  });
  return 'processed';
}
