import type { SubscriptionInvoice } from '@salon/contracts';
import type { CreatedSubscriptionInvoice } from '../domain/create-subscription-invoice';

/** Billing's answer (libs/contracts internal.ts). */
export const subscriptionInvoiceView = (invoice: CreatedSubscriptionInvoice): SubscriptionInvoice => ({
  id: invoice.id,
  invoice_number: invoice.invoiceNumber,
  amount: invoice.amount,
  currency: invoice.currency,
  due_date: invoice.dueAt.toISOString(),
  status: 'PENDING',
  gateway_invoice_id: invoice.providerInvoice.id,
  gateway_invoice_url: invoice.providerInvoice.invoice_url,
  gateway_pdf_url: invoice.pdfUrl,
  gateway_payment_url: invoice.providerInvoice.invoice_url,
});
