/** The day calendar's geometry: wall-clock times of the outlet as minutes, and 15-minute rows. */
export const ROW_MINUTES = 15;
/** The height of one row in rem, as styles.css draws `.slot` (kept in step with it). */
export const ROW_REM = 1.5;
const FIRST_HOUR = 8;
const LAST_HOUR = 21;

/** "09:30" or "09:30:00" as minutes since midnight. */
export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** Minutes since midnight as "HH:MM". */
export function timeOf(minutes: number): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** The hours shown: 08:00 to 21:00, widened to whole hours around any appointment outside them. */
export function dayRange(times: Array<{ start_time: string; end_time: string }>): {
  from: number;
  to: number;
} {
  let from = FIRST_HOUR * 60;
  let to = LAST_HOUR * 60;
  for (const { start_time, end_time } of times) {
    from = Math.min(from, Math.floor(minutesOf(start_time) / 60) * 60);
    const end = minutesOf(end_time);
    // An appointment that ends at midnight reads 00:00.
    to = Math.max(to, Math.ceil((end === 0 ? 24 * 60 : end) / 60) * 60);
  }
  return { from, to: Math.min(to, 24 * 60) };
}

/** The start of every row between `from` and `to`. */
export function rowsOf({ from, to }: { from: number; to: number }): number[] {
  const rows = [];
  for (let minute = from; minute < to; minute += ROW_MINUTES) rows.push(minute);
  return rows;
}

/** A calendar date (YYYY-MM-DD) moved by whole days. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The Monday of a calendar date's week (YYYY-MM-DD); the API numbers weekdays from 0 = Monday too. */
export function mondayOf(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}
