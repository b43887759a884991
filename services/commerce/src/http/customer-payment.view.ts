import { formatMoney } from '@salon/service-kit';
import type { CustomerPaymentRow } from '../db/payment.repository';
import { invoicePdfUrl } from '../domain/invoice-pdf';

/** One payment of `GET /customer/payments`; the PDF link is absolute, under the gateway's public address. */
export const customerPaymentView = (payment: CustomerPaymentRow, publicBaseUrl: string) => ({
  id: payment.id,
  type: payment.appointment_id ? ('appointment' as const) : ('package' as const),
  appointment_id: payment.appointment_id,
  customer_package_id: payment.customer_package_id,
  status: payment.status,
  amount: payment.amount,
  wallet_applied: formatMoney(payment.wallet_applied ?? '0'),
  currency: payment.currency,
  method: payment.method,
  provider: payment.provider,
  invoice_number: payment.invoice_number,
  invoice_url: payment.invoice_url,
  invoice_pdf_url:
    payment.invoice_id && payment.invoice_pdf_token
      ? invoicePdfUrl(publicBaseUrl, { id: payment.invoice_id, pdf_token: payment.invoice_pdf_token })
      : null,
  receipt_number: payment.receipt_number,
  refunded_amount: payment.refunded_amount,
  created_at: payment.created_at,
  paid_at: payment.paid_at,
});
