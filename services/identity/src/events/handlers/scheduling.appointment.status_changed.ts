import type { InboxHandler } from '@salon/messaging';
import { countAppointment } from '../../domain/count-appointment';

/** scheduling.appointment.status_changed.v1: the appointment's status and date for tenant stats. */
export const onSchedulingAppointmentStatusChanged: InboxHandler<
  'scheduling.appointment.status_changed.v1'
> = (data, { tx }) => countAppointment(tx, data);
