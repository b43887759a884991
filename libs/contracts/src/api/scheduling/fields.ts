import { z } from 'zod';
import { birthDateField, dateField, timeField as clockTimeField } from '../../date-fields';

/** Scheduling's request field rules and the value formats its answers use. */

/** YYYY-MM-DD, a real day from 1900-01-01 to 2999-12-31 (the shared date field). */
export { birthDateField, dateField };

/** HH:MM (or HH:MM:00), 00:00 to 23:59 (the shared time field), on the 5-minute grid, as minutes since midnight. */
export const timeField = clockTimeField
  .refine((minutes) => minutes % 5 === 0, { error: 'Times must be in 5-minute increments' })
  .meta({ description: 'HH:MM, 00:00 to 23:59, in 5-minute increments' });

export const GENDERS = ['male', 'female', 'other', 'prefer_not_to_say'] as const;
export const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'contractor'] as const;
export const AVAILABILITY_TYPES = ['working_hours', 'break', 'blocked', 'vacation'] as const;
export const RECURRENCE_TYPES = ['none', 'daily', 'weekly', 'monthly'] as const;

// Answer formats.
export const timestamp = z.iso.datetime({ offset: true });
export const isoDate = z.iso.date();
/** A time of day as answers give it: "09:30:00" ("24:00:00" for the end of the day). */
export const clockTime = z.string().regex(/^\d{2}:\d{2}:\d{2}$/);
/** A grid slot's time: "09:30". */
export const shortTime = z.string().regex(/^\d{2}:\d{2}$/);
