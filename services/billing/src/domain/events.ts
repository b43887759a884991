import { PLAN_CATALOGUE, type SubscriptionChangedV1 } from '@salon/contracts';
import { newEvent, type EventOrigin } from '@salon/messaging';
import type { Executor } from '@salon/service-kit';
import type { SubscriptionRecord } from '../db/subscription.repository';
import type { BillingDeps } from './deps';
import { planLimitsOf } from './plan-rules';

/** The full plan snapshot every service's plan-limits replica keeps (newest `version` wins). */
export const subscriptionChangedData = (subscription: SubscriptionRecord): SubscriptionChangedV1 => ({
  tenant_id: subscription.tenant_id,
  subscription_id: subscription.id,
  plan: subscription.plan,
  status: subscription.status,
  billing_period: subscription.billing_period,
  current_period_start: subscription.current_period_start,
  current_period_end: subscription.current_period_end,
  limits: planLimitsOf(subscription.plan),
  appointment_fee_percent: PLAN_CATALOGUE[subscription.plan].appointment_fee_percent,
  version: subscription.version,
});

/** Puts the snapshots in the outbox, in the transaction that changed them; each carries its own tenant. */
export async function publishChanged(
  deps: Pick<BillingDeps, 'store'>,
  tx: Executor,
  subscriptions: SubscriptionRecord[],
  origin: EventOrigin,
): Promise<void> {
  if (subscriptions.length === 0) return;
  await deps.store.enqueue(
    tx,
    subscriptions.map((subscription) =>
      newEvent('billing.subscription.changed.v1', subscriptionChangedData(subscription), {
        ...origin,
        tenantId: subscription.tenant_id,
      }),
    ),
  );
}
