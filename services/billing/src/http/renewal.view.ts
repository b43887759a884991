import { PLAN_CATALOGUE } from '@salon/contracts';
import { addPeriod } from '../domain/plan-rules';
import type { RequestedRenewal } from '../domain/request-renewal';

/** POST /subscriptions/renew: the invoice to pay and the period paying it opens. */
export const renewalView = ({ subscription, invoice, amount }: RequestedRenewal) => {
  const nextStart = new Date(subscription.current_period_end);
  return {
    status: 'payment_pending',
    message: `Renewal of ${PLAN_CATALOGUE[subscription.plan].display_name} is waiting for payment.`,
    subscription: {
      id: subscription.id,
      plan: subscription.plan.toLowerCase(),
      billing_period: subscription.billing_period,
      current_period_end: subscription.current_period_end,
    },
    invoice: {
      id: invoice.id,
      invoice_number: invoice.invoice_number,
      amount: invoice.amount,
      currency: invoice.currency,
      due_date: invoice.due_date,
      gateway_invoice_url: invoice.gateway_invoice_url,
      gateway_pdf_url: invoice.gateway_pdf_url,
      gateway_payment_url: invoice.gateway_payment_url,
    },
    renewal_details: {
      renewing_plan: subscription.plan.toLowerCase(),
      billing_period: subscription.billing_period,
      renewal_amount: amount,
      next_period_start: nextStart.toISOString(),
      next_period_end: addPeriod(nextStart, subscription.billing_period).toISOString(),
    },
    next_steps: [
      'Pay the invoice using the payment link',
      `The invoice expires on ${invoice.due_date} if unpaid`,
      'Your billing period is extended as soon as the payment is confirmed',
    ],
  };
};
