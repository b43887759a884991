import { z } from 'zod';
import { objectIdSchema } from '../envelope';
import { moneyStringSchema } from './catalog';

const timestamp = z.string().datetime({ offset: true });
const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const localTime = z.string().regex(/^\d{2}:\d{2}:\d{2}$/);

export const STAFF_STATUSES = ['active', 'inactive', 'terminated', 'on_leave'] as const;
export const APPOINTMENT_STATUSES = [
  'pending',
  'confirmed',
  'checked_in',
  'in_progress',
  'completed',
  'cancelled',
  'no_show',
  'rescheduled',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** A staff member's state after creation or any change; replicas keep the newest `version`. */
export const staffUpsertedV1 = z.object({
  staff_id: objectIdSchema,
  tenant_id: objectIdSchema,
  outlet_id: objectIdSchema,
  user_id: objectIdSchema.nullable(),
  first_name: z.string(),
  last_name: z.string(),
  display_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  position: z.string(),
  is_bookable: z.boolean(),
  accepts_online_booking: z.boolean(),
  service_ids: z.array(objectIdSchema),
  status: z.enum(STAFF_STATUSES),
  updated_at: timestamp,
  version: z.number().int().positive(),
});
export type StaffUpsertedV1 = z.infer<typeof staffUpsertedV1>;

/** DELETE /staff/{id}: the staff member is terminated and never assignable again. */
export const staffTerminatedV1 = z.object({
  staff_id: objectIdSchema,
  tenant_id: objectIdSchema,
  outlet_id: objectIdSchema,
  terminated_at: timestamp,
  version: z.number().int().positive(),
});
export type StaffTerminatedV1 = z.infer<typeof staffTerminatedV1>;

/** One service of an appointment, run back to back in order, with the price resolved at booking. */
export const appointmentServiceLineSchema = z.object({
  service_id: objectIdSchema,
  service_name: z.string(),
  staff_id: objectIdSchema,
  staff_name: z.string(),
  start_time: localTime,
  end_time: localTime,
  duration_minutes: z.number().int(),
  price: moneyStringSchema,
  currency: z.string().length(3),
  price_source: z.enum(['promotional_price', 'outlet_override', 'base_price']),
});

/**
 * The appointment as every consumer needs it: billing (usage per month), identity (customer stats),
 * commerce (price lines, customer, outlet), notifications (customer contact, staff, local and UTC times).
 * `version` grows by one on every change (each reschedule included); consumers keep the newest.
 */
export const appointmentSnapshotSchema = z.object({
  appointment_id: objectIdSchema,
  tenant_id: objectIdSchema,
  outlet_id: objectIdSchema,
  customer_id: objectIdSchema.nullable(),
  customer_name: z.string().nullable(),
  customer_email: z.string().nullable(),
  customer_phone: z.string().nullable(),
  status: z.enum(APPOINTMENT_STATUSES),
  appointment_date: localDate,
  start_time: localTime,
  end_time: localTime,
  timezone: z.string(),
  starts_at: timestamp,
  ends_at: timestamp,
  services: z.array(appointmentServiceLineSchema),
  total_price: moneyStringSchema,
  currency: z.string().length(3),
  /** The deposit the booking owes when paid online ("0.00": none; absent from producers before deposits). */
  deposit_amount: moneyStringSchema.optional(),
  /** When an unpaid deposit releases the booking; null or absent when it owes none. */
  deposit_due_at: timestamp.nullish(),
  booked_by: z.enum(['customer', 'staff']),
  created_at: timestamp,
  updated_at: timestamp,
  version: z.number().int().positive(),
});
export type AppointmentSnapshot = z.infer<typeof appointmentSnapshotSchema>;

export const appointmentCreatedV1 = appointmentSnapshotSchema;
export type AppointmentCreatedV1 = AppointmentSnapshot;

export const appointmentRescheduledV1 = appointmentSnapshotSchema.extend({
  previous: z.object({
    appointment_date: localDate,
    start_time: localTime,
    end_time: localTime,
    starts_at: timestamp,
  }),
});
export type AppointmentRescheduledV1 = z.infer<typeof appointmentRescheduledV1>;

export const appointmentCancelledV1 = appointmentSnapshotSchema.extend({
  cancelled_at: timestamp,
  /** `system`: released by the platform (an unpaid deposit at `deposit_due_at`). */
  cancelled_by: z.enum(['customer', 'staff', 'system']),
  /** Cancelled inside the tenant's cancellation window (`cancellation_hours` before the start): a late fee applies. */
  late: z.boolean().default(false),
  /** Why, when the platform cancelled it: `deposit_unpaid`; null or absent for a person's cancellation. */
  reason: z.enum(['deposit_unpaid']).nullish(),
});
export type AppointmentCancelledV1 = z.infer<typeof appointmentCancelledV1>;

export const appointmentConfirmedV1 = appointmentSnapshotSchema.extend({
  payment_id: objectIdSchema.nullable(),
  /** What the payment that confirmed it paid (in `currency`); absent from producers before it was added. */
  amount_paid: moneyStringSchema.nullish(),
});
export type AppointmentConfirmedV1 = z.infer<typeof appointmentConfirmedV1>;

export const appointmentStatusChangedV1 = appointmentSnapshotSchema.extend({
  previous_status: z.enum(APPOINTMENT_STATUSES),
});
export type AppointmentStatusChangedV1 = z.infer<typeof appointmentStatusChangedV1>;

/** A payment completed for an appointment that was cancelled meanwhile: commerce should refund it. */
export const appointmentPaymentOrphanedV1 = z.object({
  appointment_id: objectIdSchema,
  tenant_id: objectIdSchema,
  payment_id: objectIdSchema,
  amount: moneyStringSchema,
  currency: z.string().length(3),
  appointment_status: z.enum(APPOINTMENT_STATUSES),
});
export type AppointmentPaymentOrphanedV1 = z.infer<typeof appointmentPaymentOrphanedV1>;

/** What a review rates: one service of an appointment, or one staff member of it. */
/** A waitlist entry: in the queue, booked from an accepted offer, or left by its customer (issue 22 item 2). */
export const WAITLIST_STATUSES = ['waiting', 'booked', 'left'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

export const REVIEW_SUBJECT_TYPES = ['service', 'staff'] as const;
export type ReviewSubjectType = (typeof REVIEW_SUBJECT_TYPES)[number];

/**
 * A review's rating after it was written or changed (edited, replied to, hidden). `counted` is false for a
 * hidden review. The owner of the rated thing (catalog for a service) keeps one row per review, newest
 * `version` wins, and recomputes the average from those rows: a redelivered event never counts twice.
 */
export const reviewUpsertedV1 = z.object({
  review_id: objectIdSchema,
  tenant_id: objectIdSchema,
  appointment_id: objectIdSchema,
  subject_type: z.enum(REVIEW_SUBJECT_TYPES),
  subject_id: objectIdSchema,
  rating: z.number().int().min(1).max(5),
  counted: z.boolean(),
  updated_at: timestamp,
  version: z.number().int().positive(),
});
export type ReviewUpsertedV1 = z.infer<typeof reviewUpsertedV1>;

/** A review deleted with its customer's account: it no longer counts. `version` is above every upsert's. */
export const reviewDeletedV1 = z.object({
  review_id: objectIdSchema,
  tenant_id: objectIdSchema,
  subject_type: z.enum(REVIEW_SUBJECT_TYPES),
  subject_id: objectIdSchema,
  version: z.number().int().positive(),
});
export type ReviewDeletedV1 = z.infer<typeof reviewDeletedV1>;

/**
 * A freed slot is offered to the first waiting customer of the waitlist (issue 22 item 2), held for them until
 * `expires_at`: notifications tells the customer; accepting books it.
 */
export const waitlistOfferedV1 = z.object({
  offer_id: objectIdSchema,
  entry_id: objectIdSchema,
  tenant_id: objectIdSchema,
  customer_id: objectIdSchema,
  outlet_id: objectIdSchema,
  service_id: objectIdSchema,
  service_name: z.string(),
  staff_id: objectIdSchema,
  staff_name: z.string(),
  appointment_date: localDate,
  start_time: localTime,
  timezone: z.string(),
  starts_at: timestamp,
  expires_at: timestamp,
  hold_minutes: z.number().int().positive(),
});
export type WaitlistOfferedV1 = z.infer<typeof waitlistOfferedV1>;

/** Scheduling's own task, delivered by the delay ladder at an offer's `expires_at`: a hold not accepted lapses. */
export const waitlistOfferDueV1 = z.object({
  tenant_id: objectIdSchema,
  offer_id: objectIdSchema,
});
export type WaitlistOfferDueV1 = z.infer<typeof waitlistOfferDueV1>;

/**
 * Scheduling's own task, delivered by the delay ladder at an appointment's `deposit_due_at`: a pending booking
 * whose deposit is still unpaid is released (issue 22 item 1).
 */
export const appointmentDepositDueV1 = z.object({
  tenant_id: objectIdSchema,
  appointment_id: objectIdSchema,
});
export type AppointmentDepositDueV1 = z.infer<typeof appointmentDepositDueV1>;

/**
 * Scheduling's own: a staff member's bookable time opened (working hours added, or a block, vacation or break
 * removed or moved away) between `start_time` and `end_time` on each of `dates`, for the waitlist to offer.
 */
export const availabilityOpenedV1 = z.object({
  tenant_id: objectIdSchema,
  outlet_id: objectIdSchema,
  staff_id: objectIdSchema,
  dates: z.array(localDate).min(1).max(400),
  start_time: localTime,
  end_time: localTime,
});
export type AvailabilityOpenedV1 = z.infer<typeof availabilityOpenedV1>;
