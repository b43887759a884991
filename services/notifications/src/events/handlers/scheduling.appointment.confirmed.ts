import { causedBy, type InboxHandler } from '@salon/messaging';
import { isCancelled, keepAppointment, scheduleBookingConfirmation } from '../../domain/appointment-messages';
import { PRODUCER, type NotificationsDeps } from '../../domain/deps';

/**
 * scheduling.appointment.confirmed.v1 (paid, or confirmed by the staff): the replica, the customer's booking
 * confirmation and the staff notices, from the event's own snapshot. A confirmation older than a cancellation
 * already applied sends nothing; a payment for a cancelled appointment never reaches here (scheduling
 * publishes no confirmed event for it).
 */
export const onSchedulingAppointmentConfirmed =
  (deps: NotificationsDeps): InboxHandler<'scheduling.appointment.confirmed.v1'> =>
  async (data, { tx, event }) => {
    if (!(await keepAppointment(tx, data)) && (await isCancelled(tx, data))) return;
    await scheduleBookingConfirmation(deps, tx, data, causedBy(event, PRODUCER));
  };
