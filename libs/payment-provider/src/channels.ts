import type { InvoicePaymentMethod } from './protocol';

/**
 * The Indonesian payment channels a hosted invoice can offer, by the `payment_method` Xendit reports when one
 * is used. A create request's `payment_methods` lists channel codes from here; a callback's `payment_channel`
 * names one.
 */
export const INVOICE_CHANNELS = {
  BANK_TRANSFER: ['BCA', 'BNI', 'BRI', 'MANDIRI', 'PERMATA', 'BSI', 'BJB', 'CIMB'],
  RETAIL_OUTLET: ['ALFAMART', 'INDOMARET'],
  EWALLET: ['OVO', 'DANA', 'SHOPEEPAY', 'LINKAJA', 'ASTRAPAY', 'JENIUSPAY'],
  QR_CODE: ['QRIS'],
  DIRECT_DEBIT: ['DD_BRI', 'DD_MANDIRI'],
  PAYLATER: ['KREDIVO', 'AKULAKU', 'ATOME'],
  CREDIT_CARD: ['CREDIT_CARD'],
} as const satisfies Record<InvoicePaymentMethod, readonly string[]>;

export const INVOICE_PAYMENT_METHODS = Object.keys(INVOICE_CHANNELS) as InvoicePaymentMethod[];

/** The payment method a channel code belongs to, or undefined for a code no invoice offers. */
export function paymentMethodOfChannel(channel: string): InvoicePaymentMethod | undefined {
  return INVOICE_PAYMENT_METHODS.find((method) =>
    (INVOICE_CHANNELS[method] as readonly string[]).includes(channel),
  );
}
