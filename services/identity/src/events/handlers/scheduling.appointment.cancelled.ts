import type { InboxHandler } from '@salon/messaging';
import { countAppointment } from '../../domain/count-appointment';

/** scheduling.appointment.cancelled.v1: the appointment's status and date for tenant stats. */
export const onSchedulingAppointmentCancelled: InboxHandler<'scheduling.appointment.cancelled.v1'> = (
  data,
  { tx },
) => countAppointment(tx, data);
