import { causedBy, type InboxHandler } from '@salon/messaging';
import { PRODUCER, type SchedulingDeps } from '../../domain/deps';
import { lapseOffer } from '../../domain/waitlist-offers';

/** scheduling.waitlist.offer_due.v1 (its own task, at the hold's end): an offer not accepted lapses. */
export const onSchedulingWaitlistOfferDue =
  (deps: Pick<SchedulingDeps, 'store'>): InboxHandler<'scheduling.waitlist.offer_due.v1'> =>
  async (data, { tx, event }) => {
    await lapseOffer(
      deps,
      tx,
      { tenantId: data.tenant_id, offerId: data.offer_id },
      causedBy(event, PRODUCER),
    );
  };
