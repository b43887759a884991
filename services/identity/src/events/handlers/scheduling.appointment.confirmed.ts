import type { InboxHandler } from '@salon/messaging';
import { countAppointment } from '../../domain/count-appointment';

/** scheduling.appointment.confirmed.v1: the appointment's status and date for tenant stats. */
export const onSchedulingAppointmentConfirmed: InboxHandler<'scheduling.appointment.confirmed.v1'> = (
  data,
  { tx },
) => countAppointment(tx, data);
