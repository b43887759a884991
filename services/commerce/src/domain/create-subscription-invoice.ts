import type { SubscriptionInvoiceRequest } from '@salon/contracts';
import type { Invoice } from '@salon/payment-provider';
import { badRequest, formatMoney, money, newId, type RequestContext } from '@salon/service-kit';
import { insertInvoice } from '../db/invoice.repository';
import type { CommerceDeps } from './deps';
import { invoicePdfUrl } from './invoice-pdf';
import { callProvider, expireQuietly, invoiceNumberOf } from './provider-invoices';

/** Where the platform account's callbacks arrive (subscription invoices are the platform's, not a tenant's). */
export const platformWebhookUrlOf = (deps: CommerceDeps): string =>
  `${deps.config.PUBLIC_BASE_URL.replace(/\/+$/, '')}/api/v1/webhooks/gateway-invoice/platform`;

/** The callback address set on the platform account, per provider client (set once per process). */
const platformCallbackSet = new WeakMap<object, string>();

export interface CreatedSubscriptionInvoice {
  id: string;
  invoiceNumber: string;
  amount: string;
  currency: string;
  dueAt: Date;
  providerInvoice: Invoice;
  /** The invoice as a PDF (billing's `gateway_pdf_url`). */
  pdfUrl: string;
}

/**
 * Billing's request (libs/contracts internal.ts): a SUBSCRIPTION invoice on the platform account, payable until
 * `due_at` (the provider invoice expires then), with billing's metadata kept on our invoice and billing's
 * request id as the correlation its paid event carries.
 */
export async function createSubscriptionInvoice(
  deps: CommerceDeps,
  ctx: RequestContext,
  request: SubscriptionInvoiceRequest,
): Promise<CreatedSubscriptionInvoice> {
  const now = new Date();
  const dueAt = new Date(request.due_at);
  if (dueAt.getTime() <= now.getTime() + 60_000) throw badRequest('due_at must be in the future');
  const detail = 'Failed to create subscription invoice';
  const callbackUrl = platformWebhookUrlOf(deps);
  if (platformCallbackSet.get(deps.provider) !== callbackUrl) {
    await callProvider(detail, () => deps.provider.setInvoiceCallbackUrl(callbackUrl));
    platformCallbackSet.set(deps.provider, callbackUrl);
  }
  const id = newId();
  const invoiceNumber = invoiceNumberOf('SUB', id, now);
  const amount = formatMoney(request.amount);
  const providerInvoice = await callProvider(detail, () =>
    deps.provider.createInvoice({
      external_id: id,
      amount: money(amount).toNumber(),
      currency: request.currency,
      description: request.description,
      invoice_duration: Math.floor((dueAt.getTime() - now.getTime()) / 1000),
      items: [
        { name: request.description, quantity: 1, price: money(amount).toNumber(), category: 'SUBSCRIPTION' },
      ],
      metadata: { tenant_id: request.tenant_id, invoice_type: 'SUBSCRIPTION', ...request.metadata },
      success_redirect_url: request.return_url,
      failure_redirect_url: request.return_url,
    }),
  );
  let pdfToken: string;
  try {
    pdfToken = await deps.db.withTx((tx) =>
      insertInvoice(tx, request.tenant_id, {
        id,
        type: 'SUBSCRIPTION',
        invoice_number: invoiceNumber,
        customer_id: null,
        customer_package_id: null,
        appointment_id: null,
        payment_id: null,
        subtotal: amount,
        platform_fee: '0.00',
        platform_fee_percentage: '0',
        amount,
        currency: request.currency,
        lines: [{ description: request.description, quantity: 1, unit_price: amount, amount }],
        metadata: {
          subscription_id: request.subscription_id,
          kind: request.kind,
          target_plan: request.target_plan,
          billing_period: request.billing_period,
          ...request.metadata,
        },
        due_date: dueAt.toISOString(),
        gateway_invoice_id: providerInvoice.id,
        gateway_invoice_url: providerInvoice.invoice_url,
        correlation_id: ctx.requestId,
      }),
    );
  } catch (error) {
    await expireQuietly(deps, providerInvoice, '');
    throw error;
  }
  const pdfUrl = invoicePdfUrl(deps.config.PUBLIC_BASE_URL, { id, pdf_token: pdfToken });
  return { id, invoiceNumber, amount, currency: request.currency, dueAt, providerInvoice, pdfUrl };
}
