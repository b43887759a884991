import { PLAN_CATALOGUE } from '@salon/contracts';
import type { RequestContext } from '@salon/service-kit';
import type { SubscriptionRecord } from '../db/subscription.repository';
import type { BillingDeps } from './deps';
import { getCurrentSubscription } from './get-current-subscription';
import { staffLimit, upgradeRecommended, usageItem, usageWarnings, type UsageItem } from './usage-rules';

export interface UsageReport {
  subscription: SubscriptionRecord;
  items: Record<'outlets' | 'staff' | 'appointments_this_month' | 'services', UsageItem>;
  warnings: string[];
  upgradeRecommended: boolean;
}

/** GET /subscriptions/usage: every counter against its plan limit, warnings and the recommendation. */
export async function reportUsage(deps: BillingDeps, ctx: RequestContext): Promise<UsageReport> {
  const { subscription, usage } = await getCurrentSubscription(deps, ctx);
  const limits = PLAN_CATALOGUE[subscription.plan].limits;
  const items = {
    outlets: usageItem(usage.outlets, limits.max_outlets),
    staff: usageItem(usage.staff, staffLimit(limits.max_staff_per_outlet, usage.outlets)),
    appointments_this_month: usageItem(usage.appointments_this_month, limits.max_appointments_per_month),
    services: usageItem(usage.services, limits.max_services),
  };
  return {
    subscription,
    items,
    warnings: usageWarnings(items),
    upgradeRecommended: subscription.plan !== 'ENTERPRISE' && upgradeRecommended(items),
  };
}
