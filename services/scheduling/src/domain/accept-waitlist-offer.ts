import { isAppError, newId, notFound, tenantIn, type RequestContext } from '@salon/service-kit';
import type { AppointmentRecord } from '../db/appointment.repository';
import { closeWaitlistOffer, findWaitlistOffer, markWaitlistEntryBooked } from '../db/waitlist.repository';
import { bookWithin } from './book-appointment';
import { mapBookingRace } from './booking-plan';
import { customerIn } from './callers';
import type { SchedulingDeps } from './deps';
import { heldOfferOf } from './waitlist-offers';

/**
 * POST /customer/waitlist/offers/{id}/accept: books the held slot for its customer through the ordinary booking
 * path (`bookWithin`: per-staff advisory lock, every rule, the capacity count, the insert) in the transaction that
 * holds the offer's row lock and checks the hold has not ended. A slot taken meanwhile (a staff booking) is the
 * booking's 409, and the offer is withdrawn.
 */
export async function acceptOffer(
  deps: SchedulingDeps,
  ctx: RequestContext,
  offerId: string,
): Promise<AppointmentRecord> {
  const tenantId = tenantIn(ctx);
  const customerId = customerIn(ctx);
  const tenantPlan = await deps.plans.recentPlanOf(tenantId);
  const peek = await findWaitlistOffer(deps.db.orm, tenantId, offerId);
  if (!peek || peek.customer_id !== customerId) throw notFound('Waitlist offer not found');
  try {
    return await deps.staffQueue.run([peek.staff_id], () =>
      deps.db
        .withTx(async (tx) => {
          const offer = await heldOfferOf(tx, ctx, offerId);
          const appointment = await bookWithin(deps, tx, ctx, {
            tenantId,
            booker: { kind: 'customer', customerId },
            request: {
              outlet_id: offer.outlet_id,
              appointment_date: offer.date,
              start_time: offer.start_time,
              services: [{ service_id: offer.service_id, staff_id: offer.staff_id }],
              notes: null,
            },
            id: newId(),
            tenantPlan,
          });
          await closeWaitlistOffer(tx, tenantId, offer.id, 'accepted', appointment.id);
          await markWaitlistEntryBooked(tx, tenantId, offer.entry_id, appointment.id);
          return appointment;
        })
        .catch(mapBookingRace),
    );
  } catch (error) {
    // The slot was taken by another booking while held: the offer ends; the entry keeps waiting.
    if (isAppError(error) && error.status === 409 && peek.status === 'offered') {
      await deps.db.withTx(async (tx) => {
        const offer = await findWaitlistOffer(tx, tenantId, offerId, { forUpdate: true });
        if (offer?.status === 'offered' && !offer.expired) {
          await closeWaitlistOffer(tx, tenantId, offer.id, 'withdrawn');
        }
      });
    }
    throw error;
  }
}
