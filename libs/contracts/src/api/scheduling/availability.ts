import { z } from 'zod';
import { intQuery, objectId, pageQuerySchema, pagedSchema } from '../../http';
import {
  AVAILABILITY_TYPES,
  RECURRENCE_TYPES,
  clockTime,
  dateField,
  isoDate,
  shortTime,
  timeField,
  timestamp,
} from './fields';
import { AVAILABILITY_FIELDS, described } from '../spec-fields';

export const availabilityEntryBody = z.object({
  staff_id: objectId,
  date: dateField,
  start_time: timeField,
  end_time: timeField,
  availability_type: z.enum(AVAILABILITY_TYPES),
  recurrence_type: z.enum(RECURRENCE_TYPES).default('none'),
  recurrence_end_date: dateField.nullish(),
  recurrence_days: z.array(z.int().min(0).max(6)).max(7).nullish(),
  is_available: z.boolean().optional(),
  notes: z.string().max(1000).nullish(),
  service_ids: z.array(objectId).max(500).nullish(),
});
export const availabilityBulkBody = z.object({ entries: z.array(availabilityEntryBody).min(1).max(100) });
export const availabilityChangeBody = z.object({
  date: dateField.optional(),
  start_time: timeField.optional(),
  end_time: timeField.optional(),
  availability_type: z.enum(AVAILABILITY_TYPES).optional(),
  is_available: z.boolean().optional(),
  notes: z.string().max(1000).nullish(),
  service_ids: z.array(objectId).max(500).nullish(),
});
export const availabilityListQuery = pageQuerySchema().extend({
  start_date: dateField.optional(),
  end_date: dateField.optional(),
  staff_id: objectId.optional(),
  availability_type: z.enum(AVAILABILITY_TYPES).optional(),
  outlet_id: objectId.optional(),
});
export const availabilityCheckQuery = z.object({
  staff_id: objectId,
  date: dateField,
  start_time: timeField,
  end_time: timeField,
  service_id: objectId.optional(),
});

/** The grid's query as documented: num_days, or the end_date variant of the same operation. */
export const gridQueryFields = z.object({
  service_id: objectId,
  outlet_id: objectId,
  start_date: dateField,
  num_days: intQuery.pipe(z.int().min(1).max(90)).optional(),
  end_date: dateField.optional(),
  slot_interval_minutes: intQuery
    .pipe(z.int().min(5).max(240).multipleOf(5, { error: 'slot_interval_minutes must be a multiple of 5' }))
    .default(30),
  staff_id: objectId.optional(),
});

/** The grid's query resolved to a day count (7 by default, or start_date..end_date, at most 90). */
export const gridQuery = gridQueryFields.transform((query, context) => {
  let numDays = query.num_days ?? 7;
  if (query.end_date !== undefined) {
    const days = Math.round((Date.parse(query.end_date) - Date.parse(query.start_date)) / 86_400_000) + 1;
    if (days < 1) {
      context.addIssue({
        code: 'custom',
        path: ['start_date'],
        message: 'start_date must not be after end_date',
      });
      return z.NEVER;
    }
    if (days > 90) {
      context.addIssue({ code: 'custom', path: ['end_date'], message: 'The grid spans at most 90 days' });
      return z.NEVER;
    }
    numDays = days;
  }
  return {
    service_id: query.service_id,
    outlet_id: query.outlet_id,
    start_date: query.start_date,
    num_days: numDays,
    slot_interval_minutes: query.slot_interval_minutes,
    staff_id: query.staff_id,
  };
});

export const publicGridQuery = z.object({
  service_id: objectId,
  outlet_id: objectId,
  start_date: dateField,
  num_days: intQuery.pipe(z.int().min(1).max(90)).default(7),
  slot_interval_minutes: intQuery.pipe(z.int().min(5).max(240).multipleOf(5)).default(30),
});

/** The spec's Availability entry. */
export const availabilityEntry = z
  .strictObject(
    described(
      {
        id: objectId,
        staff_id: objectId,
        outlet_id: objectId,
        date: isoDate,
        start_time: clockTime,
        end_time: clockTime,
        availability_type: z.enum(AVAILABILITY_TYPES),
        recurrence_type: z.enum(RECURRENCE_TYPES),
        recurrence_end_date: isoDate.nullable(),
        recurrence_days: z.array(z.int()).nullable(),
        is_available: z.boolean(),
        notes: z.string().nullable(),
        service_ids: z.array(objectId).nullable(),
        created_at: timestamp,
        updated_at: timestamp,
      },
      AVAILABILITY_FIELDS,
    ),
  )
  .meta({ id: 'AvailabilityEntry' });

export const availabilityPage = pagedSchema(availabilityEntry);

/** POST /availability with a recurrence: what the pattern created. */
export const recurringAvailabilityCreated = z.strictObject({
  message: z.string(),
  summary: z.strictObject({
    total_entries_created: z.int(),
    date_range: z.strictObject({ start: isoDate, end: isoDate }),
    recurrence_pattern: z.strictObject({
      type: z.enum(RECURRENCE_TYPES),
      /** Weekday names (Monday…); empty for monthly. */
      days: z.array(z.string()),
    }),
    staff_id: objectId,
    availability_type: z.enum(AVAILABILITY_TYPES),
    /** "09:00-17:00". */
    time_range: z.string(),
  }),
  sample_entry: z.strictObject({ id: objectId, date: isoDate, start_time: clockTime, end_time: clockTime }),
});

/** recurrence_type none: the entry; otherwise the pattern's summary. */
export const availabilityCreated = z.union([availabilityEntry, recurringAvailabilityCreated]);

export const availabilityBulkCreated = z.strictObject({
  total_entries_created: z.int(),
  entries: z.array(availabilityEntry),
});

export const availabilityCheck = z.strictObject({
  available: z.boolean(),
  message: z.string(),
  reason: z.enum(['staff_not_working', 'booking_conflict', 'outlet_closed']).nullable(),
  working_hours: z
    .strictObject({
      start_time: clockTime,
      end_time: clockTime,
      breaks: z.array(z.strictObject({ start: clockTime, end: clockTime })),
    })
    .nullable(),
  conflicts: z.array(
    z.strictObject({
      id: objectId,
      /** "appointment", or the availability type that blocks the time. */
      type: z.string(),
      start_time: z.string(),
      end_time: z.string(),
      notes: z.string().nullable(),
    }),
  ),
});

const publicSlot = z.strictObject({
  start_time: shortTime,
  end_time: shortTime,
  staff_id: objectId,
  staff_name: z.string(),
  is_available: z.boolean(),
  allows_parallel_bookings: z.boolean(),
  /** null for single-booking services. */
  available_capacity: z.int().nullable(),
  max_capacity: z.int().nullable(),
});
const staffSlot = publicSlot.extend({ gender: z.string().nullable() });

const gridOf = (slot: z.ZodType) =>
  z.strictObject({
    start_date: isoDate,
    end_date: isoDate,
    num_days: z.int(),
    slot_interval_minutes: z.int(),
    /** Slots by date; a date with no slots (closed, no staff) is an empty array. */
    availability_grid: z.record(z.string(), z.array(slot)),
    metadata: z.strictObject({
      service_id: objectId,
      service_name: z.string(),
      outlet_id: objectId,
      outlet_name: z.string(),
      staff_id: objectId.nullable(),
      total_available_slots: z.int(),
      service_duration_minutes: z.int(),
    }),
  });

export const availabilityGrid = gridOf(staffSlot);
/** The public grid: no staff personal data beyond the name customers book by. */
export const publicAvailabilityGrid = gridOf(publicSlot);
