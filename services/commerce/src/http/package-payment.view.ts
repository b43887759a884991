import type { PackageCancellation } from '../domain/cancel-customer-package';
import { formatMoney } from '@salon/service-kit';
import type { PaymentStatus } from '../db/payment.repository';
import type { PackagePaymentLink } from '../domain/create-package-payment-link';
import { PACKAGE_FEE_PERCENT, customerName } from '../domain/package-links';
import type { PackagePaymentState } from '../domain/package-payment-status';
import type { RecordedPayment } from '../domain/record-package-payment';

/** Package payments answer in the spec's lowercase (completed, pending, failed); the table holds uppercase. */
const packagePaymentStatusOf = (status: PaymentStatus) => status.toLowerCase();

/** POST /customer-packages/{id}/record-payment. */
export const paymentRecordedView = ({ payment, recordedAt, package: row }: RecordedPayment) => ({
  status: 'success',
  message: 'Payment recorded and package activated',
  payment: {
    id: payment.id,
    amount: payment.amount,
    method: payment.method,
    status: packagePaymentStatusOf(payment.status),
    recorded_by: payment.recorded_by,
    recorded_at: recordedAt.toISOString(),
    receipt_number: payment.receipt_number,
    reference_id: payment.reference_id,
  },
  package: {
    id: row.id,
    status: row.status,
    payment_status: row.payment_status,
    expires_at: row.expires_at,
    total_credits: row.total_credits,
  },
});

/** GET /customer-packages/{id}/payment-status. */
export const packagePaymentStatusView = ({
  row,
  payments,
  totalPaid,
  remainingBalance,
}: PackagePaymentState) => ({
  customer_package_id: row.id,
  package_name: row.package_name,
  package_price: row.package_price,
  payment_status: row.payment_status,
  package_status: row.status,
  total_paid: totalPaid,
  remaining_balance: remainingBalance,
  is_paid: row.payment_status === 'paid',
  credits_activated: row.total_credits > 0,
  payments: payments.map((payment) => ({
    id: payment.id,
    amount: payment.amount,
    method: payment.method,
    provider: payment.provider === 'gateway' ? 'gateway' : 'manual',
    status: packagePaymentStatusOf(payment.status),
    reference_id: payment.reference_id,
    created_at: payment.created_at,
    paid_at: payment.paid_at,
  })),
});

/** POST /customer-packages/{id}/create-payment-link. */
export function paymentLinkCreatedView({ row, customer, link, channels, webhookUrl }: PackagePaymentLink) {
  const amount = formatMoney(row.package_price);
  return {
    status: 'payment_link_created',
    message: `Payment link created and sent by ${channels.join(', ')}`,
    invoice: {
      id: link.invoiceId,
      invoice_number: link.invoiceNumber,
      amount,
      subtotal: amount,
      platform_fee: '0.00',
      platform_fee_percentage: PACKAGE_FEE_PERCENT,
      currency: row.currency,
      due_date: link.dueDate.toISOString(),
      gateway_invoice_id: link.providerInvoice.id,
      invoice_url: link.providerInvoice.invoice_url,
    },
    payment: {
      id: link.paymentId,
      reference_id: link.referenceId,
      status: packagePaymentStatusOf('PENDING'),
      amount,
    },
    customer: { name: customerName(customer), email: customer.email, phone: customer.phone },
    delivery_methods: channels,
    webhook_url: webhookUrl,
  };
}

/** POST /customer-packages/{id}/cancel. */
export const packageCancelledView = ({ customerPackageId, creditsVoided, refund }: PackageCancellation) => ({
  customer_package_id: customerPackageId,
  status: 'cancelled' as const,
  credits_voided: creditsVoided,
  refund: refund && {
    payment_id: refund.paymentId,
    amount: refund.amount,
    kept: refund.kept,
    currency: refund.currency,
    refunded_to: refund.refundedTo,
  },
});
