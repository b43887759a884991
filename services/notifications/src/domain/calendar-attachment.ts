import type { AppointmentSnapshot } from '@salon/contracts';
import { ICS_CONTENT_TYPE, appointmentEvent, icsCalendar } from '@salon/service-kit';
import type { MessageAttachment } from '../channels/channel';

/**
 * The appointment as a one-event iCalendar file for the customer's confirmation e-mail: the event a customer's
 * calendar feed shows (same UID and SEQUENCE), so a calendar app that has both keeps one event.
 */
export function appointmentCalendarFile(
  appointment: AppointmentSnapshot,
  outletName: string | undefined,
): MessageAttachment {
  const event = appointmentEvent(
    { ...appointment, id: appointment.appointment_id },
    { type: 'customer', id: appointment.customer_id ?? '' },
    outletName,
  );
  const at = new Date(appointment.starts_at);
  return {
    filename: 'appointment.ics',
    contentType: ICS_CONTENT_TYPE,
    content: icsCalendar({ name: outletName ?? 'Appointment', range: { from: at, to: at }, events: [event] }),
  };
}
