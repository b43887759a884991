import type { AppointmentPayment } from '../domain/process-appointment-payment';

/** POST /customer/payments/process-appointment: COMPLETED from the wallet, or PENDING on the payment page. */
export function appointmentPaymentView({ reserved, providerInvoice, invoicePdfUrl }: AppointmentPayment) {
  if (providerInvoice === null) {
    return {
      payment_id: reserved.paymentId,
      status: 'COMPLETED',
      payment_url: null,
      invoice_url: null,
      invoice_pdf_url: null,
      invoice_number: null,
      amount: '0.00',
      wallet_applied: reserved.walletApplied,
      expires_at: null,
      message: 'Paid in full from the wallet; the appointment is confirmed',
    };
  }
  return {
    payment_id: reserved.paymentId,
    status: 'PENDING',
    payment_url: providerInvoice.invoice_url,
    invoice_url: providerInvoice.invoice_url,
    invoice_pdf_url: invoicePdfUrl,
    invoice_number: reserved.invoiceNumber,
    amount: reserved.total,
    wallet_applied: reserved.walletApplied,
    expires_at: reserved.expiresAt.toISOString(),
    message: 'Invoice created: complete the payment on the payment page',
  };
}
