import { originOf } from '@salon/messaging';
import type { RequestContext } from '@salon/service-kit';
import { closeWaitlistOffer } from '../db/waitlist.repository';
import { PRODUCER, type SchedulingDeps } from './deps';
import { heldOfferOf, offerFreedSlot, slotOf } from './waitlist-offers';

/** POST /customer/waitlist/offers/{id}/decline: the customer turns the slot down; it goes to the next at once. */
export async function declineOffer(
  deps: SchedulingDeps,
  ctx: RequestContext,
  offerId: string,
): Promise<void> {
  await deps.db.withTx(async (tx) => {
    const offer = await heldOfferOf(tx, ctx, offerId);
    await closeWaitlistOffer(tx, offer.tenant_id, offer.id, 'declined');
    await offerFreedSlot(deps, tx, slotOf(offer), originOf(ctx, PRODUCER));
  });
}
