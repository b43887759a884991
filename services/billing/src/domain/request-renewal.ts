import { PLAN_CATALOGUE, type SubscriptionInvoice, type SubscriptionInvoiceRequest } from '@salon/contracts';
import { badRequest, notFound, tenantIn, type RequestContext } from '@salon/service-kit';
import type { SubscriptionRecord } from '../db/subscription.repository';
import type { BillingDeps } from './deps';
import { planPrice } from './plan-rules';
import { subscriptionOf } from './subscription-changes';
import { dueAt, recordInvoice, requestInvoice } from './subscription-invoices';

/** A renewal waiting for its invoice to be paid. */
export interface RequestedRenewal {
  subscription: SubscriptionRecord;
  invoice: SubscriptionInvoice;
  amount: string;
}

/** POST /subscriptions/renew: the full price of the current plan and period, metadata renewal=true. */
export async function requestRenewal(
  deps: BillingDeps,
  ctx: RequestContext,
  { subscriptionId }: { subscriptionId: string },
): Promise<RequestedRenewal> {
  const tenantId = tenantIn(ctx);
  const subscription = await subscriptionOf(deps, tenantId);
  if (subscription.id !== subscriptionId) throw notFound('Subscription not found');
  if (subscription.plan === 'FREE') throw badRequest('The FREE plan needs no renewal');
  const now = deps.clock.now();
  const amount = planPrice(subscription.plan, subscription.billing_period);
  const request: SubscriptionInvoiceRequest = {
    tenant_id: tenantId,
    subscription_id: subscription.id,
    kind: 'renewal',
    target_plan: subscription.plan,
    billing_period: subscription.billing_period,
    amount,
    currency: PLAN_CATALOGUE[subscription.plan].price.currency,
    due_at: dueAt(deps, now),
    description: `Renewal of ${PLAN_CATALOGUE[subscription.plan].display_name} (${subscription.billing_period})`,
    metadata: {
      type: 'SUBSCRIPTION',
      renewal: true,
      from_plan: subscription.plan,
      to_plan: subscription.plan,
      prorated: false,
      days_remaining: null,
      total_days: null,
    },
  };
  const invoice = await requestInvoice(deps, request, ctx.requestId);
  await recordInvoice(deps, subscription, invoice, request, 'renewal');
  return { subscription, invoice, amount };
}
