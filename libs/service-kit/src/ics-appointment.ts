import type { AppointmentStatus } from '@salon/contracts';
import type { IcsEvent, IcsStatus } from './ics';

/*
 * What a calendar shows of an appointment (docs/decisions.md "Calendar feeds"), for scheduling's feeds and the
 * confirmation e-mail's attachment alike, so both describe one appointment as the same event (one UID) that a
 * calendar app merges. A feed URL is a bearer secret that ends up in other people's calendar apps, so an event
 * carries only what its viewer needs to turn up: a staff member sees its own services on the appointment and
 * the customer's name (never contact data, notes, prices or other staff members' lines); a customer sees the
 * services, who does them and where.
 */

/** The fields of an appointment a calendar event is made of (scheduling's record and the event snapshot). */
export interface CalendarAppointment {
  id: string;
  version: number;
  status: AppointmentStatus;
  appointment_date: string;
  start_time: string;
  end_time: string;
  timezone: string;
  customer_name: string | null;
  services: ReadonlyArray<{
    service_name: string;
    staff_id: string;
    staff_name: string;
    start_time: string;
    end_time: string;
  }>;
  created_at: string;
  updated_at: string;
}

/** Whose calendar the event is in. */
export type CalendarViewer = { type: 'staff' | 'customer'; id: string };

export function icsStatusOf(status: AppointmentStatus): IcsStatus {
  if (status === 'cancelled') return 'CANCELLED';
  if (status === 'pending') return 'TENTATIVE';
  return 'CONFIRMED';
}

const STATUS_WORDS: Record<AppointmentStatus, string> = {
  pending: 'pending',
  confirmed: 'confirmed',
  checked_in: 'checked in',
  in_progress: 'in progress',
  completed: 'completed',
  cancelled: 'cancelled',
  no_show: 'no-show',
  rescheduled: 'rescheduled',
};

/** The appointment as the viewer's event: stable UID, SEQUENCE from its version (it grows with every change). */
export function appointmentEvent(
  appointment: CalendarAppointment,
  viewer: CalendarViewer,
  outletName: string | undefined,
): IcsEvent {
  const own = viewer.type === 'staff' ? appointment.services.filter((l) => l.staff_id === viewer.id) : [];
  const lines = own.length > 0 ? own : appointment.services;
  // A staff member's event spans its own lines; a customer's the whole appointment.
  const [startTime, endTime] =
    own.length > 0
      ? [
          own.map((l) => l.start_time).sort()[0],
          own
            .map((l) => l.end_time)
            .sort()
            .at(-1),
        ]
      : [appointment.start_time, appointment.end_time];
  const services = lines.map((l) => l.service_name).join(', ');
  const timed = (l: (typeof lines)[number]) =>
    `${l.start_time.slice(0, 5)}-${l.end_time.slice(0, 5)} ${l.service_name}`;
  const detail =
    viewer.type === 'staff' ? lines.map(timed) : lines.map((l) => `${timed(l)} with ${l.staff_name}`);
  return {
    uid: `${appointment.id}@salon-platform`,
    sequence: appointment.version - 1,
    status: icsStatusOf(appointment.status),
    date: appointment.appointment_date,
    startTime: startTime ?? appointment.start_time,
    endTime: endTime ?? appointment.end_time,
    timezone: appointment.timezone,
    summary:
      viewer.type === 'staff'
        ? `${services} - ${appointment.customer_name ?? 'Customer'}`
        : `${services}${outletName ? ` at ${outletName}` : ''}`,
    ...(outletName ? { location: outletName } : {}),
    description: [...detail, `Status: ${STATUS_WORDS[appointment.status]}`].join('\n'),
    createdAt: appointment.created_at,
    updatedAt: appointment.updated_at,
  };
}
