import { addDays, daysBetween, formatTime, overlaps, weekdayOf } from './time-rules';

export const AVAILABILITY_TYPES = ['working_hours', 'break', 'blocked', 'vacation'] as const;
export type AvailabilityType = (typeof AVAILABILITY_TYPES)[number];
export const RECURRENCE_TYPES = ['none', 'daily', 'weekly', 'monthly'] as const;
export type RecurrenceType = (typeof RECURRENCE_TYPES)[number];

export const MAX_PATTERN_ENTRIES = 365;

/** Rule 1: working hours are available, breaks, blocks and vacations are not. */
export const expectedIsAvailable = (type: AvailabilityType): boolean => type === 'working_hours';

/** One entry as the rules see it: a date and minutes since midnight. */
export interface Slot {
  id?: string;
  date: string;
  start: number;
  end: number;
  type: AvailabilityType;
  service_ids?: string[] | null;
}

export type Expansion = { ok: true; dates: string[] } | { ok: false; reason: 'too_many' | 'empty' };

/**
 * Rule 3 and 4: the dates of a pattern. daily: every day; weekly: the `days` (0 = Monday; default the
 * start date's weekday); monthly: the start's day of month in every month that has it. Both ends included.
 */
export function expandRecurrence(
  start: string,
  type: RecurrenceType,
  endDate: string | null,
  days: number[] | null,
): Expansion {
  if (type === 'none' || endDate === null) return { ok: true, dates: [start] };
  const dates: string[] = [];
  const total = daysBetween(start, endDate);
  if (type === 'monthly') {
    const [year, month, day] = start.split('-').map(Number) as [number, number, number];
    for (let offset = 0; ; offset += 1) {
      const y = year + Math.floor((month - 1 + offset) / 12);
      const m = ((month - 1 + offset) % 12) + 1;
      const candidate = `${y}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
      if (candidate > endDate) break;
      // A month without that day (31st, 29 February) is skipped, not moved.
      if (new Date(`${candidate}T00:00:00Z`).toISOString().slice(0, 10) !== candidate) continue;
      dates.push(candidate);
      if (dates.length > MAX_PATTERN_ENTRIES) return { ok: false, reason: 'too_many' };
    }
  } else {
    const weekdays = new Set(type === 'weekly' && days && days.length > 0 ? days : [weekdayOf(start)]);
    for (let offset = 0; offset <= total; offset += 1) {
      const date = addDays(start, offset);
      if (type === 'daily' || weekdays.has(weekdayOf(date))) dates.push(date);
      if (dates.length > MAX_PATTERN_ENTRIES) return { ok: false, reason: 'too_many' };
    }
  }
  return dates.length === 0 ? { ok: false, reason: 'empty' } : { ok: true, dates };
}

export type OverlapProblem =
  | { kind: 'overlap'; with: Slot }
  | { kind: 'break_outside_working_hours'; slot: Slot }
  | { kind: 'break_left_outside'; with: Slot };

const excluding = (type: AvailabilityType): AvailabilityType[] => {
  if (type === 'working_hours') return ['working_hours'];
  if (type === 'break') return ['break'];
  return ['blocked', 'vacation'];
};

/**
 * Rule 5 for one new entry against the staff member's other entries on its date: working hours may not
 * overlap working hours, a break may not overlap a break and lies within one working-hours entry, blocked
 * and vacation may not overlap each other but may overlap working hours and breaks (and take precedence).
 */
export function overlapProblem(entry: Slot, others: readonly Slot[]): OverlapProblem | undefined {
  const sameDay = others.filter((other) => other.date === entry.date && other.id !== entry.id);
  const kinds = excluding(entry.type);
  const clash = sameDay.find(
    (other) => kinds.includes(other.type) && overlaps(entry.start, entry.end, other.start, other.end),
  );
  if (clash) return { kind: 'overlap', with: clash };
  if (entry.type === 'break') {
    const inside = sameDay.some(
      (other) => other.type === 'working_hours' && other.start <= entry.start && entry.end <= other.end,
    );
    if (!inside) return { kind: 'break_outside_working_hours', slot: entry };
  }
  return undefined;
}

/**
 * After a working-hours entry changes or goes, every break of that day must still lie within working hours;
 * the first one left outside is the problem.
 */
export function orphanedBreak(remaining: readonly Slot[], date: string): Slot | undefined {
  const day = remaining.filter((slot) => slot.date === date);
  return day.find(
    (slot) =>
      slot.type === 'break' &&
      !day.some(
        (other) => other.type === 'working_hours' && other.start <= slot.start && slot.end <= other.end,
      ),
  );
}

/** The 409 detail of an overlap refusal, naming the conflicting entry. */
export function describeProblem(problem: OverlapProblem): string {
  const range = (slot: Slot) => `${slot.date} ${formatTime(slot.start)}-${formatTime(slot.end)}`;
  switch (problem.kind) {
    case 'overlap':
      return `Availability overlaps existing ${problem.with.type} entry ${problem.with.id ?? ''} (${range(problem.with)})`.replace(
        '  ',
        ' ',
      );
    case 'break_outside_working_hours':
      return `A break must lie within working hours (${range(problem.slot)})`;
    case 'break_left_outside':
      return `Break entry ${problem.with.id ?? ''} (${range(problem.with)}) would no longer lie within working hours`;
  }
}

/**
 * Is the staff member working for [start, end) on a date for a service: a working-hours entry covers it
 * and allows the service (null service_ids means every service), and no break, blocked or vacation entry
 * overlaps it.
 */
export function isWorking(day: readonly Slot[], start: number, end: number, serviceId?: string): boolean {
  const covered = day.some(
    (slot) =>
      slot.type === 'working_hours' &&
      slot.start <= start &&
      end <= slot.end &&
      (serviceId === undefined || !slot.service_ids || slot.service_ids.includes(serviceId)),
  );
  if (!covered) return false;
  return !day.some((slot) => slot.type !== 'working_hours' && overlaps(start, end, slot.start, slot.end));
}
