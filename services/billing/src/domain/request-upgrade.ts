import {
  PLAN_CATALOGUE,
  type BillingPeriod,
  type PlanType,
  type SubscriptionInvoice,
  type SubscriptionInvoiceRequest,
} from '@salon/contracts';
import { badRequest, tenantIn, type RequestContext } from '@salon/service-kit';
import type { SubscriptionRecord } from '../db/subscription.repository';
import type { BillingDeps } from './deps';
import { comparePlans, planPrice, prorate } from './plan-rules';
import { subscriptionOf } from './subscription-changes';
import { dueAt, recordInvoice, requestInvoice } from './subscription-invoices';

export interface UpgradeInput {
  target_plan: PlanType;
  billing_period?: BillingPeriod;
  prorate_charges: boolean;
  /** Where the hosted payment page sends the payer back (an extension of the spec). */
  return_url?: string | undefined;
}

/** An upgrade waiting for its invoice to be paid. */
export interface RequestedUpgrade {
  subscription: SubscriptionRecord;
  invoice: SubscriptionInvoice;
  target: PlanType;
  period: BillingPeriod;
  amount: string;
  prorated: boolean;
  proration: ReturnType<typeof prorate>;
}

/**
 * POST /subscriptions/upgrade: an invoice for the prorated difference (same billing period, prorate on) or
 * for the full new period (another billing period, prorate off, or nothing left of the period). The plan
 * changes only when commerce reports the invoice paid (apply-invoice-paid).
 */
export async function requestUpgrade(
  deps: BillingDeps,
  ctx: RequestContext,
  input: UpgradeInput,
): Promise<RequestedUpgrade> {
  const tenantId = tenantIn(ctx);
  const subscription = await subscriptionOf(deps, tenantId);
  const target = input.target_plan;
  if (target === subscription.plan) throw badRequest(`Already on the ${target.toLowerCase()} plan`);
  if (comparePlans(target, subscription.plan) < 0)
    throw badRequest('Target plan is lower than the current plan; use /subscriptions/downgrade');
  const period = input.billing_period ?? subscription.billing_period;
  const now = deps.clock.now();
  const proration = prorate({
    oldPrice: planPrice(subscription.plan, subscription.billing_period),
    newPrice: planPrice(target, period),
    periodStart: new Date(subscription.current_period_start),
    periodEnd: new Date(subscription.current_period_end),
    now,
  });
  const prorated =
    input.prorate_charges && period === subscription.billing_period && proration.days_remaining > 0;
  const amount = prorated ? proration.amount : planPrice(target, period);
  const request: SubscriptionInvoiceRequest = {
    tenant_id: tenantId,
    subscription_id: subscription.id,
    kind: 'upgrade',
    target_plan: target,
    billing_period: period,
    amount,
    currency: PLAN_CATALOGUE[target].price.currency,
    due_at: dueAt(deps, now),
    description: `Upgrade from ${PLAN_CATALOGUE[subscription.plan].display_name} to ${PLAN_CATALOGUE[target].display_name} (${period})`,
    metadata: {
      type: 'SUBSCRIPTION',
      renewal: false,
      from_plan: subscription.plan,
      to_plan: target,
      prorated,
      days_remaining: prorated ? proration.days_remaining : null,
      total_days: prorated ? proration.total_days : null,
    },
    ...(input.return_url ? { return_url: input.return_url } : {}),
  };
  const invoice = await requestInvoice(deps, request, ctx.requestId);
  await recordInvoice(deps, subscription, invoice, request, 'upgrade');
  return { subscription, invoice, target, period, amount, prorated, proration };
}
