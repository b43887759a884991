import type {
  AppointmentCancelledV1,
  AppointmentSnapshot,
  ReviewDeletedV1,
  ReviewUpsertedV1,
  StaffTerminatedV1,
  StaffUpsertedV1,
} from '@salon/contracts';
import type { AppointmentRecord } from '../db/appointment.repository';
import type { ReviewRecord } from '../db/review.repository';
import type { StaffRecord } from '../db/staff.repository';
import { insideCancellationWindow } from './cancellation-policy';

export const staffUpsertedData = (staff: StaffRecord): StaffUpsertedV1 => ({
  staff_id: staff.id,
  tenant_id: staff.tenant_id,
  outlet_id: staff.outlet_id,
  user_id: staff.user_id,
  first_name: staff.first_name,
  last_name: staff.last_name,
  display_name: staff.display_name,
  email: staff.email,
  phone: staff.phone,
  position: staff.position,
  is_bookable: staff.is_bookable,
  accepts_online_booking: staff.accepts_online_booking,
  service_ids: staff.skills.service_ids,
  status: staff.status,
  updated_at: staff.updated_at,
  version: staff.version,
});

export const staffTerminatedData = (staff: StaffRecord): StaffTerminatedV1 => ({
  staff_id: staff.id,
  tenant_id: staff.tenant_id,
  outlet_id: staff.outlet_id,
  terminated_at: staff.updated_at,
  version: staff.version,
});

/** What every appointment event carries (billing, identity, commerce, notifications). */
export const appointmentSnapshot = (appointment: AppointmentRecord): AppointmentSnapshot => ({
  appointment_id: appointment.id,
  tenant_id: appointment.tenant_id,
  outlet_id: appointment.outlet_id,
  customer_id: appointment.customer_id,
  customer_name: appointment.customer_name,
  customer_email: appointment.customer_email,
  customer_phone: appointment.customer_phone,
  status: appointment.status,
  appointment_date: appointment.appointment_date,
  start_time: appointment.start_time,
  end_time: appointment.end_time,
  timezone: appointment.timezone,
  starts_at: appointment.starts_at,
  ends_at: appointment.ends_at,
  services: appointment.services.map(({ position: _position, ...line }) => line),
  total_price: appointment.total_price,
  currency: appointment.currency,
  deposit_amount: appointment.deposit_amount,
  deposit_due_at: appointment.deposit_due_at,
  booked_by: appointment.booked_by,
  created_at: appointment.created_at,
  updated_at: appointment.updated_at,
  version: appointment.version,
});

/** appointment.cancelled: the snapshot, when, by whom, and whether inside the cancellation window. */
export const appointmentCancelledData = (
  appointment: AppointmentRecord,
  cancelledBy: AppointmentCancelledV1['cancelled_by'],
  cancellationHours: number,
): AppointmentCancelledV1 => ({
  ...appointmentSnapshot(appointment),
  cancelled_at: appointment.cancelled_at as string,
  cancelled_by: cancelledBy,
  late: insideCancellationWindow(
    appointment,
    cancellationHours,
    new Date(appointment.cancelled_at as string),
  ),
});

/** review.upserted: the rating as the rated thing's owner counts it (a hidden review is not counted). */
export const reviewUpsertedData = (review: ReviewRecord): ReviewUpsertedV1 => ({
  review_id: review.id,
  tenant_id: review.tenant_id,
  appointment_id: review.appointment_id,
  subject_type: review.subject_type,
  subject_id: review.subject_id,
  rating: review.rating,
  counted: review.hidden_at === null,
  updated_at: review.updated_at,
  version: review.version,
});

/** review.deleted: one version above the last upsert, so a late upsert cannot bring it back. */
export const reviewDeletedData = (review: ReviewRecord): ReviewDeletedV1 => ({
  review_id: review.id,
  tenant_id: review.tenant_id,
  subject_type: review.subject_type,
  subject_id: review.subject_id,
  version: review.version + 1,
});
