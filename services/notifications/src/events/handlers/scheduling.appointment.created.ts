import { causedBy, type InboxHandler } from '@salon/messaging';
import { keepAppointment, scheduleReminders } from '../../domain/appointment-messages';
import { PRODUCER, type NotificationsDeps } from '../../domain/deps';

/** scheduling.appointment.created.v1: the replica, and reminders at each REMINDER_HOURS still ahead. */
export const onSchedulingAppointmentCreated =
  (deps: NotificationsDeps): InboxHandler<'scheduling.appointment.created.v1'> =>
  async (data, { tx, event }) => {
    if (!(await keepAppointment(tx, data))) return; // an older snapshot than the one held
    await scheduleReminders(deps, tx, data, causedBy(event, PRODUCER));
  };
