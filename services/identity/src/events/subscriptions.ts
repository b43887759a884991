import { InboxConsumer, type MessagingStore, type Subscription } from '@salon/messaging';
import { onSchedulingAppointmentCancelled } from './handlers/scheduling.appointment.cancelled';
import { onSchedulingAppointmentConfirmed } from './handlers/scheduling.appointment.confirmed';
import { onSchedulingAppointmentCreated } from './handlers/scheduling.appointment.created';
import { onSchedulingAppointmentRescheduled } from './handlers/scheduling.appointment.rescheduled';
import { onSchedulingAppointmentStatusChanged } from './handlers/scheduling.appointment.status_changed';

export const APPOINTMENT_CONSUMER = 'identity.appointment-counters';

/** Identity's replica of scheduling's appointments for tenant stats (billing's plans are the runtime's). */
export function identitySubscriptions(store: MessagingStore): Subscription[] {
  return [
    new InboxConsumer(store, APPOINTMENT_CONSUMER)
      .on('scheduling.appointment.created.v1', onSchedulingAppointmentCreated)
      .on('scheduling.appointment.cancelled.v1', onSchedulingAppointmentCancelled)
      .on('scheduling.appointment.confirmed.v1', onSchedulingAppointmentConfirmed)
      .on('scheduling.appointment.status_changed.v1', onSchedulingAppointmentStatusChanged)
      .on('scheduling.appointment.rescheduled.v1', onSchedulingAppointmentRescheduled)
      .subscription(),
  ];
}
