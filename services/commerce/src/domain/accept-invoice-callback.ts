import { createHash, timingSafeEqual } from 'node:crypto';
import { badRequest, money, notFound, unauthorized, type RequestContext } from '@salon/service-kit';
import { storeCallback, type CallbackStatus } from '../db/gateway-callback.repository';
import { findInvoiceByGatewayId } from '../db/invoice.repository';
import type { CommerceDeps } from './deps';

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

export const callbackStatusOf = (callback: InvoiceCallbackInput): CallbackStatus =>
  callback.status === 'EXPIRED' ? 'EXPIRED' : 'PAID';

/**
 * Why a PAID callback's figures do not pay the invoice, or null when they do: `amount` (what was billed) and,
 * when the provider sends it, `paid_amount` (what was actually paid) must both equal the invoice total; an
 * underpaid or overpaid invoice is refused like a wrong amount, never completed.
 */
export function paidAmountMismatch(callback: InvoiceCallbackInput, invoiceAmount: string): string | null {
  const total = money(invoiceAmount);
  if (!money(String(callback.amount)).eq(total))
    return `Callback amount ${callback.amount} does not match the invoice total ${invoiceAmount}`;
  if (callback.paid_amount !== undefined && !money(String(callback.paid_amount)).eq(total))
    return `Callback paid_amount ${callback.paid_amount} does not match the invoice total ${invoiceAmount}`;
  return null;
}

export interface AcceptCallbackInput {
  /** The tenant the callback was addressed to; null for the platform account's (subscription invoices). */
  tenantId: string | null;
  token: string | undefined;
  callback: InvoiceCallbackInput;
}

/**
 * The provider's invoice callback, acknowledged before it is applied. Token first (401, nothing read); the
 * invoice of this tenant (404) and, for a payment, its amount and paid amount (400) are checked unlocked, so a busy invoice
 * cannot delay the answer; then one committed insert stores the callback (a repeated delivery is a duplicate)
 * and the processor is woken to apply it in its own transaction.
 */
export async function acceptInvoiceCallback(
  deps: CommerceDeps,
  _ctx: RequestContext,
  { tenantId, token, callback }: AcceptCallbackInput,
): Promise<CallbackAck> {
  if (!callbackTokenValid(deps.config.PAYMENT_CALLBACK_TOKEN, token))
    throw unauthorized('Invalid callback token');
  const invoice = await findInvoiceByGatewayId(deps.db.orm, tenantId, callback.id);
  if (!invoice) throw notFound('Invoice not found');
  const status = callbackStatusOf(callback);
  if (status === 'PAID') {
    const mismatch = paidAmountMismatch(callback, invoice.amount);
    if (mismatch) throw badRequest(mismatch);
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
