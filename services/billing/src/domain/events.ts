import {
  PLAN_CATALOGUE,
  type SubscriptionChangedV1,
  type SubscriptionInvoicePaidV1,
  type SubscriptionPaymentAppliedV1,
} from '@salon/contracts';
import { newEvent, type EventOrigin } from '@salon/messaging';
import type { Executor } from '@salon/service-kit';
import type { InvoiceRecord } from '../db/invoice.repository';
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
  trial_ends_at: subscription.is_trial ? subscription.trial_ends_at : null,
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

/**
 * The paid invoice as applied, for the business's confirmation e-mail: published in the transaction that
 * applied it, after the new snapshot, from the subscription as it now is.
 */
export async function publishPaymentApplied(
  deps: Pick<BillingDeps, 'store'>,
  tx: Executor,
  {
    invoice,
    paid,
    before,
    after,
  }: {
    invoice: InvoiceRecord;
    paid: SubscriptionInvoicePaidV1;
    before: SubscriptionRecord;
    after: SubscriptionRecord;
  },
  origin: EventOrigin,
): Promise<void> {
  const data: SubscriptionPaymentAppliedV1 = {
    tenant_id: after.tenant_id,
    subscription_id: after.id,
    invoice_id: invoice.id,
    kind: invoice.kind,
    plan: after.plan,
    previous_plan: before.plan,
    billing_period: after.billing_period,
    current_period_start: after.current_period_start,
    current_period_end: after.current_period_end,
    next_billing_date: after.current_period_end,
    amount: invoice.amount,
    currency: invoice.currency,
    paid_at: paid.paid_at,
  };
  await deps.store.enqueue(tx, [
    newEvent('billing.subscription.payment_applied.v1', data, { ...origin, tenantId: after.tenant_id }),
  ]);
}
