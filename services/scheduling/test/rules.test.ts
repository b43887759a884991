import fc from 'fast-check';
import { canMove, canReschedule, checkWindow, planSegments } from '../src/domain/appointment-rules';
import {
  MAX_PATTERN_ENTRIES,
  expandRecurrence,
  isWorking,
  orphanedBreak,
  overlapProblem,
  type Slot,
} from '../src/domain/availability-rules';
import { instantsOf } from '../src/domain/availability-grid';
import { evaluateCapacity, peakOverlap, type Occupancy } from '../src/domain/capacity-rules';
import { outletTimeZone } from '../src/domain/outlet-time-zone';
import { DEFAULT_TIMEZONE, settingsOf } from '../src/domain/tenant-settings';
import { addDays, localOf, localToUtc, parseTime, weekdayOf } from '../src/domain/time-rules';

describe('time rules', () => {
  it('parses HH:MM and HH:MM:00 only', () => {
    expect(parseTime('09:30')).toBe(570);
    expect(parseTime('09:30:00')).toBe(570);
    expect(parseTime('24:00')).toBeUndefined();
    expect(parseTime('9:30')).toBeUndefined();
    expect(parseTime('09:30:15')).toBeUndefined();
  });

  it('knows weekdays with 0 = Monday', () => {
    expect(weekdayOf('2025-01-06')).toBe(0);
    expect(weekdayOf('2025-01-12')).toBe(6);
  });

  it('converts local times to UTC across a New York daylight-saving change', () => {
    expect(localToUtc('2025-03-08', 600, 'America/New_York').toISOString()).toBe('2025-03-08T15:00:00.000Z');
    expect(localToUtc('2025-03-10', 600, 'America/New_York').toISOString()).toBe('2025-03-10T14:00:00.000Z');
    expect(localToUtc('2025-01-06', 600, 'Asia/Jakarta').toISOString()).toBe('2025-01-06T03:00:00.000Z');
  });

  it('resolves a repeated local time to its first occurrence, east of UTC as west of it', () => {
    expect(localToUtc('2025-11-02', 90, 'America/New_York').toISOString()).toBe('2025-11-02T05:30:00.000Z');
    expect(localToUtc('2027-10-31', 90, 'Europe/London').toISOString()).toBe('2027-10-31T00:30:00.000Z');
    expect(localToUtc('2027-10-31', 150, 'Europe/Berlin').toISOString()).toBe('2027-10-31T00:30:00.000Z');
    // A skipped time resolves after the jump.
    expect(localToUtc('2027-03-28', 90, 'Europe/London').toISOString()).toBe('2027-03-28T01:30:00.000Z');
  });

  it('round-trips every local quarter hour of a year in New York except the skipped hour', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 364 }), fc.integer({ min: 0, max: 95 }), (day, quarter) => {
        const date = addDays('2025-01-01', day);
        const minutes = quarter * 15;
        const local = localOf(localToUtc(date, minutes, 'America/New_York'), 'America/New_York');
        const skipped = date === '2025-03-09' && minutes >= 120 && minutes < 180;
        if (!skipped) expect(local).toEqual({ date, minutes });
      }),
    );
  });
});

describe('outlet time zones', () => {
  const tenantIn = (timezone: string) => ({ ...settingsView, timezone });
  const settingsView = {
    tenant_id: 't',
    name: 'Glow',
    slug: 'glow',
    timezone: 'Asia/Jakarta',
    booking_advance_days: 30,
    cancellation_hours: 24,
    staff_position_templates: [],
    is_active: true,
    version: 1,
  };

  it("takes the outlet's own zone, else the tenant's (no replica yet, or an empty zone), else identity's default", () => {
    expect(outletTimeZone({ timezone: 'Asia/Jayapura' }, tenantIn('Asia/Jakarta'))).toBe('Asia/Jayapura');
    expect(outletTimeZone(null, tenantIn('Europe/London'))).toBe('Europe/London');
    expect(outletTimeZone({ timezone: '' }, tenantIn('Europe/London'))).toBe('Europe/London');
    expect(outletTimeZone(undefined, undefined)).toBe(DEFAULT_TIMEZONE);
    expect(settingsOf(undefined).timezone).toBe(DEFAULT_TIMEZONE);
  });

  it('gives 10:00 local as 03:00Z in Jakarta and 01:00Z in Jayapura', () => {
    expect(localToUtc('2027-01-11', 600, 'Asia/Jakarta').toISOString()).toBe('2027-01-11T03:00:00.000Z');
    expect(localToUtc('2027-01-11', 600, 'Asia/Jayapura').toISOString()).toBe('2027-01-11T01:00:00.000Z');
  });

  it('places the same local grid minutes on both sides of London’s changes, one hour apart in UTC', () => {
    const at = (date: string, minutes: number) =>
      new Date(instantsOf(date, 'Europe/London')(minutes)).toISOString();
    expect(at('2027-03-27', 540)).toBe('2027-03-27T09:00:00.000Z');
    expect(at('2027-03-28', 540)).toBe('2027-03-28T08:00:00.000Z');
    expect(at('2027-03-28', 0)).toBe('2027-03-28T00:00:00.000Z');
    expect(at('2027-10-30', 540)).toBe('2027-10-30T08:00:00.000Z');
    expect(at('2027-10-31', 540)).toBe('2027-10-31T09:00:00.000Z');
  });
});

describe('recurrence expansion', () => {
  it('expands daily, weekly and monthly patterns', () => {
    expect(expandRecurrence('2025-01-06', 'none', null, null)).toEqual({ ok: true, dates: ['2025-01-06'] });
    expect(expandRecurrence('2025-01-06', 'daily', '2025-01-08', null)).toEqual({
      ok: true,
      dates: ['2025-01-06', '2025-01-07', '2025-01-08'],
    });
    expect(expandRecurrence('2025-01-06', 'weekly', '2025-01-19', [0, 2])).toEqual({
      ok: true,
      dates: ['2025-01-06', '2025-01-08', '2025-01-13', '2025-01-15'],
    });
    expect(expandRecurrence('2025-01-08', 'weekly', '2025-01-22', null)).toEqual({
      ok: true,
      dates: ['2025-01-08', '2025-01-15', '2025-01-22'],
    });
    expect(expandRecurrence('2025-01-31', 'monthly', '2025-05-31', null)).toEqual({
      ok: true,
      dates: ['2025-01-31', '2025-03-31', '2025-05-31'],
    });
  });

  it('caps a pattern at 365 entries and refuses an empty one', () => {
    expect(expandRecurrence('2025-01-01', 'daily', '2025-12-31', null)).toMatchObject({ ok: true });
    expect(expandRecurrence('2025-01-01', 'daily', '2026-01-01', null)).toEqual({
      ok: false,
      reason: 'too_many',
    });
    expect(expandRecurrence('2025-01-06', 'weekly', '2025-01-07', [4])).toEqual({
      ok: false,
      reason: 'empty',
    });
  });

  it('weekly dates always fall on the chosen days, inside the range, at most 365 of them', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 700 }),
        fc.integer({ min: 0, max: 800 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
        (startOffset, length, days) => {
          const start = addDays('2025-01-01', startOffset);
          const end = addDays(start, length);
          const result = expandRecurrence(start, 'weekly', end, days);
          if (!result.ok) return;
          expect(result.dates.length).toBeLessThanOrEqual(MAX_PATTERN_ENTRIES);
          for (const date of result.dates) {
            expect(days).toContain(weekdayOf(date));
            expect(date >= start && date <= end).toBe(true);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('overlap rules', () => {
  const slot = (type: Slot['type'], start: number, end: number, id = `${type}-${start}`): Slot => ({
    id,
    date: '2025-01-06',
    start,
    end,
    type,
  });
  const working = slot('working_hours', 540, 1020);

  it('working hours may not overlap working hours; touching is fine', () => {
    expect(overlapProblem(slot('working_hours', 960, 1080), [working])).toMatchObject({ kind: 'overlap' });
    expect(overlapProblem(slot('working_hours', 1020, 1080), [working])).toBeUndefined();
  });

  it('a break lies within working hours and may not overlap a break', () => {
    expect(overlapProblem(slot('break', 720, 780), [working])).toBeUndefined();
    expect(overlapProblem(slot('break', 1000, 1040), [working])).toMatchObject({
      kind: 'break_outside_working_hours',
    });
    expect(overlapProblem(slot('break', 750, 800), [working, slot('break', 720, 780)])).toMatchObject({
      kind: 'overlap',
    });
  });

  it('blocked and vacation overlap working hours and breaks but not each other', () => {
    const lunch = slot('break', 720, 780);
    expect(overlapProblem(slot('blocked', 700, 800), [working, lunch])).toBeUndefined();
    expect(overlapProblem(slot('vacation', 0, 1440), [working, lunch])).toBeUndefined();
    expect(overlapProblem(slot('vacation', 0, 1440), [slot('blocked', 700, 800)])).toMatchObject({
      kind: 'overlap',
    });
    expect(overlapProblem(slot('blocked', 600, 660), [slot('blocked', 630, 700)])).toMatchObject({
      kind: 'overlap',
    });
  });

  it('finds a break left outside working hours', () => {
    expect(orphanedBreak([slot('break', 720, 780)], '2025-01-06')).toMatchObject({ type: 'break' });
    expect(orphanedBreak([working, slot('break', 720, 780)], '2025-01-06')).toBeUndefined();
  });

  it('is working only inside working hours, outside breaks, blocks and vacations, for allowed services', () => {
    const day = [{ ...working, service_ids: ['a'] }, slot('break', 720, 780), slot('blocked', 900, 960)];
    expect(isWorking(day, 540, 600, 'a')).toBe(true);
    expect(isWorking(day, 540, 600, 'b')).toBe(false);
    expect(isWorking(day, 700, 740, 'a')).toBe(false);
    expect(isWorking(day, 930, 990, 'a')).toBe(false);
    expect(isWorking(day, 1000, 1040, 'a')).toBe(false);
    expect(isWorking(day, 780, 840, 'a')).toBe(true);
  });
});

describe('capacity rules', () => {
  const occ = (
    service: string,
    parallel: boolean,
    start: number,
    end: number,
    id = `${service}${start}`,
  ): Occupancy => ({
    appointment_id: id,
    service_id: service,
    parallel,
    start,
    end,
  });

  it('single booking conflicts with any overlapping appointment', () => {
    const candidate = { service_id: 's', parallel: false, max_parallel: 1, start: 100, end: 200 };
    expect(evaluateCapacity(candidate, [])).toEqual({ ok: true, current: 0 });
    expect(evaluateCapacity(candidate, [occ('s', false, 200, 300)])).toMatchObject({ ok: true });
    expect(evaluateCapacity(candidate, [occ('p', true, 150, 250)])).toMatchObject({
      ok: false,
      reason: 'conflict',
    });
  });

  it('parallel admits max_parallel of the same service and conflicts with others', () => {
    const candidate = { service_id: 'p', parallel: true, max_parallel: 3, start: 100, end: 200 };
    const two = [occ('p', true, 100, 200, 'a'), occ('p', true, 100, 200, 'b')];
    expect(evaluateCapacity(candidate, two)).toEqual({ ok: true, current: 2 });
    expect(evaluateCapacity(candidate, [...two, occ('p', true, 150, 250, 'c')])).toMatchObject({
      ok: false,
      reason: 'full',
      current: 3,
    });
    expect(evaluateCapacity(candidate, [occ('q', true, 100, 200)])).toMatchObject({
      ok: false,
      reason: 'conflict',
    });
    expect(evaluateCapacity(candidate, [occ('s', false, 190, 250)])).toMatchObject({
      ok: false,
      reason: 'conflict',
    });
  });

  it('counts the peak of simultaneous bookings, not every overlapping one', () => {
    expect(
      peakOverlap(
        [
          { start: 100, end: 150 },
          { start: 150, end: 200 },
        ],
        100,
        200,
      ),
    ).toBe(1);
    const candidate = { service_id: 'p', parallel: true, max_parallel: 2, start: 100, end: 200 };
    expect(
      evaluateCapacity(candidate, [occ('p', true, 100, 150, 'a'), occ('p', true, 150, 200, 'b')]),
    ).toMatchObject({
      ok: true,
      current: 1,
    });
  });

  it('peak never exceeds the number of ranges and a single candidate is refused iff something overlaps', () => {
    const range = fc
      .tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 1, max: 50 }))
      .map(([s, l]) => ({
        start: s,
        end: s + l,
      }));
    fc.assert(
      fc.property(fc.array(range, { maxLength: 12 }), range, (ranges, window) => {
        const peak = peakOverlap(ranges, window.start, window.end);
        const overlapping = ranges.filter((r) => r.start < window.end && window.start < r.end);
        expect(peak).toBeLessThanOrEqual(overlapping.length);
        expect(peak > 0).toBe(overlapping.length > 0);
        const verdict = evaluateCapacity(
          { service_id: 's', parallel: false, max_parallel: 1, ...window },
          ranges.map((r, i) => occ('s', false, r.start, r.end, String(i))),
        );
        expect(verdict.ok).toBe(overlapping.length === 0);
      }),
    );
  });
});

describe('appointment rules', () => {
  it('follows the state table', () => {
    expect(canMove('pending', 'confirmed')).toBe(true);
    expect(canMove('pending', 'cancelled')).toBe(true);
    expect(canMove('pending', 'completed')).toBe(false);
    expect(canMove('confirmed', 'checked_in')).toBe(true);
    expect(canMove('checked_in', 'in_progress')).toBe(true);
    expect(canMove('in_progress', 'completed')).toBe(true);
    expect(canMove('confirmed', 'no_show')).toBe(true);
    for (const terminal of ['completed', 'cancelled', 'no_show'] as const) {
      expect(canMove(terminal, 'confirmed')).toBe(false);
      expect(canReschedule(terminal)).toBe(false);
    }
  });

  it('plans services back to back with buffers as occupancy', () => {
    expect(
      planSegments(600, [
        { duration_minutes: 30, preparation_minutes: 10, cleanup_minutes: 5 },
        { duration_minutes: 45, preparation_minutes: 0, cleanup_minutes: 15 },
      ]),
    ).toEqual([
      { start: 600, end: 630, occupancy_start: 590, occupancy_end: 635 },
      { start: 630, end: 675, occupancy_start: 630, occupancy_end: 690 },
    ]);
  });

  it('applies the booking window to customers and only the past to staff', () => {
    const now = new Date('2025-01-06T00:00:00Z');
    const limits = { min_hours: 2, max_days: 10 };
    const soon = new Date('2025-01-06T01:00:00Z');
    expect(checkWindow(soon, '2025-01-06', now, '2025-01-06', limits, 'customer')).toMatchObject({
      reason: 'too_soon',
    });
    expect(checkWindow(soon, '2025-01-06', now, '2025-01-06', limits, 'staff')).toEqual({ ok: true });
    const past = new Date('2025-01-05T23:00:00Z');
    expect(checkWindow(past, '2025-01-05', now, '2025-01-06', limits, 'staff')).toMatchObject({
      reason: 'past',
    });
    const far = new Date('2025-01-17T03:00:00Z');
    expect(checkWindow(far, '2025-01-17', now, '2025-01-06', limits, 'customer')).toMatchObject({
      reason: 'too_far',
    });
    const edge = new Date('2025-01-16T03:00:00Z');
    expect(checkWindow(edge, '2025-01-16', now, '2025-01-06', limits, 'customer')).toEqual({ ok: true });
  });
});
