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
  const deadline = new Date(Date.parse(appointment.starts_at) - cancellationHours * 3_600_000);
  if (now.getTime() > deadline.getTime())
    throw conflict(
      `This appointment can no longer be ${action} online: the deadline was ${deadline.toISOString()} ` +
        `(${cancellationHours} hours before the start). Please contact the salon.`,
    );
}
