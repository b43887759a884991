import { z } from 'zod';

/**
 * The one date field and the one time field every request takes (docs/decisions.md, "Dates and times"):
 * a date is `YYYY-MM-DD`, a real calendar day between MIN_DATE and MAX_DATE; a time of day is `HH:MM` (or
 * `HH:MM:00`) from 00:00 to 23:59; an instant is ISO 8601 with an offset, within the same years. Anything else is a
 * 422 in the spec's `{detail: [{loc, msg, type}]}` shape, never a value PostgreSQL (no year 0) or the time-zone
 * arithmetic would fail on with a 500.
 */
export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '2999-12-31';

const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_SHAPE = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** `YYYY-MM-DD` with four-digit year and two-digit month and day, naming a day that exists (any year 0000–9999). */
export function isCalendarDate(value: string): boolean {
  const match = DATE_SHAPE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] as number;
  return day <= days;
}

/** A calendar date within MIN_DATE..MAX_DATE (ISO dates of four-digit years compare as strings). */
export const isDateInRange = (value: string): boolean =>
  isCalendarDate(value) && value >= MIN_DATE && value <= MAX_DATE;

/** "09:30" or "09:30:00" → 570 minutes since midnight; undefined for anything else (24:00, 23:60, 9:30, seconds). */
export function parseClockTime(value: string): number | undefined {
  const match = TIME_SHAPE.exec(value);
  if (!match) return undefined;
  const [hours, minutes, seconds] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds !== 0) return undefined;
  return hours * 60 + minutes;
}

const DATE_FORMAT = {
  type: 'date_from_datetime_parsing',
  msg: 'Input should be a valid date in the format YYYY-MM-DD',
} as const;
const DATE_RANGE = { type: 'date_range', msg: `Date must be between ${MIN_DATE} and ${MAX_DATE}` } as const;

/** A request date: `YYYY-MM-DD` that exists, from 1900-01-01 to 2999-12-31. Stays a string. */
export const dateField = z
  .string()
  .superRefine((value, context) => {
    const problem = !isCalendarDate(value) ? DATE_FORMAT : !isDateInRange(value) ? DATE_RANGE : undefined;
    if (problem)
      context.addIssue({
        code: 'custom',
        message: problem.msg,
        params: { type: problem.type },
        input: value,
      });
  })
  .meta({ format: 'date', description: `YYYY-MM-DD, ${MIN_DATE} to ${MAX_DATE}` });

/**
 * Today's date where it is already latest (UTC+14): a date after it is in the future everywhere, so a birth date
 * typed on the day of the birth is accepted in every time zone.
 */
const latestToday = (now: Date): string =>
  new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);

/** A birth date: a `dateField` that is not in the future. */
export const birthDateField = dateField.refine((value) => value <= latestToday(new Date()), {
  error: 'Date should be in the past',
  params: { type: 'date_past' },
});

/** A request time of day: `HH:MM` (or `HH:MM:00`), 00:00 to 23:59, parsed to minutes since midnight. */
export const timeField = z
  .string()
  .meta({ format: 'time', pattern: '^\\d{2}:\\d{2}(:00)?$', description: 'HH:MM, 00:00 to 23:59' })
  .refine((value) => parseClockTime(value) !== undefined, {
    error: 'Input should be a valid time in the format HH:MM (00:00 to 23:59)',
    params: { type: 'time_parsing' },
  })
  .transform((value) => parseClockTime(value) as number);

/** Minutes since midnight → "HH:MM" (for fields kept as text, e.g. business hours). */
export const clockText = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A request instant: ISO 8601 with `Z` or an offset, its UTC date within the dateField range; given back in UTC. */
export const instantField = z.iso
  .datetime({ offset: true })
  .transform((value) => new Date(value).toISOString())
  .refine((iso) => isDateInRange(iso.slice(0, 10)), {
    error: `Instant must be between ${MIN_DATE} and ${MAX_DATE}`,
    params: { type: 'datetime_range' },
  });
