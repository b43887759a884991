import { causedBy, type InboxHandler } from '@salon/messaging';
import { PRODUCER, type SchedulingDeps } from '../../domain/deps';
import { offerOpenedHours } from '../../domain/opened-hours';

/** scheduling.availability.opened.v1 (its own): newly bookable time is offered to the waitlist. */
export const onSchedulingAvailabilityOpened =
  (deps: Pick<SchedulingDeps, 'store'>): InboxHandler<'scheduling.availability.opened.v1'> =>
  (data, { tx, event }) =>
    offerOpenedHours(deps, tx, data, causedBy(event, PRODUCER), event.occurred_at);
