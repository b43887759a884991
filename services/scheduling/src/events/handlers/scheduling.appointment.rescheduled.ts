import { causedBy, type InboxHandler } from '@salon/messaging';
import { PRODUCER, type SchedulingDeps } from '../../domain/deps';
import { previousSlotsOf } from '../../domain/freed-slots';
import { offerFreedSlot } from '../../domain/waitlist-offers';

/**
 * scheduling.appointment.rescheduled.v1 (its own): the slots the appointment moved away from are offered to the
 * waitlist (a slot it still covers fails the capacity check and is not offered).
 */
export const onSchedulingAppointmentRescheduled =
  (deps: Pick<SchedulingDeps, 'store'>): InboxHandler<'scheduling.appointment.rescheduled.v1'> =>
  async (data, { tx, event }) => {
    const origin = causedBy(event, PRODUCER);
    for (const slot of previousSlotsOf(data)) await offerFreedSlot(deps, tx, slot, origin);
  };
