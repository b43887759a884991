import type { AppointmentStatus } from '@salon/contracts';
import type { AppointmentRecord } from '../db/appointment.repository';
import type { FeedOwner } from '../db/calendar-feed.repository';
import type { IcsEvent, IcsStatus } from './ics-rules';

/*
 * What a calendar feed shows of an appointment (docs/decisions.md "Calendar feeds"). A feed URL is a bearer
 * secret that ends up in other people's calendar apps, so it carries only what its owner needs to turn up:
 * a staff member sees its own services on the appointment and the customer's name (never contact data, notes,
 * prices or other staff members' lines); a customer sees the services, who does them and where.
 */

/** The days before and after today a feed covers. */
export const FEED_DAYS_BACK = 30;
export const FEED_DAYS_AHEAD = 180;
/** At most this many events per feed (a busy staff member has far fewer in the window). */
export const FEED_MAX_EVENTS = 2000;
/** How often calendar apps are asked to refresh (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const FEED_REFRESH_MINUTES = 15;

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

/** The appointment as the owner's event: stable UID, SEQUENCE from its version (it grows with every change). */
export function feedEventOf(
  appointment: AppointmentRecord,
  owner: FeedOwner,
  outletName: string | undefined,
): IcsEvent {
  const own = owner.type === 'staff' ? appointment.services.filter((l) => l.staff_id === owner.id) : [];
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
    owner.type === 'staff' ? lines.map(timed) : lines.map((l) => `${timed(l)} with ${l.staff_name}`);
  return {
    uid: `${appointment.id}@salon-platform`,
    sequence: appointment.version - 1,
    status: icsStatusOf(appointment.status),
    date: appointment.appointment_date,
    startTime: startTime ?? appointment.start_time,
    endTime: endTime ?? appointment.end_time,
    timezone: appointment.timezone,
    summary:
      owner.type === 'staff'
        ? `${services} - ${appointment.customer_name ?? 'Customer'}`
        : `${services}${outletName ? ` at ${outletName}` : ''}`,
    ...(outletName ? { location: outletName } : {}),
    description: [...detail, `Status: ${STATUS_WORDS[appointment.status]}`].join('\n'),
    createdAt: appointment.created_at,
    updatedAt: appointment.updated_at,
  };
}
