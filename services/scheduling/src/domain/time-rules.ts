/**
 * Local dates and times of the tenant's time zone, as plain values: a date is "YYYY-MM-DD", a time is minutes
 * since midnight. Instants are converted with the IANA zone through Intl, so daylight-saving changes are
 * honoured without a time-zone library.
 */

export const MINUTES_PER_DAY = 24 * 60;
const DAY_MS = MINUTES_PER_DAY * 60_000;
export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** "09:30" or "09:30:00" → 570; undefined when malformed (the request time field's own parser). */
export { parseClockTime as parseTime } from '@salon/contracts';
import { localOf, offsetAt } from '@salon/service-kit';
export { isValidTimeZone, localOf, offsetAt } from '@salon/service-kit';

/** 570 → "09:30:00" (the spec's response format). 1440 (end of day) → "24:00:00". */
export function formatTime(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
}

/** 570 → "09:30". */
export const shortTime = (minutes: number): string => formatTime(minutes).slice(0, 5);

export function addDays(date: string, days: number): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  parsed.setUTCDate(parsed.getUTCDate() + days);
  return parsed.toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (b − a). */
export const daysBetween = (a: string, b: string): number =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** 0 = Monday … 6 = Sunday, as the spec's recurrence_days. */
export const weekdayOf = (date: string): number => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

/**
 * The UTC instant of a local date and time in a zone. A time skipped by a daylight-saving jump resolves
 * to the instant after the jump; a repeated time to its first occurrence.
 */
export function localToUtc(date: string, minutes: number, timeZone: string): Date {
  const wall = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  // The offsets a day before and a day after are those on either side of any change near this wall time
  // (reading the offset at the wall time itself found only the later occurrence east of UTC).
  const first = wall - offsetAt(wall - DAY_MS, timeZone);
  const second = wall - offsetAt(wall + DAY_MS, timeZone);
  if (first === second) return new Date(first);
  // Ambiguous or skipped: prefer the candidate whose local time is the wall time, the earlier one first.
  const candidates = [Math.min(first, second), Math.max(first, second)];
  for (const candidate of candidates) {
    const local = localOf(new Date(candidate), timeZone);
    if (local.date === date && local.minutes === minutes) return new Date(candidate);
  }
  return new Date(Math.max(first, second));
}

/** Half-open interval overlap: touching ends do not overlap. */
export const overlaps = (aStart: number, aEnd: number, bStart: number, bEnd: number): boolean =>
  aStart < bEnd && bStart < aEnd;
