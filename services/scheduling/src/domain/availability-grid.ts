import { notFound } from '@salon/service-kit';
import {
  gridEntries,
  gridOccupancies,
  loadGridContext,
  type GridDay,
  type GridOccupancies,
} from '../db/grid.repository';
import { isBookableService, type ServiceReplica } from '../db/replica.repository';
import { peakOverlap } from './capacity-rules';
import type { SchedulingDeps } from './deps';
import { isOutletOpen } from './outlet-rules';
import { outletTimeZone } from './outlet-time-zone';
import { settingsOf } from './tenant-settings';
import { ByteWriter } from './byte-writer';
import { addDays, localOf, localToUtc, shortTime } from './time-rules';

export interface GridQuery {
  service_id: string;
  outlet_id: string;
  start_date: string;
  num_days: number;
  slot_interval_minutes: number;
  staff_id?: string;
}

const DAY_MS = 86_400_000;

/** `"HH:MM"` of every minute of the day (and 24:00), JSON-quoted, computed once. */
const QUOTED_TIMES = Array.from({ length: 24 * 60 + 1 }, (_, minutes) => `"${shortTime(minutes)}"`);

/** `instantsOf` by time zone and date: the same days are asked for again and again, and each costs four `Intl` calls. */
const instantsByDay = new Map<string, (minutes: number) => number>();
const INSTANTS_KEPT = 10_000;

/** Local minutes → UTC ms for one date, exact across a daylight-saving change inside the day. */
export function instantsOf(date: string, timezone: string): (minutes: number) => number {
  const key = `${timezone} ${date}`;
  let at = instantsByDay.get(key);
  if (!at) {
    if (instantsByDay.size >= INSTANTS_KEPT) instantsByDay.clear();
    at = dayInstants(date, timezone);
    instantsByDay.set(key, at);
  }
  return at;
}

function dayInstants(date: string, timezone: string): (minutes: number) => number {
  const midnight = localToUtc(date, 0, timezone).getTime();
  const late = localToUtc(date, 23 * 60 + 59, timezone).getTime();
  if (late - midnight === (23 * 60 + 59) * 60_000) return (minutes) => midnight + minutes * 60_000;
  return (minutes) => localToUtc(date, minutes, timezone).getTime();
}

/** The first index whose start is at or after `at` (starts are sorted). */
function firstStartAtOrAfter(starts: readonly number[], at: number): number {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((starts[middle] as number) < at) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Remaining capacity for one more booking of the grid's service over [start, end): 0 when anything else
 * overlaps (a single-booking service, another service, or a single-booking appointment), otherwise the
 * maximum less the peak of same-service bookings (spec capacity rules, see capacity-rules.ts).
 */
function remainingCapacity(
  occupancies: GridOccupancies | undefined,
  start: number,
  end: number,
  parallel: boolean,
  maxCapacity: number,
): number {
  if (!occupancies) return maxCapacity;
  const { starts, ends, sameParallel } = occupancies;
  let same: { start: number; end: number }[] | undefined;
  for (let i = firstStartAtOrAfter(starts, start - occupancies.longest); i < starts.length; i += 1) {
    const from = starts[i] as number;
    if (from >= end) break;
    const to = ends[i] as number;
    if (to <= start) continue;
    if (!parallel || !sameParallel[i]) return 0;
    (same ??= []).push({ start: from, end: to });
  }
  return same ? Math.max(0, maxCapacity - peakOverlap(same, start, end)) : maxCapacity;
}

/** What decides a slot of one service, the same for every staff member and day. */
export interface SlotRules {
  duration: number;
  interval: number;
  preparation: number;
  cleanup: number;
  parallel: boolean;
  maxCapacity: number;
  /** No slot starts before this instant (epoch ms). */
  earliest: number;
}

export const slotRulesOf = (service: ServiceReplica, interval: number, earliest: number): SlotRules => ({
  duration: service.duration_minutes,
  interval,
  preparation: service.preparation_minutes,
  cleanup: service.cleanup_minutes,
  parallel: service.allow_parallel_bookings,
  maxCapacity: service.allow_parallel_bookings ? service.max_parallel_bookings : 1,
  earliest,
});

/**
 * Every slot of one staff member's day, in time order: from each working-hours entry that allows the service,
 * every `interval` minutes while the service fits. A slot is available when it is `withinDays` (the booking
 * window), starts at or after `earliest`, no break, block or vacation overlaps it, and capacity admits one more.
 * `visit` gets the start minute, availability and remaining capacity, and may answer true to stop.
 */
export function visitDaySlots(
  day: GridDay,
  occupancies: GridOccupancies | undefined,
  at: (minutes: number) => number,
  withinDays: boolean,
  rules: SlotRules,
  visit: (start: number, available: boolean, capacity: number) => boolean | void,
): void {
  const { working, blocked } = day;
  const { duration, interval, parallel, maxCapacity } = rules;
  for (let w = 0; w < working.length; w += 2) {
    const workingEnd = working[w + 1] as number;
    for (let start = working[w] as number; start + duration <= workingEnd; start += interval) {
      const end = start + duration;
      let available = withinDays && at(start) >= rules.earliest;
      for (let b = 0; b < blocked.length && available; b += 2) {
        if (start < (blocked[b + 1] as number) && (blocked[b] as number) < end) available = false;
      }
      const capacity = remainingCapacity(
        occupancies,
        at(start - rules.preparation),
        at(end + rules.cleanup),
        parallel,
        maxCapacity,
      );
      if (capacity === 0) available = false;
      if (visit(start, available, capacity) === true) return;
    }
  }
}

/**
 * The grid's two reads for `staffIds` and one service from `startDate` to `endDate` (local dates): entries by
 * staff and day offset, and occupancies with a day's margin each side (a buffer may cross midnight). Staff
 * members whose reads this replica kept and nothing has changed since are not read again.
 */
export async function gridDays(
  deps: Pick<SchedulingDeps, 'db' | 'gridReads'>,
  tenantId: string,
  staffIds: readonly string[],
  serviceId: string,
  { startDate, endDate, timezone }: { startDate: string; endDate: string; timezone: string },
): Promise<[Map<string, Map<number, GridDay>>, Map<string, GridOccupancies>]> {
  const executor = deps.db.orm;
  const rangeStart = new Date(localToUtc(startDate, 0, timezone).getTime() - DAY_MS);
  const rangeEnd = new Date(localToUtc(endDate, 0, timezone).getTime() + 2 * DAY_MS);
  const query = `${tenantId} ${serviceId} ${startDate} ${endDate} ${timezone}`;
  const keys = [`entries ${query}`, `occupancies ${query}`] as const;
  const [entries, occupancies] = await deps.gridReads.current(executor, keys, staffIds);
  return Promise.all([
    deps.gridReads.complete(keys[0], entries!, staffIds, (ids) =>
      gridEntries(executor, tenantId, ids, serviceId, startDate, endDate),
    ),
    deps.gridReads.complete(keys[1], occupancies!, staffIds, (ids) =>
      gridOccupancies(executor, tenantId, ids, serviceId, rangeStart, rangeEnd),
    ),
  ]);
}

/**
 * GET /availability/availability-grid and the public grid, as the JSON text of the spec's answer (a closed
 * outlet: every day empty for staff, 404 for the public). Three
 * round trips whatever the range or staff count (context, entries, occupancies). Slots step by
 * `slot_interval_minutes` from the start of each working-hours entry and fit the service inside it; a slot
 * is available when the staff member is working then (no break, block or vacation, service allowed),
 * capacity admits one more, and the booking window allows it. Up to 90 days × many staff is tens of
 * thousands of slots, so the answer is written as UTF-8 JSON bytes directly rather than built as objects and
 * stringified (same fields, same order).
 */
export async function availabilityGrid(
  deps: SchedulingDeps,
  tenantId: string,
  query: GridQuery,
  audience: 'staff' | 'customer',
): Promise<Buffer> {
  const executor = deps.db.orm;
  const context = await loadGridContext(executor, tenantId, {
    outletId: query.outlet_id,
    serviceId: query.service_id,
    staffId: query.staff_id,
  });
  const { outlet, service } = context;
  const open = outlet !== null && isOutletOpen(outlet, context.tenant);
  // A closed outlet is absent from public reads; staff see it with no slots.
  if (!outlet || (audience === 'customer' && !open)) throw notFound('Outlet not found');
  if (!service || (audience === 'customer' && !isBookableService(service)))
    throw notFound('Service not found');
  const settings = settingsOf(context.tenant);
  const staff = !open
    ? []
    : audience === 'customer'
      ? context.staff.filter((member) => member.accepts_online_booking)
      : context.staff;
  const staffIds = staff.map((member) => member.id);
  const endDate = addDays(query.start_date, query.num_days - 1);
  const timezone = outletTimeZone(outlet, context.tenant);
  const [entries, occupied] = await gridDays(deps, tenantId, staffIds, service.service_id, {
    startDate: query.start_date,
    endDate,
    timezone,
  });

  const now = Date.now();
  const today = localOf(new Date(now), timezone).date;
  const parallel = service.allow_parallel_bookings;
  const maxCapacity = parallel ? service.max_parallel_bookings : 1;
  const duration = service.duration_minutes;
  const interval = query.slot_interval_minutes;
  const rules = slotRulesOf(
    service,
    interval,
    Math.max(now + 1, now + (audience === 'customer' ? service.min_advance_booking_hours * 3_600_000 : 0)),
  );
  // A slot's JSON is its times, its staff member, and its availability and capacity: a day repeats the same few
  // hundred combinations, so each is encoded once and the answer is those bytes copied one after another (no
  // per-slot object, string or number formatting, and no 13 MB string to build and encode again).
  const timeFields = (first: boolean, start: number) =>
    `${first ? '' : ','}{"start_time":${QUOTED_TIMES[start]},"end_time":${QUOTED_TIMES[start + duration]}`;
  const staffFields = staff.map(
    (member) =>
      `,"staff_id":${JSON.stringify(member.id)},"staff_name":${JSON.stringify(member.display_name)}` +
      (audience === 'staff' ? `,"gender":${JSON.stringify(member.gender ?? null)}` : ''),
  );
  // Index `capacity` when available, `maxCapacity + 1 + capacity` when not.
  const statusFields = [true, false].flatMap((available) =>
    Array.from(
      { length: maxCapacity + 1 },
      (_, capacity) =>
        `,"is_available":${available},"allows_parallel_bookings":${parallel},` +
        `"available_capacity":${parallel ? capacity : null},"max_capacity":${parallel ? maxCapacity : null}}`,
    ),
  );
  // A slot is one number, (start minute × staff + staff order) × statuses + status: sorting a day's numbers
  // orders it by time, then name, without an array per minute; its bytes are encoded the first time the number
  // (first of its day or not) is seen.
  const statuses = statusFields.length;
  const slotKey = (start: number, order: number, status: number) =>
    (start * staff.length + order) * statuses + status;
  const slotBytes = new Map<number, Buffer>();
  const bytesOf = (key: number, first: boolean) => {
    const cacheKey = key * 2 + (first ? 1 : 0);
    let bytes = slotBytes.get(cacheKey);
    if (!bytes) {
      const status = key % statuses;
      const order = ((key - status) / statuses) % staff.length;
      const start = ((key - status) / statuses - order) / staff.length;
      bytes = Buffer.from(timeFields(first, start) + staffFields[order] + statusFields[status]);
      slotBytes.set(cacheKey, bytes);
    }
    return bytes;
  };
  const lastDates = staff.map((member) =>
    audience === 'customer'
      ? addDays(
          today,
          Math.min(
            settings.bookingAdvanceDays,
            service.max_advance_booking_days,
            member.max_advance_booking_days,
          ),
        )
      : '9999-12-31',
  );

  let totalAvailable = 0;
  const grid = new ByteWriter();
  const head = JSON.stringify({
    start_date: query.start_date,
    end_date: endDate,
    num_days: query.num_days,
    slot_interval_minutes: query.slot_interval_minutes,
  });
  grid.text(`${head.slice(0, -1)},"availability_grid":{`);
  let daySlots = new Float64Array(1024);
  for (let offset = 0; offset < query.num_days; offset += 1) {
    const date = addDays(query.start_date, offset);
    const at = instantsOf(date, timezone);
    let count = 0;
    staff.forEach((member, order) => {
      const day = entries.get(member.id)?.get(offset);
      if (!day) return;
      const withinDays = date <= (lastDates[order] as string);
      visitDaySlots(day, occupied.get(member.id), at, withinDays, rules, (start, available, capacity) => {
        if (available) totalAvailable += 1;
        if (count === daySlots.length) {
          const grown = new Float64Array(count * 2);
          grown.set(daySlots);
          daySlots = grown;
        }
        daySlots[count++] = slotKey(start, order, available ? capacity : maxCapacity + 1 + capacity);
      });
    });
    const sorted = daySlots.subarray(0, count).sort();
    grid.text(`${offset === 0 ? '' : ','}${JSON.stringify(date)}:[`);
    for (let k = 0; k < count; k += 1) grid.bytes(bytesOf(sorted[k] as number, k === 0));
    grid.text(']');
  }
  const metadata = {
    service_id: service.service_id,
    service_name: service.name,
    outlet_id: query.outlet_id,
    outlet_name: outlet.name,
    staff_id: query.staff_id ?? null,
    total_available_slots: totalAvailable,
    service_duration_minutes: service.duration_minutes,
  };
  grid.text(`},"metadata":${JSON.stringify(metadata)}}`);
  return grid.result();
}
