import type { InboxHandler } from '@salon/messaging';
import { countAppointment } from '../../domain/count-appointment';

/** scheduling.appointment.rescheduled.v1: the appointment's status and date for tenant stats. */
export const onSchedulingAppointmentRescheduled: InboxHandler<'scheduling.appointment.rescheduled.v1'> = (
  data,
  { tx },
) => countAppointment(tx, data);
