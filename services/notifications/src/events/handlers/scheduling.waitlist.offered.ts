import { causedBy, type InboxHandler } from '@salon/messaging';
import { PRODUCER, type NotificationsDeps } from '../../domain/deps';
import { scheduleWaitlistOffer } from '../../domain/waitlist-messages';

/** scheduling.waitlist.offered.v1: the `waitlist_offer` message to the customer a freed slot is held for. */
export const onSchedulingWaitlistOffered =
  (deps: NotificationsDeps): InboxHandler<'scheduling.waitlist.offered.v1'> =>
  async (data, { tx, event }) => {
    await scheduleWaitlistOffer(deps, tx, data, causedBy(event, PRODUCER));
  };
