import { z } from 'zod';
import { objectId } from '@salon/service-kit';
import { isValidDate, parseTime } from '../domain/time-rules';

/** YYYY-MM-DD that is a real calendar date. */
export const dateField = z
  .string()
  .refine(isValidDate, { error: 'Input should be a valid date (YYYY-MM-DD)' });

/** HH:MM (or HH:MM:SS with :00) on the 5-minute grid, parsed to minutes since midnight. */
export const timeField = z
  .string()
  .refine((value) => parseTime(value) !== undefined, { error: 'Input should be a valid time (HH:MM)' })
  .transform((value) => parseTime(value) as number)
  .refine((minutes) => minutes % 5 === 0, { error: 'Times must be in 5-minute increments' });

const optionalText = (max: number) => z.string().trim().max(max).nullish();

export const GENDERS = ['male', 'female', 'other', 'prefer_not_to_say'] as const;
export const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'contractor'] as const;

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
  phone: optionalText(50),
  gender: z.enum(GENDERS).nullish(),
  position: z.string().trim().min(1).max(100),
  employment_type: z.enum(EMPLOYMENT_TYPES),
  employee_id: optionalText(100),
  hire_date: dateField.nullish(),
  birth_date: dateField.nullish(),
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
