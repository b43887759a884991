import type { AppointmentStatus } from '@salon/contracts';

/** Statuses that hold capacity: pending and confirmed, and confirmed appointments that have begun. */
export const ACTIVE_STATUSES: readonly AppointmentStatus[] = [
  'pending',
  'confirmed',
  'checked_in',
  'in_progress',
];
export const holdsCapacity = (status: AppointmentStatus): boolean => ACTIVE_STATUSES.includes(status);

/** The state table: the spec's moves plus the staff moves through check-in. */
const MOVES: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['checked_in', 'in_progress', 'completed', 'no_show', 'cancelled'],
  checked_in: ['in_progress', 'completed'],
  in_progress: ['completed'],
  completed: [],
  cancelled: [],
  no_show: [],
  rescheduled: [],
};

export const canMove = (from: AppointmentStatus, to: AppointmentStatus): boolean => MOVES[from].includes(to);

/** Only appointments still waiting to happen may be moved in time or cancelled. */
export const canReschedule = (status: AppointmentStatus): boolean =>
  status === 'pending' || status === 'confirmed';

export interface SegmentPlanInput {
  duration_minutes: number;
  preparation_minutes: number;
  cleanup_minutes: number;
}

export interface PlannedSegment {
  /** Local minutes since midnight of the appointment date. */
  start: number;
  end: number;
  /** Occupancy in local minutes: [start − preparation, end + cleanup). */
  occupancy_start: number;
  occupancy_end: number;
}

/** Services run back to back in the order given, from the appointment's start. */
export function planSegments(start: number, services: readonly SegmentPlanInput[]): PlannedSegment[] {
  let cursor = start;
  return services.map((service) => {
    const segment = {
      start: cursor,
      end: cursor + service.duration_minutes,
      occupancy_start: cursor - service.preparation_minutes,
      occupancy_end: cursor + service.duration_minutes + service.cleanup_minutes,
    };
    cursor = segment.end;
    return segment;
  });
}

export interface WindowLimits {
  /** Minimum notice in hours (the service's min_advance_booking_hours; the largest of the services). */
  min_hours: number;
  /** The tightest of the service's, the staff member's and the tenant's max days ahead. */
  max_days: number;
}

export type WindowVerdict =
  { ok: true } | { ok: false; reason: 'past' | 'too_soon' | 'too_far'; detail: string };

/**
 * The booking window. Customers: at least `min_hours` ahead and at most `max_days` after today (local dates).
 * Staff may book inside the minimum notice but never in the past.
 */
export function checkWindow(
  startsAt: Date,
  localDate: string,
  now: Date,
  today: string,
  limits: WindowLimits,
  bookedBy: 'customer' | 'staff',
): WindowVerdict {
  if (startsAt.getTime() <= now.getTime()) {
    return { ok: false, reason: 'past', detail: 'Appointments cannot be booked in the past' };
  }
  if (bookedBy === 'staff') return { ok: true };
  if (startsAt.getTime() < now.getTime() + limits.min_hours * 3_600_000) {
    return {
      ok: false,
      reason: 'too_soon',
      detail: `Appointments must be booked at least ${limits.min_hours} hours in advance`,
    };
  }
  const ahead = (Date.parse(`${localDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000;
  if (ahead > limits.max_days) {
    return {
      ok: false,
      reason: 'too_far',
      detail: `Appointments can be booked at most ${limits.max_days} days in advance`,
    };
  }
  return { ok: true };
}

export const CONFLICT_DETAIL = 'Time slot conflicts with existing appointments or capacity limit reached';
