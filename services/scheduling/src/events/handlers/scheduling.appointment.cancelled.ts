import { causedBy, type InboxHandler } from '@salon/messaging';
import { PRODUCER, type SchedulingDeps } from '../../domain/deps';
import { freedSlotsOf } from '../../domain/freed-slots';
import { offerFreedSlot } from '../../domain/waitlist-offers';

/** scheduling.appointment.cancelled.v1 (its own): each slot the appointment held is offered to the waitlist. */
export const onSchedulingAppointmentCancelled =
  (deps: Pick<SchedulingDeps, 'store'>): InboxHandler<'scheduling.appointment.cancelled.v1'> =>
  async (data, { tx, event }) => {
    const origin = causedBy(event, PRODUCER);
    for (const slot of freedSlotsOf(data, data.appointment_date)) {
      await offerFreedSlot(deps, tx, slot, origin);
    }
  };
