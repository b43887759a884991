import type { InboxHandler } from '@salon/messaging';
import { cancelAppointmentMessages, keepAppointment } from '../../domain/appointment-messages';

/** scheduling.appointment.cancelled.v1: the replica, and the appointment's waiting messages are CANCELLED. */
export const onSchedulingAppointmentCancelled: InboxHandler<'scheduling.appointment.cancelled.v1'> = async (
  data,
  { tx },
) => {
  if (!(await keepAppointment(tx, data))) return; // an older snapshot than the one held
  await cancelAppointmentMessages(tx, data);
};
