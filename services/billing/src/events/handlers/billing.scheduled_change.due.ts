import { causedBy, type InboxHandler } from '@salon/messaging';
import { findSubscription } from '../../db/subscription.repository';
import { applyScheduledChange } from '../../domain/apply-scheduled-change';
import { PRODUCER, type BillingDeps } from '../../domain/deps';

/**
 * A scheduled downgrade's task, off the delay ladder at its effective date: applied if that downgrade is still
 * scheduled for that date and the date has come by billing's clock. A cancelled or re-scheduled downgrade, or one
 * the daily job applied first, finds nothing to do; a task early by the clock leaves it to the daily job.
 */
export const onBillingScheduledChangeDue =
  (deps: BillingDeps): InboxHandler<'billing.scheduled_change.due.v1'> =>
  async (data, { tx, event }) => {
    const subscription = await findSubscription(tx, data.tenant_id, { forUpdate: true });
    const change = subscription?.scheduled_changes;
    if (!subscription || !change) return;
    const effective = Date.parse(change.effective_date);
    const now = deps.clock.now();
    if (effective !== Date.parse(data.effective_date) || effective > now.getTime()) return;
    await applyScheduledChange(deps, tx, subscription, now, causedBy(event, PRODUCER));
  };
