import { PLAN_CATALOGUE, type PlanType } from '@salon/contracts';
import type { ScheduledChange, SubscriptionRecord } from '../db/subscription.repository';
import type { CurrentSubscription } from '../domain/get-current-subscription';
import type { UsageReport } from '../domain/report-usage';
import { planPrice } from '../domain/plan-rules';

const lower = (plan: PlanType) => plan.toLowerCase();

const scheduledView = (change: ScheduledChange | null) =>
  change && { ...change, target_plan: lower(change.target_plan) };

/** A paid plan is billed again at the end of its period; FREE never is. */
const nextBillingDate = (subscription: SubscriptionRecord) =>
  subscription.plan === 'FREE' || !subscription.auto_renew ? null : subscription.current_period_end;

/** The period, trial and renewal, in both shapes of a subscription. */
const termsView = (subscription: SubscriptionRecord) => ({
  current_period_start: subscription.current_period_start,
  current_period_end: subscription.current_period_end,
  next_billing_date: nextBillingDate(subscription),
  is_trial: subscription.is_trial,
  trial_ends_at: subscription.trial_ends_at,
  auto_renew: subscription.auto_renew,
});

/** Every subscription response but GET current: `id`, lowercase `plan`, `billing_period` (spec). */
export const subscriptionView = (subscription: SubscriptionRecord) => ({
  id: subscription.id,
  tenant_id: subscription.tenant_id,
  plan: lower(subscription.plan),
  status: subscription.status,
  billing_period: subscription.billing_period,
  ...termsView(subscription),
  scheduled_changes: scheduledView(subscription.scheduled_changes),
  metadata: subscription.metadata,
  created_at: subscription.created_at,
  updated_at: subscription.updated_at,
});

/** GET /subscriptions/current, with exactly the spec's fields. */
export const currentSubscriptionView = ({ subscription, usage }: CurrentSubscription) => {
  const plan = PLAN_CATALOGUE[subscription.plan];
  return {
    subscription_id: subscription.id,
    tenant_id: subscription.tenant_id,
    plan_type: subscription.plan,
    billing_cycle: subscription.billing_period,
    status: subscription.status,
    ...termsView(subscription),
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

/** GET /subscriptions/usage: every counter against its plan limit, warnings and the recommendation. */
export const usageReportView = ({ subscription, items, warnings, upgradeRecommended }: UsageReport) => ({
  subscription_id: subscription.id,
  plan: lower(subscription.plan),
  billing_period: { start: subscription.current_period_start, end: subscription.current_period_end },
  usage: items,
  warnings,
  upgrade_recommended: upgradeRecommended,
});
