import { newEvent, originOf, type EventOrigin } from '@salon/messaging';
import {
  conflict,
  isAppError,
  newId,
  notFound,
  tenantIn,
  type Executor,
  type RequestContext,
} from '@salon/service-kit';
import {
  closeWaitlistOffer,
  findWaitlistOffer,
  hasLiveOffer,
  insertWaitlistOffer,
  lockWaitlistDay,
  slotCandidates,
  type FreedSlot,
  type WaitlistOfferRecord,
} from '../db/waitlist.repository';
import { assertCapacity, bookingContextOf, planBooking } from './booking-plan';
import { customerIn } from './callers';
import { PRODUCER, type SchedulingDeps } from './deps';
import { settingsOf } from './tenant-settings';
import { formatTime } from './time-rules';

/** The consumer that takes scheduling's own offer-due tasks off the delay ladder. */
export const WAITLIST_OFFER_CONSUMER = `${PRODUCER}.waitlist-offers`;

export const slotOf = (offer: WaitlistOfferRecord): FreedSlot => ({
  tenantId: offer.tenant_id,
  outletId: offer.outlet_id,
  staffId: offer.staff_id,
  date: offer.date,
  startTime: offer.start_time,
});

/**
 * Offers a freed slot to the first waiting entry it suits, in the caller's transaction: under the day's queue lock,
 * nothing if the slot is already held for someone; else the entries in queue order (anyone or this staff member,
 * a window letting it start then, no offer held now, not offered this slot before), the first for which the slot
 * passes every rule of a customer booking of the entry's service (working hours, notice, window, capacity now)
 * gets it for the tenant's `waitlist_hold_minutes`. The offer's event tells the customer; its task lapses it.
 * The offered booking's end (minutes since local midnight), or null when nobody was offered the slot.
 */
export async function offerFreedSlot(
  deps: Pick<SchedulingDeps, 'store'>,
  tx: Executor,
  slot: FreedSlot,
  origin: EventOrigin,
  /** Only entries that joined by then (hours that opened are news only to those already waiting). */
  joinedBy: string | null = null,
): Promise<number | null> {
  await lockWaitlistDay(tx, slot);
  if (await hasLiveOffer(tx, slot)) return null;
  for (const entry of await slotCandidates(tx, slot, joinedBy)) {
    const request = {
      outlet_id: slot.outletId,
      appointment_date: slot.date,
      start_time: slot.startTime,
      services: [{ service_id: entry.service_id, staff_id: slot.staffId }],
    };
    const context = await bookingContextOf(tx, slot.tenantId, request, entry.customer_id);
    let plan: Awaited<ReturnType<typeof planBooking>>;
    try {
      plan = await planBooking(context, request, 'customer', { requireBookableServices: true });
      if (entry.window_end !== null && plan.endTime > entry.window_end) continue;
      await assertCapacity(tx, slot.tenantId, plan.segments);
    } catch (error) {
      if (isAppError(error)) continue;
      throw error;
    }
    const holdMinutes = settingsOf(context.tenant).waitlistHoldMinutes;
    const offer = await insertWaitlistOffer(tx, {
      id: newId(),
      entry,
      slot,
      startsAt: plan.startsAt,
      holdMinutes,
    });
    const segment = plan.segments[0]!;
    const eventOrigin = { ...origin, tenantId: slot.tenantId };
    await deps.store.enqueue(tx, [
      newEvent(
        'scheduling.waitlist.offered.v1',
        {
          offer_id: offer.id,
          entry_id: entry.id,
          tenant_id: slot.tenantId,
          customer_id: entry.customer_id,
          outlet_id: slot.outletId,
          service_id: entry.service_id,
          service_name: segment.service_name,
          staff_id: slot.staffId,
          staff_name: segment.staff_name,
          appointment_date: slot.date,
          start_time: formatTime(slot.startTime),
          timezone: plan.timezone,
          starts_at: offer.starts_at,
          expires_at: offer.expires_at,
          hold_minutes: holdMinutes,
        },
        eventOrigin,
      ),
    ]);
    await enqueueOfferDue(deps, tx, offer, eventOrigin);
    return plan.endTime;
  }
  return null;
}

/** The task that lapses the offer at its `expires_at`, through the broker's delay ladder (billing's mechanism). */
async function enqueueOfferDue(
  deps: Pick<SchedulingDeps, 'store'>,
  tx: Executor,
  offer: WaitlistOfferRecord,
  origin: EventOrigin,
): Promise<void> {
  await deps.store.enqueue(
    tx,
    [
      newEvent(
        'scheduling.waitlist.offer_due.v1',
        { tenant_id: offer.tenant_id, offer_id: offer.id },
        origin,
      ),
    ],
    {
      deliverAt: new Date(offer.expires_at),
      target: { kind: 'consumer', consumer: WAITLIST_OFFER_CONSUMER },
    },
  );
}

/**
 * The offer's hold has come (its task, or a redelivery): under the offer's row lock, an offer no longer held
 * (accepted, declined, withdrawn, lapsed already) is left alone; one whose hold has not ended by the database's
 * clock (a task delivered early) is put back on the ladder; otherwise it lapses and the slot goes to the next.
 * The accept takes the same row lock and books only while the hold lasts, so the two never both win.
 */
export async function lapseOffer(
  deps: Pick<SchedulingDeps, 'store'>,
  tx: Executor,
  { tenantId, offerId }: { tenantId: string; offerId: string },
  origin: EventOrigin,
): Promise<void> {
  const offer = await findWaitlistOffer(tx, tenantId, offerId, { forUpdate: true });
  if (!offer || offer.status !== 'offered') return;
  if (!offer.expired) {
    await enqueueOfferDue(deps, tx, offer, origin);
    return;
  }
  await closeWaitlistOffer(tx, tenantId, offer.id, 'lapsed');
  await offerFreedSlot(deps, tx, slotOf(offer), origin);
}

/** The caller's offer, row-locked, while it is held: someone else's 404, one no longer held or lapsed 409. */
export const heldOfferOf = async (tx: Executor, ctx: RequestContext, offerId: string) => {
  const offer = await findWaitlistOffer(tx, tenantIn(ctx), offerId, { forUpdate: true });
  if (!offer || offer.customer_id !== customerIn(ctx)) throw notFound('Waitlist offer not found');
  if (offer.status !== 'offered') throw conflict(`This offer is ${offer.status}`);
  if (offer.expired) throw conflict('This offer has lapsed');
  return offer;
};

/** The customer left an entry holding an offer: the offer is withdrawn and the slot goes to the next. */
export async function withdrawOfferOnLeave(
  deps: Pick<SchedulingDeps, 'store'>,
  tx: Executor,
  ctx: RequestContext,
  offer: WaitlistOfferRecord,
): Promise<void> {
  if (!(await closeWaitlistOffer(tx, offer.tenant_id, offer.id, 'withdrawn'))) return;
  await offerFreedSlot(deps, tx, slotOf(offer), originOf(ctx, PRODUCER));
}
