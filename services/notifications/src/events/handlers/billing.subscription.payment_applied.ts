import { causedBy, type InboxHandler } from '@salon/messaging';
import { PRODUCER, type NotificationsDeps } from '../../domain/deps';
import { scheduleSubscriptionPaymentConfirmation } from '../../domain/subscription-messages';

/** billing.subscription.payment_applied.v1: the business's confirmation e-mail (plan, period, amount). */
export const onBillingSubscriptionPaymentApplied =
  (deps: NotificationsDeps): InboxHandler<'billing.subscription.payment_applied.v1'> =>
  (data, { tx, event }) =>
    scheduleSubscriptionPaymentConfirmation(deps, tx, data, causedBy(event, PRODUCER));
