import { PLAN_CATALOGUE, PLAN_TYPES, type PlanType } from '@salon/contracts';
import { formatMoney } from '@salon/service-kit';
import type { PaymentRecord } from '../db/invoice.repository';
import type { ScheduledChange, SubscriptionRecord } from '../db/subscription.repository';
import type { CurrentSubscription } from '../domain/manage-subscription';
import { planPrice } from '../domain/plan-rules';

const lower = (plan: PlanType) => plan.toLowerCase();

const scheduledView = (change: ScheduledChange | null) =>
  change && { ...change, target_plan: lower(change.target_plan) };

/** A paid plan is billed again at the end of its period; FREE never is. */
const nextBillingDate = (subscription: SubscriptionRecord) =>
  subscription.plan === 'FREE' || !subscription.auto_renew ? null : subscription.current_period_end;

/** Every subscription response but GET current: `id`, lowercase `plan`, `billing_period` (spec). */
export const subscriptionView = (subscription: SubscriptionRecord) => ({
  id: subscription.id,
  tenant_id: subscription.tenant_id,
  plan: lower(subscription.plan),
  status: subscription.status,
  billing_period: subscription.billing_period,
  current_period_start: subscription.current_period_start,
  current_period_end: subscription.current_period_end,
  next_billing_date: nextBillingDate(subscription),
  is_trial: subscription.is_trial,
  trial_ends_at: subscription.trial_ends_at,
  auto_renew: subscription.auto_renew,
  scheduled_changes: scheduledView(subscription.scheduled_changes),
  metadata: subscription.metadata,
  created_at: subscription.created_at,
  updated_at: subscription.updated_at,
});

/** GET /subscriptions/current, with exactly the spec's fields. */
export const currentView = ({ subscription, usage }: CurrentSubscription) => {
  const plan = PLAN_CATALOGUE[subscription.plan];
  return {
    subscription_id: subscription.id,
    tenant_id: subscription.tenant_id,
    plan_type: subscription.plan,
    billing_cycle: subscription.billing_period,
    status: subscription.status,
    current_period_start: subscription.current_period_start,
    current_period_end: subscription.current_period_end,
    next_billing_date: nextBillingDate(subscription),
    is_trial: subscription.is_trial,
    trial_ends_at: subscription.trial_ends_at,
    auto_renew: subscription.auto_renew,
    plan_details: {
      display_name: plan.display_name,
      price: planPrice(subscription.plan, subscription.billing_period),
      currency: plan.price.currency,
      limits: plan.limits,
    },
    usage: {
      outlets: usage.outlets,
      staff: usage.staff,
      appointments_this_month: usage.appointments_this_month,
    },
    scheduled_changes: scheduledView(subscription.scheduled_changes),
  };
};

/** GET /subscriptions/plans: the one catalogue, in plan order. */
export const plansView = () => ({
  plans: PLAN_TYPES.map((type) => {
    const plan = PLAN_CATALOGUE[type];
    return {
      plan_type: plan.plan_type,
      display_name: plan.display_name,
      description: plan.description,
      price: {
        monthly: formatMoney(plan.price.monthly),
        quarterly: formatMoney(plan.price.quarterly),
        yearly: formatMoney(plan.price.yearly),
        currency: plan.price.currency,
      },
      limits: plan.limits,
      features: plan.features,
    };
  }),
});

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
