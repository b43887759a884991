import { z } from 'zod';
import { STAFF_STATUSES } from '../../events/scheduling';
import { boolQuery, objectId, pageQuerySchema, pagedSchema } from '../../http';
import { phoneField } from '../identity/fields';
import { availabilityEntry } from './availability';
import { EMPLOYMENT_TYPES, GENDERS, birthDateField, dateField, isoDate, timestamp } from './fields';
import { STAFF_MEMBER_FIELDS, described } from '../spec-fields';

const optionalText = (max: number) => z.string().trim().max(max).nullish();

const skillsSchema = z.object({
  service_ids: z.array(objectId).max(500).optional(),
  specialties: z.array(z.string().max(100)).max(100).optional(),
  certifications: z.array(z.unknown()).max(100).optional(),
  years_experience: z.int().min(0).max(80).nullish(),
});

const staffFields = {
  outlet_id: objectId,
  user_id: objectId.nullish(),
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  display_name: z.string().trim().min(1).max(200).optional(),
  email: z.email().max(254),
  /** As typed; scheduling stores it in E.164 read in the tenant's region. */
  phone: phoneField.nullish(),
  gender: z.enum(GENDERS).nullish(),
  position: z.string().trim().min(1).max(100),
  employment_type: z.enum(EMPLOYMENT_TYPES),
  employee_id: optionalText(100),
  hire_date: dateField.nullish(),
  birth_date: birthDateField.nullish(),
  hourly_rate: z.number().min(0).nullish(),
  salary: z.number().min(0).nullish(),
  is_bookable: z.boolean().optional(),
  accepts_online_booking: z.boolean().optional(),
  max_advance_booking_days: z.int().min(1).max(365).optional(),
  bio: optionalText(2000),
  profile_image_url: optionalText(2000),
  instagram_handle: optionalText(100),
  skills: skillsSchema.optional(),
};

export const createStaffBody = z.object(staffFields);

export const updateStaffBody = z.object({
  ...Object.fromEntries(Object.entries(staffFields).map(([key, schema]) => [key, schema.optional()])),
  status: z.enum(['active', 'inactive', 'on_leave']).optional(),
}) as unknown as z.ZodType<
  Partial<z.output<typeof createStaffBody>> & { status?: 'active' | 'inactive' | 'on_leave' }
>;

export const staffListQuery = pageQuerySchema().extend({
  outlet_id: objectId.optional(),
  service_id: objectId.optional(),
  status: z.enum(STAFF_STATUSES).optional(),
  position: z.string().trim().max(100).optional(),
  employment_type: z.enum(EMPLOYMENT_TYPES).optional(),
  only_active: boolQuery.default(true),
  only_bookable: boolQuery.default(false),
  search: z.string().trim().max(200).optional(),
  gender: z.enum(GENDERS).optional(),
  include_availability: boolQuery.default(false),
});

export const staffDetailQuery = z.object({ include_workload: boolQuery.default(false) });

/** The spec's Staff member. */
export const staffMember = z
  .strictObject(
    described(
      {
        id: objectId,
        tenant_id: objectId,
        outlet_id: objectId,
        user_id: objectId.nullable(),
        first_name: z.string(),
        last_name: z.string(),
        display_name: z.string(),
        email: z.string(),
        phone: z.string().nullable(),
        gender: z.enum(GENDERS).nullable(),
        position: z.string(),
        employment_type: z.enum(EMPLOYMENT_TYPES),
        employee_id: z.string().nullable(),
        hire_date: isoDate.nullable(),
        birth_date: isoDate.nullable(),
        hourly_rate: z.number().nullable(),
        salary: z.number().nullable(),
        is_bookable: z.boolean(),
        accepts_online_booking: z.boolean(),
        max_advance_booking_days: z.int(),
        bio: z.string().nullable(),
        profile_image_url: z.string().nullable(),
        instagram_handle: z.string().nullable(),
        skills: z.strictObject({
          service_ids: z.array(objectId),
          specialties: z.array(z.string()),
          certifications: z.array(z.unknown()),
          years_experience: z.int().nullable(),
        }),
        status: z.enum(STAFF_STATUSES),
        is_active: z.boolean(),
        average_rating: z.number().nullable(),
        rating_count: z.int(),
        total_bookings: z.int(),
        /**
         * The start (UTC instant) of the member's next free slot for any of its services within 14 days, on
         * GET /staff/{id}; null when there is none, and always null in lists and write answers.
         */
        next_available_slot: timestamp.nullable(),
        created_at: timestamp,
        updated_at: timestamp,
      },
      STAFF_MEMBER_FIELDS,
    ),
  )
  .meta({ id: 'StaffMember' });

/** With include_availability, each member's entries for the next seven days. */
export const staffPage = pagedSchema(
  staffMember.extend({ availability: z.array(availabilityEntry).optional() }),
);

/** With include_workload, the member's workload. */
export const staffDetail = staffMember.extend({
  workload: z
    .strictObject({
      today_appointments: z.int(),
      upcoming_appointments: z.int(),
      total_lifetime_bookings: z.int(),
      is_available_today: z.boolean(),
      current_status: z.enum(STAFF_STATUSES),
    })
    .optional(),
});

export const positionTemplates = z.array(z.string());
