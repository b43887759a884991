import { formatMoney } from '@salon/service-kit';
import type { CustomerPaymentRow } from '../db/payment.repository';

/** One payment of `GET /customer/payments`. */
export const customerPaymentView = (payment: CustomerPaymentRow) => ({
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
  receipt_number: payment.receipt_number,
  refunded_amount: payment.refunded_amount,
  created_at: payment.created_at,
  paid_at: payment.paid_at,
});
