import type { AppointmentRecord } from '../db/appointment.repository';
import type { ReviewSubject } from '../db/review.repository';

/** How long after writing it a customer may change a review. */
export const REVIEW_EDIT_DAYS = 7;

/** What the public pages call the reviewer: the first word of the name the appointment was booked under. */
export function authorNameOf(customerName: string | null): string {
  const first = (customerName ?? '').trim().split(/\s+/)[0];
  return first ? first : 'Customer';
}

/**
 * The staff member answerable for a review of the appointment: the one rated, or the one who performed the
 * rated service (its first line). Undefined when the appointment has no such service or staff member.
 */
export function servingStaffOf(
  appointment: Pick<AppointmentRecord, 'services'>,
  subject: ReviewSubject,
): string | undefined {
  const line = appointment.services.find((candidate) =>
    subject.type === 'service' ? candidate.service_id === subject.id : candidate.staff_id === subject.id,
  );
  return line?.staff_id;
}
