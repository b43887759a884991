import type { PaymentRecord } from '../db/invoice.repository';

/** GET /subscriptions/payments: one subscription payment. */
export const paymentView = (payment: PaymentRecord) => ({
  id: payment.id,
  tenant_id: payment.tenant_id,
  invoice_id: payment.invoice_id,
  subscription_id: payment.subscription_id,
  amount: payment.amount,
  currency: payment.currency,
  status: payment.status,
  payment_type: payment.payment_type,
  failure_reason: payment.failure_reason,
  paid_at: payment.paid_at,
  created_at: payment.created_at,
});
