import { newEvent, type EventOrigin } from '@salon/messaging';
import type { Executor } from '@salon/service-kit';
import type { SubscriptionRecord } from '../db/subscription.repository';
import { PRODUCER, type BillingDeps } from './deps';
import { addPeriod } from './plan-rules';
import { changeSubscription, changesOf } from './subscription-changes';

/** The consumer that takes billing's own due-downgrade tasks off the delay ladder. */
export const SCHEDULED_CHANGE_CONSUMER = `${PRODUCER}.scheduled-changes`;

/**
 * Sends the task that applies a scheduled downgrade at its effective date, in the transaction that scheduled
 * it: the broker's delay ladder delivers it then, so the plan changes at `current_period_end` itself rather
 * than at the next daily run (which stays as the backstop for a task lost with the broker).
 */
export async function enqueueScheduledChangeDue(
  deps: Pick<BillingDeps, 'store'>,
  tx: Executor,
  subscription: SubscriptionRecord,
  origin: EventOrigin,
): Promise<void> {
  const change = subscription.scheduled_changes!;
  await deps.store.enqueue(
    tx,
    [
      newEvent(
        'billing.scheduled_change.due.v1',
        {
          tenant_id: subscription.tenant_id,
          subscription_id: subscription.id,
          effective_date: change.effective_date,
        },
        { ...origin, tenantId: subscription.tenant_id },
      ),
    ],
    {
      deliverAt: new Date(change.effective_date),
      target: { kind: 'consumer', consumer: SCHEDULED_CHANGE_CONSUMER },
    },
  );
}

/**
 * Applies the locked subscription's scheduled downgrade (the task at its date, or the daily job): the new plan's
 * period starts at the effective date (FREE is monthly), the schedule is cleared, `appliedAt` recorded.
 */
export function applyScheduledChange(
  deps: BillingDeps,
  tx: Executor,
  subscription: SubscriptionRecord,
  appliedAt: Date,
  origin: EventOrigin,
): Promise<SubscriptionRecord> {
  const change = subscription.scheduled_changes!;
  const start = new Date(change.effective_date);
  const period = change.target_plan === 'FREE' ? 'monthly' : subscription.billing_period;
  return changeSubscription(
    deps,
    tx,
    subscription.tenant_id,
    {
      ...changesOf(subscription),
      plan: change.target_plan,
      billing_period: period,
      current_period_start: start.toISOString(),
      current_period_end: addPeriod(start, period).toISOString(),
      scheduled_changes: null,
      metadata: {
        ...subscription.metadata,
        downgraded_at: appliedAt.toISOString(),
        previous_plan: subscription.plan.toLowerCase(),
      },
    },
    origin,
  );
}
