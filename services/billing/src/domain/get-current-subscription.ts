import { tenantIn, type RequestContext } from '@salon/service-kit';
import type { SubscriptionRecord } from '../db/subscription.repository';
import { usageCounts } from '../db/usage.repository';
import type { BillingDeps } from './deps';
import { subscriptionOf } from './subscription-changes';

export interface CurrentSubscription {
  subscription: SubscriptionRecord;
  usage: { outlets: number; staff: number; appointments_this_month: number; services: number };
}

/** GET /subscriptions/current: the subscription and this month's usage counters. */
export async function getCurrentSubscription(
  deps: BillingDeps,
  ctx: RequestContext,
): Promise<CurrentSubscription> {
  const tenantId = tenantIn(ctx);
  const subscription = await subscriptionOf(deps, tenantId);
  const usage = await usageCounts(deps.db.orm, tenantId, deps.clock.now());
  return { subscription, usage };
}
