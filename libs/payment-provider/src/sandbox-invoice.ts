import { randomBytes } from 'node:crypto';
import { INVOICE_CHANNELS, INVOICE_PAYMENT_METHODS, paymentMethodOfChannel } from './channels';
import type { CreateInvoiceRequest, Invoice, InvoiceCallback, InvoicePaymentMethod } from './protocol';

/** The sandbox's invoices as Xendit shapes them: every field of its published schema, typed as it types them. */

export const newProviderId = () => randomBytes(12).toString('hex');

/** Currencies Xendit invoices accept. */
const CURRENCIES = ['IDR', 'USD', 'THB', 'VND', 'PHP', 'MYR'];

export interface InvoiceRefusal {
  errorCode: string;
  message: string;
}

export interface NewInvoiceContext {
  id: string;
  userId: string;
  invoiceUrl: string;
  merchantName: string;
  merchantProfilePictureUrl: string;
  now: Date;
}

export const isRefusal = (value: unknown): value is InvoiceRefusal =>
  typeof value === 'object' && value !== null && 'errorCode' in value;

/** The channels a request asks for: all when it names none; a refusal for an unknown code or an empty list. */
function requestedChannels(request: CreateInvoiceRequest): string[] | InvoiceRefusal {
  if (request.payment_methods === undefined)
    return INVOICE_PAYMENT_METHODS.flatMap((method) => [...INVOICE_CHANNELS[method]]);
  if (!Array.isArray(request.payment_methods) || request.payment_methods.length === 0)
    return { errorCode: 'NO_COLLECTION_METHODS_ERROR', message: 'payment_methods must name a channel' };
  const unknown = request.payment_methods.filter((code) => !paymentMethodOfChannel(String(code)));
  if (unknown.length > 0)
    return {
      errorCode: 'UNAVAILABLE_PAYMENT_METHOD_ERROR',
      message: `Payment methods not available: ${unknown.join(', ')}`,
    };
  return request.payment_methods;
}

/** Validates a create request and builds the invoice, or says why Xendit would refuse it. */
export function newInvoice(
  request: CreateInvoiceRequest,
  context: NewInvoiceContext,
): Invoice | InvoiceRefusal {
  if (typeof request.external_id !== 'string' || request.external_id === '')
    return { errorCode: 'API_VALIDATION_ERROR', message: 'external_id is required' };
  if (typeof request.amount !== 'number' || !(request.amount > 0))
    return { errorCode: 'API_VALIDATION_ERROR', message: 'amount must be a positive number' };
  const currency = request.currency ?? 'IDR';
  if (!CURRENCIES.includes(currency))
    return { errorCode: 'UNSUPPORTED_CURRENCY', message: `Currency ${currency} is not supported` };
  const channels = requestedChannels(request);
  if (isRefusal(channels)) return channels;
  const offered = (method: InvoicePaymentMethod) =>
    channels.filter((code) => paymentMethodOfChannel(code) === method);
  const { amount } = request;
  const created = context.now.toISOString();
  return {
    id: context.id,
    external_id: request.external_id,
    user_id: context.userId,
    status: 'PENDING',
    merchant_name: context.merchantName,
    merchant_profile_picture_url: context.merchantProfilePictureUrl,
    amount,
    currency,
    payer_email: request.payer_email,
    description: request.description,
    locale: request.locale,
    invoice_url: context.invoiceUrl,
    expiry_date: new Date(context.now.getTime() + (request.invoice_duration ?? 86_400) * 1000).toISOString(),
    available_banks: offered('BANK_TRANSFER').map((bank_code) => ({
      bank_code,
      collection_type: 'POOL',
      bank_branch: 'Virtual Account',
      account_holder_name: context.merchantName.toUpperCase(),
      transfer_amount: amount,
    })),
    available_retail_outlets: offered('RETAIL_OUTLET').map((retail_outlet_name) => ({
      retail_outlet_name,
      payment_code: paymentDestinationOf(context.id, retail_outlet_name),
      transfer_amount: amount,
      merchant_name: context.merchantName,
    })),
    available_ewallets: offered('EWALLET').map((ewallet_type) => ({ ewallet_type })),
    available_qr_codes: offered('QR_CODE').map((qr_code_type) => ({ qr_code_type })),
    available_direct_debits: offered('DIRECT_DEBIT').map((direct_debit_type) => ({ direct_debit_type })),
    available_paylaters: offered('PAYLATER').map((paylater_type) => ({ paylater_type })),
    should_exclude_credit_card: offered('CREDIT_CARD').length === 0,
    should_send_email: request.should_send_email ?? false,
    items: request.items ?? [],
    fees: request.fees ?? [],
    metadata: request.metadata ?? null,
    success_redirect_url: request.success_redirect_url,
    failure_redirect_url: request.failure_redirect_url,
    created,
    updated: created,
  };
}

/** A made-up but stable virtual-account number or retail payment code for one invoice and channel. */
function paymentDestinationOf(invoiceId: string, channel: string): string {
  const digits = BigInt(`0x${invoiceId.slice(-12)}`)
    .toString()
    .padStart(10, '0')
    .slice(-10);
  return channel === 'ALFAMART' || channel === 'INDOMARET' ? `TEST${digits}` : `88608${digits}`;
}

export interface OfferedChannel {
  method: InvoicePaymentMethod;
  channel: string;
}

/** Every channel an invoice offers, read from its documented `available_*` fields. */
export function offeredChannels(invoice: Invoice): OfferedChannel[] {
  return [
    ...invoice.available_qr_codes.map((qr) => ({ method: 'QR_CODE' as const, channel: qr.qr_code_type })),
    ...invoice.available_ewallets.map((e) => ({ method: 'EWALLET' as const, channel: e.ewallet_type })),
    ...invoice.available_banks.map((bank) => ({ method: 'BANK_TRANSFER' as const, channel: bank.bank_code })),
    ...invoice.available_retail_outlets.map((outlet) => ({
      method: 'RETAIL_OUTLET' as const,
      channel: outlet.retail_outlet_name,
    })),
    ...invoice.available_direct_debits.map((dd) => ({
      method: 'DIRECT_DEBIT' as const,
      channel: dd.direct_debit_type,
    })),
    ...invoice.available_paylaters.map((p) => ({ method: 'PAYLATER' as const, channel: p.paylater_type })),
    ...(invoice.should_exclude_credit_card
      ? []
      : [{ method: 'CREDIT_CARD' as const, channel: 'CREDIT_CARD' }]),
  ];
}

/**
 * The channel a customer's choice pays with: a channel code the invoice offers (`QRIS`, `BCA`, `OVO`), or a
 * payment method (`EWALLET`), which takes its first offered channel; none takes the first channel offered.
 * Undefined when the invoice offers neither.
 */
export function choosePayment(invoice: Invoice, choice: string | undefined): OfferedChannel | undefined {
  const offered = offeredChannels(invoice);
  if (choice === undefined) return offered[0];
  return (
    offered.find((option) => option.channel === choice) ?? offered.find((option) => option.method === choice)
  );
}

export function markPaid(invoice: Invoice, paid: OfferedChannel): void {
  const now = new Date().toISOString();
  invoice.status = 'PAID';
  invoice.paid_amount = invoice.amount;
  invoice.payment_method = paid.method;
  invoice.payment_channel = paid.channel;
  invoice.payment_destination =
    paid.method === 'BANK_TRANSFER' || paid.method === 'RETAIL_OUTLET'
      ? paymentDestinationOf(invoice.id, paid.channel)
      : undefined;
  invoice.payment_id = newProviderId();
  invoice.paid_at = now;
  invoice.updated = now;
}

/** The callback Xendit posts for an invoice's current status. */
export function callbackOf(invoice: Invoice): InvoiceCallback {
  return {
    id: invoice.id,
    external_id: invoice.external_id,
    user_id: invoice.user_id,
    is_high: false,
    status: invoice.status as InvoiceCallback['status'],
    merchant_name: invoice.merchant_name,
    amount: invoice.amount,
    currency: invoice.currency,
    payer_email: invoice.payer_email,
    description: invoice.description,
    paid_amount: invoice.paid_amount,
    paid_at: invoice.paid_at,
    payment_method: invoice.payment_method,
    payment_channel: invoice.payment_channel,
    payment_destination: invoice.payment_destination,
    payment_id: invoice.payment_id,
    bank_code: invoice.payment_method === 'BANK_TRANSFER' ? invoice.payment_channel : undefined,
    ewallet_type: invoice.payment_method === 'EWALLET' ? invoice.payment_channel : undefined,
    success_redirect_url: invoice.success_redirect_url,
    failure_redirect_url: invoice.failure_redirect_url,
    items: invoice.items,
    fees: invoice.fees,
    metadata: invoice.metadata,
    created: invoice.created,
    updated: invoice.updated,
  };
}
