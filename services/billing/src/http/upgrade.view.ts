import { PLAN_CATALOGUE } from '@salon/contracts';
import type { RequestedUpgrade } from '../domain/request-upgrade';

/** POST /subscriptions/upgrade: the invoice to pay and what paying it changes. */
export const upgradeView = ({
  subscription,
  invoice,
  target,
  period,
  amount,
  prorated,
  proration,
}: RequestedUpgrade) => ({
  status: 'payment_pending',
  message: `Upgrade to ${PLAN_CATALOGUE[target].display_name} is waiting for payment; the plan changes once the invoice is paid.`,
  subscription: {
    id: subscription.id,
    plan: subscription.plan.toLowerCase(),
    status: subscription.status,
    current_period_end: subscription.current_period_end,
  },
  invoice,
  upgrade_details: {
    from_plan: subscription.plan.toLowerCase(),
    to_plan: target.toLowerCase(),
    prorated_amount: amount,
    days_remaining: proration.days_remaining,
    total_days: proration.total_days,
    billing_period: period,
    prorated,
  },
  next_steps: [
    'Pay the invoice using the payment link',
    `The invoice expires on ${invoice.due_date} if unpaid`,
    'Your plan is upgraded as soon as the payment is confirmed',
  ],
});
