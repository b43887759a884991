/**
 * The calendar date `days` from now in `timezone` (YYYY-MM-DD). Tests that compare with a tenant's local dates
 * must use this, never the UTC date: the two differ for hours of every day (from 17:00 UTC in Jakarta).
 */
export function localDate(timezone: string, days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}
