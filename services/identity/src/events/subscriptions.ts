import type { MessagingStore, Subscription } from '@salon/messaging';
import { applyAppointmentEvent } from './handlers/scheduling-appointment';

export const APPOINTMENT_CONSUMER = 'identity.appointment-counters';

/** Identity's replica of scheduling's appointments for tenant stats (billing's plans are the runtime's). */
export function identitySubscriptions(store: MessagingStore): Subscription[] {
  return [
    {
      consumer: APPOINTMENT_CONSUMER,
      events: [
        'scheduling.appointment.created.v1',
        'scheduling.appointment.cancelled.v1',
        'scheduling.appointment.confirmed.v1',
        'scheduling.appointment.status_changed.v1',
        'scheduling.appointment.rescheduled.v1',
      ],
      handle: store.inboxed(APPOINTMENT_CONSUMER, applyAppointmentEvent),
    },
  ];
}
