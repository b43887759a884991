import { causedBy, type InboxHandler } from '@salon/messaging';
import { keepAppointment, moveReminders } from '../../domain/appointment-messages';
import { PRODUCER, type NotificationsDeps } from '../../domain/deps';

/** scheduling.appointment.rescheduled.v1: the replica, and the reminders move to the new start. */
export const onSchedulingAppointmentRescheduled =
  (deps: NotificationsDeps): InboxHandler<'scheduling.appointment.rescheduled.v1'> =>
  async (data, { tx, event }) => {
    if (!(await keepAppointment(tx, data))) return; // an older snapshot than the one held
    await moveReminders(deps, tx, data, causedBy(event, PRODUCER));
  };
