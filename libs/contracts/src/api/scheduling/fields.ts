import { z } from 'zod';

/** Scheduling's request field rules and the value formats its answers use. */

/** YYYY-MM-DD that is a real calendar date. */
export function isValidDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** "09:30" or "09:30:00" → 570 minutes since midnight; undefined when not a valid time with zero seconds. */
export function parseTime(value: string): number | undefined {
  const match = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return undefined;
  const [hours, minutes, seconds] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return undefined;
  if (seconds !== 0) return undefined;
  return hours * 60 + minutes;
}

/** YYYY-MM-DD that is a real calendar date. */
export const dateField = z
  .string()
  .refine(isValidDate, { error: 'Input should be a valid date (YYYY-MM-DD)' })
  .meta({ format: 'date' });

/** HH:MM (or HH:MM:SS with :00) on the 5-minute grid, parsed to minutes since midnight. */
export const timeField = z
  .string()
  .meta({ pattern: '^\\d{2}:\\d{2}(:00)?$', description: 'HH:MM, in 5-minute increments' })
  .refine((value) => parseTime(value) !== undefined, { error: 'Input should be a valid time (HH:MM)' })
  .transform((value) => parseTime(value) as number)
  .refine((minutes) => minutes % 5 === 0, { error: 'Times must be in 5-minute increments' });

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
