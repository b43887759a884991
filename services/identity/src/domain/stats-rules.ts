import type { AppointmentStatus } from '@salon/contracts';

/** The calendar month containing `now` in `timeZone`, as local dates: `[from, to)`. */
export function monthRange(now: Date, timeZone: string): { from: string; to: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(now);
  const year = Number(parts.find((part) => part.type === 'year')!.value);
  const month = Number(parts.find((part) => part.type === 'month')!.value);
  const pad = (value: number) => String(value).padStart(2, '0');
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return { from: `${year}-${pad(month)}-01`, to: `${next.year}-${pad(next.month)}-01` };
}

export const STATS_STATUSES = ['confirmed', 'pending', 'completed', 'cancelled', 'no_show'] as const;

/** The spec's `this_month_by_status`: the five listed statuses (zero when absent); the total counts every status. */
export function appointmentBreakdown(counts: { status: AppointmentStatus | string; count: number }[]): {
  this_month: number;
  this_month_by_status: Record<(typeof STATS_STATUSES)[number], number>;
} {
  const byStatus = Object.fromEntries(STATS_STATUSES.map((status) => [status, 0])) as Record<
    (typeof STATS_STATUSES)[number],
    number
  >;
  let total = 0;
  for (const { status, count } of counts) {
    total += count;
    if ((STATS_STATUSES as readonly string[]).includes(status))
      byStatus[status as (typeof STATS_STATUSES)[number]] += count;
  }
  return { this_month: total, this_month_by_status: byStatus };
}
