import type { InboxHandler } from '@salon/messaging';
import { countAppointment } from '../../domain/count-appointment';

/** scheduling.appointment.created.v1: the appointment's status and date for tenant stats. */
export const onSchedulingAppointmentCreated: InboxHandler<'scheduling.appointment.created.v1'> = (
  data,
  { tx },
) => countAppointment(tx, data);
