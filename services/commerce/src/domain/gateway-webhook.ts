import { createHash, timingSafeEqual } from 'node:crypto';
import { commerceApi } from '@salon/contracts';
import { newEvent } from '@salon/messaging';
import { badRequest, formatMoney, money, notFound, unauthorized, type Executor } from '@salon/service-kit';
import { markPackagePaymentFailed } from '../db/customer-package.repository';
import {
  storeCallback,
  type CallbackOutcome,
  type CallbackStatus,
  type StoredCallback,
} from '../db/gateway-callback.repository';
import {
  creditMerchant,
  findInvoiceByGatewayId,
  lockInvoiceByGatewayId,
  moveInvoice,
  recordReceipt,
  writeAudit,
  type InvoiceRow,
} from '../db/invoice.repository';
import { completeGatewayPayment, findPayment, settlePayment } from '../db/payment.repository';
import { activateCustomerPackage } from './customer-packages';
import { PRODUCER, type CommerceDeps } from './deps';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Constant-time comparison of the callback token (hashing first makes the lengths equal). */
export function callbackTokenValid(expected: string, given: string | undefined): boolean {
  if (typeof given !== 'string' || given === '') return false;
  return timingSafeEqual(digest(expected), digest(given));
}

export interface InvoiceCallbackInput {
  id: string;
  external_id: string;
  status: 'PAID' | 'SETTLED' | 'EXPIRED';
  amount: number;
  paid_amount?: number;
  payment_method?: string;
  payment_channel?: string;
  paid_at?: string;
  currency?: string;
}

/** What the provider is answered: its callback was stored now, or had been stored before. */
export type CallbackAck = 'accepted' | 'duplicate';

/** What applying a stored callback needs (the processor applies it, outside any request). */
export type ApplyDeps = Pick<CommerceDeps, 'store' | 'logger'>;

const callbackStatusOf = (callback: InvoiceCallbackInput): CallbackStatus =>
  callback.status === 'EXPIRED' ? 'EXPIRED' : 'PAID';

/**
 * The provider's invoice callback, acknowledged before it is applied. Token first (401, nothing read); the
 * invoice of this tenant (404) and, for a payment, its amount (400) are checked unlocked, so a busy invoice
 * cannot delay the answer; then one committed insert stores the callback (a repeated delivery is a duplicate)
 * and the processor is woken to apply it in its own transaction.
 */
export async function acceptInvoiceCallback(
  deps: CommerceDeps,
  tenantId: string | null,
  token: string | undefined,
  callback: InvoiceCallbackInput,
): Promise<CallbackAck> {
  if (!callbackTokenValid(deps.config.PAYMENT_CALLBACK_TOKEN, token))
    throw unauthorized('Invalid callback token');
  const invoice = await findInvoiceByGatewayId(deps.db.orm, tenantId, callback.id);
  if (!invoice) throw notFound('Invoice not found');
  const status = callbackStatusOf(callback);
  if (status === 'PAID' && !money(String(callback.amount)).eq(money(invoice.amount))) {
    throw badRequest(`Callback amount ${callback.amount} does not match the invoice total ${invoice.amount}`);
  }
  const stored = await storeCallback(deps.db.orm, {
    tenant_id: invoice.tenant_id,
    gateway_invoice_id: callback.id,
    status,
    payload: callback,
  });
  // Also on a duplicate: a redelivery after a crash finds its row still waiting.
  deps.callbacks.kick();
  return stored ? 'accepted' : 'duplicate';
}

/**
 * Applies a stored callback inside the processor's transaction: the invoice locked, the receipt row
 * (INSERT … ON CONFLICT DO NOTHING stays the idempotency gate), and the forward-only moves with their effects;
 * heavy work happens after the commit through the outbox.
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
  return stored.status === 'PAID' ? invoicePaid(deps, tx, invoice, callback) : invoiceExpired(tx, invoice);
}

async function invoicePaid(
  deps: ApplyDeps,
  tx: Executor,
  invoice: InvoiceRow,
  callback: InvoiceCallbackInput,
): Promise<CallbackOutcome> {
  const tenantId = invoice.tenant_id;
  const paidAt =
    callback.paid_at && !Number.isNaN(Date.parse(callback.paid_at)) ? new Date(callback.paid_at) : new Date();
  if (invoice.type === 'SUBSCRIPTION') return subscriptionPaid(deps, tx, invoice, callback, paidAt);
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
  if (payment) {
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
          completed_at: paidAt.toISOString(),
        },
        { producer: PRODUCER, tenantId },
      ),
    ]);
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

async function invoiceExpired(tx: Executor, invoice: InvoiceRow): Promise<CallbackOutcome> {
  const tenantId = invoice.tenant_id;
  if (!(await moveInvoice(tx, tenantId, invoice.id, 'EXPIRED'))) return 'ignored';
  if (invoice.payment_id) {
    const moved = await settlePayment(tx, tenantId, invoice.payment_id, 'FAILED', null);
    if (moved && invoice.customer_package_id)
      await markPackagePaymentFailed(tx, tenantId, invoice.customer_package_id, invoice.payment_id);
  }
  await writeAudit(tx, tenantId, {
    action: 'INVOICE_EXPIRED',
    entity_type: 'invoice',
    entity_id: invoice.id,
    details: { type: invoice.type, gateway_invoice_id: invoice.gateway_invoice_id },
  });
  return 'processed';
}

/**
 * A SUBSCRIPTION invoice (billing's): paid before its due date → PAID and `commerce.subscription_invoice.paid.v1`;
 * paid after it → refused: the invoice is voided, nothing is published, and the audit row flags a refund.
 * Subscription money is the platform's: the merchant ledger is not credited.
 */
async function subscriptionPaid(
  deps: ApplyDeps,
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
      { producer: PRODUCER, tenantId },
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
