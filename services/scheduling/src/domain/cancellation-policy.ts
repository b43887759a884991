import { conflict } from '@salon/service-kit';
import type { AppointmentRecord } from '../db/appointment.repository';
import type { Booker } from './callers';

/**
 * The tenant's cancellation policy (`settings.cancellation_hours`): a customer may cancel or reschedule an
 * appointment until that many hours before it starts; later, only the salon's staff can (409 naming the
 * deadline). `0` lets customers act until the start.
 */
export function assertCustomerMayChange(
  booker: Booker,
  appointment: Pick<AppointmentRecord, 'starts_at'>,
  cancellationHours: number,
  action: 'cancelled' | 'rescheduled',
  now: Date,
): void {
  if (booker.kind !== 'customer') return;
  const deadline = changeDeadline(appointment, cancellationHours);
  if (insideCancellationWindow(appointment, cancellationHours, now))
    throw conflict(
      `This appointment can no longer be ${action} online: the deadline was ${deadline.toISOString()} ` +
        `(${cancellationHours} hours before the start). Please contact the salon.`,
    );
}

/** The last instant a customer may cancel or reschedule online. */
const changeDeadline = (appointment: Pick<AppointmentRecord, 'starts_at'>, cancellationHours: number) =>
  new Date(Date.parse(appointment.starts_at) - cancellationHours * 3_600_000);

/** Past the deadline: only staff may still change it, and a cancellation now is a late one (a fee applies). */
export const insideCancellationWindow = (
  appointment: Pick<AppointmentRecord, 'starts_at'>,
  cancellationHours: number,
  at: Date,
): boolean => at.getTime() > changeDeadline(appointment, cancellationHours).getTime();
