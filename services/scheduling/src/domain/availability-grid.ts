import { badRequest, forbidden, notFound, type StaffAuth } from '@salon/service-kit';
import {
  activeOccupancies,
  packedOccupancyRanges,
  type OccupancyRange,
  type OccupancyRow,
} from '../db/appointment.repository';
import { entriesOfStaff, packedEntriesOfStaff } from '../db/availability.repository';
import { findOutlet, findService, findTenantBySlug, isBookableService } from '../db/replica.repository';
import { findBookableStaff, findStaff } from '../db/staff.repository';
import { isWorking, type Slot } from './availability-rules';
import { evaluateCapacity } from './capacity-rules';
import type { SchedulingDeps } from './deps';
import { slotOf } from './manage-availability';
import { tenantSettings } from './tenant-settings';
import { addDays, localOf, localToUtc, shortTime } from './time-rules';

export interface GridQuery {
  service_id: string;
  outlet_id: string;
  start_date: string;
  num_days: number;
  slot_interval_minutes: number;
  staff_id?: string;
}

export interface GridSlot {
  start_time: string;
  end_time: string;
  staff_id: string;
  staff_name: string;
  gender?: string | null;
  is_available: boolean;
  allows_parallel_bookings: boolean;
  available_capacity: number | null;
  max_capacity: number | null;
}

const DAY_MS = 86_400_000;

/** "HH:MM" of every minute of the day (and 24:00), computed once. */
const SHORT_TIMES = Array.from({ length: 24 * 60 + 1 }, (_, minutes) => shortTime(minutes));

/** Local minutes → UTC ms for one date, exact across a daylight-saving change inside the day. */
function instantsOf(date: string, timezone: string): (minutes: number) => number {
  const midnight = localToUtc(date, 0, timezone).getTime();
  const late = localToUtc(date, 23 * 60 + 59, timezone).getTime();
  if (late - midnight === (23 * 60 + 59) * 60_000) return (minutes) => midnight + minutes * 60_000;
  return (minutes) => localToUtc(date, minutes, timezone).getTime();
}

/**
 * The availability grid in a fixed number of queries whatever the range or staff count: tenant settings,
 * outlet, service, staff, their availability entries over the range, and their active occupancies over the
 * range. Slots step by `slot_interval_minutes` from the start of each working-hours entry and fit the
 * service inside it; a slot is available when the staff member is working then (no break, block or
 * vacation, service allowed), capacity admits one more, and the booking window allows it.
 */
export async function availabilityGrid(
  deps: SchedulingDeps,
  tenantId: string,
  query: GridQuery,
  audience: 'staff' | 'customer',
) {
  const executor = deps.db.orm;
  const [settings, outlet, service] = await Promise.all([
    tenantSettings(executor, tenantId),
    findOutlet(executor, tenantId, query.outlet_id),
    findService(executor, tenantId, query.service_id),
  ]);
  if (!outlet) throw notFound('Outlet not found');
  if (!service || (audience === 'customer' && !isBookableService(service)))
    throw notFound('Service not found');
  const endDate = addDays(query.start_date, query.num_days - 1);
  let staff = await findBookableStaff(executor, tenantId, query.outlet_id, query.service_id, query.staff_id);
  if (audience === 'customer') staff = staff.filter((member) => member.accepts_online_booking);
  const staffIds = staff.map((member) => member.id);
  const timezone = settings.timezone;
  const rangeStart = new Date(localToUtc(query.start_date, 0, timezone).getTime() - DAY_MS);
  const rangeEnd = new Date(localToUtc(endDate, 0, timezone).getTime() + 2 * DAY_MS);
  const [entries, occupied] = await Promise.all([
    packedEntriesOfStaff(executor, tenantId, staffIds, query.start_date, endDate),
    packedOccupancyRanges(executor, tenantId, staffIds, rangeStart, rangeEnd),
  ]);

  // Occupancies bucketed by staff and the UTC day they start on (each is shorter than a day), so a slot
  // looks at the buckets of its own day and the day before: a handful of rows.
  const buckets = new Map<string, OccupancyRange[]>();
  for (const row of occupied) {
    const key = `${row.staff_id}:${Math.floor(row.start / DAY_MS)}`;
    const list = buckets.get(key);
    if (list) list.push(row);
    else buckets.set(key, [row]);
  }
  const entriesByStaffDate = new Map<string, Slot[]>();
  for (const entry of entries) {
    const key = `${entry.staff_id}:${entry.date}`;
    const list = entriesByStaffDate.get(key) ?? [];
    list.push({
      date: entry.date,
      start: entry.start,
      end: entry.end,
      type: entry.type,
      service_ids: entry.service_ids,
    });
    entriesByStaffDate.set(key, list);
  }

  const now = new Date();
  const today = localOf(now, timezone).date;
  const parallel = service.allow_parallel_bookings;
  const maxCapacity = parallel ? service.max_parallel_bookings : 1;
  const duration = service.duration_minutes;
  const interval = query.slot_interval_minutes;
  const earliest =
    now.getTime() + (audience === 'customer' ? service.min_advance_booking_hours * 3_600_000 : 0);
  const grid: Record<string, GridSlot[]> = {};
  let totalAvailable = 0;
  const staffBuckets = staff.map((member) => {
    const own = new Map<number, OccupancyRange[]>();
    for (const [key, rows] of buckets)
      if (key.startsWith(`${member.id}:`)) own.set(Number(key.slice(25)), rows);
    return own;
  });
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
  for (let offset = 0; offset < query.num_days; offset += 1) {
    const date = addDays(query.start_date, offset);
    const at = instantsOf(date, timezone);
    // Slots collected per start minute: staff are visited in name order, so the day comes out sorted.
    const byMinute: GridSlot[][] = [];
    staff.forEach((member, order) => {
      const day = entriesByStaffDate.get(`${member.id}:${date}`) ?? [];
      const blocked = day.filter((slot) => slot.type !== 'working_hours');
      const ownBuckets = staffBuckets[order] as Map<number, OccupancyRange[]>;
      const withinDays = date <= (lastDates[order] as string);
      for (const working of day) {
        if (working.type !== 'working_hours') continue;
        if (working.service_ids && !working.service_ids.includes(service.service_id)) continue;
        for (let start = working.start; start + duration <= working.end; start += interval) {
          const end = start + duration;
          const occupancyStart = at(start - service.preparation_minutes);
          const occupancyEnd = at(end + service.cleanup_minutes);
          // Working (no break, block or vacation over it) and inside the booking window.
          let available = withinDays && at(start) >= earliest && at(start) > now.getTime();
          for (const other of blocked) if (start < other.end && other.start < end) available = false;
          const candidates: OccupancyRange[] = [];
          for (let d = Math.floor(occupancyStart / DAY_MS) - 1; d < occupancyEnd / DAY_MS; d += 1) {
            const bucket = ownBuckets.get(d);
            if (!bucket) continue;
            for (const row of bucket) {
              if (row.start < occupancyEnd && occupancyStart < row.end) candidates.push(row);
            }
          }
          let capacity = maxCapacity;
          if (candidates.length > 0) {
            const verdict = evaluateCapacity(
              {
                service_id: service.service_id,
                parallel,
                max_parallel: maxCapacity,
                start: occupancyStart,
                end: occupancyEnd,
              },
              candidates,
            );
            if (!verdict.ok) available = false;
            capacity =
              !verdict.ok && verdict.reason === 'conflict' ? 0 : Math.max(0, maxCapacity - verdict.current);
          }
          if (available) totalAvailable += 1;
          (byMinute[start] ??= []).push(
            audience === 'staff'
              ? {
                  start_time: SHORT_TIMES[start] as string,
                  end_time: SHORT_TIMES[end] as string,
                  staff_id: member.id,
                  staff_name: member.display_name,
                  gender: member.gender,
                  is_available: available,
                  allows_parallel_bookings: parallel,
                  available_capacity: parallel ? capacity : null,
                  max_capacity: parallel ? maxCapacity : null,
                }
              : {
                  start_time: SHORT_TIMES[start] as string,
                  end_time: SHORT_TIMES[end] as string,
                  staff_id: member.id,
                  staff_name: member.display_name,
                  is_available: available,
                  allows_parallel_bookings: parallel,
                  available_capacity: parallel ? capacity : null,
                  max_capacity: parallel ? maxCapacity : null,
                },
          );
        }
      }
    });
    grid[date] = byMinute.flat();
  }
  return {
    start_date: query.start_date,
    end_date: endDate,
    num_days: query.num_days,
    slot_interval_minutes: query.slot_interval_minutes,
    availability_grid: grid,
    metadata: {
      service_id: service.service_id,
      service_name: service.name,
      outlet_id: query.outlet_id,
      outlet_name: outlet.name,
      staff_id: query.staff_id ?? null,
      total_available_slots: totalAvailable,
      service_duration_minutes: service.duration_minutes,
    },
  };
}

/** STAFF see their own grid only; the other roles any staff member's. */
export function gridStaffFilter(auth: StaffAuth, staffId?: string): string | undefined {
  if (auth.role !== 'STAFF') return staffId;
  if (!auth.staffId) throw forbidden('Your account is not linked to a staff member');
  if (staffId && staffId !== auth.staffId) throw forbidden('You can only view your own availability');
  return auth.staffId;
}

export async function publicGrid(deps: SchedulingDeps, slug: string, query: GridQuery) {
  const tenant = await findTenantBySlug(deps.db.orm, slug);
  if (!tenant) throw notFound('Tenant not found');
  return availabilityGrid(deps, tenant.tenant_id, query, 'customer');
}

export interface CheckQuery {
  staff_id: string;
  date: string;
  start_time: number;
  end_time: number;
  service_id?: string;
}

/** GET /availability/check: working hours, then appointments (capacity when a service is given). */
export async function checkAvailability(deps: SchedulingDeps, tenantId: string, query: CheckQuery) {
  const executor = deps.db.orm;
  if (query.start_time >= query.end_time) throw badRequest('start_time must be before end_time');
  const staff = await findStaff(executor, tenantId, query.staff_id);
  if (!staff) throw notFound('Staff member not found');
  const service = query.service_id ? await findService(executor, tenantId, query.service_id) : undefined;
  if (query.service_id && !service) throw notFound('Service not found');
  const { timezone } = await tenantSettings(executor, tenantId);
  const day = (await entriesOfStaff(executor, tenantId, [staff.id], query.date, query.date)).map((entry) => ({
    entry,
    slot: slotOf(entry),
  }));
  const working =
    day.find(
      ({ slot }) =>
        slot.type === 'working_hours' && slot.start <= query.start_time && query.start_time < slot.end,
    ) ?? day.find(({ slot }) => slot.type === 'working_hours');
  const workingHours = working
    ? {
        start_time: working.entry.start_time,
        end_time: working.entry.end_time,
        breaks: day
          .filter(
            ({ slot }) =>
              slot.type === 'break' && slot.start >= working.slot.start && slot.end <= working.slot.end,
          )
          .map(({ entry }) => ({ start: entry.start_time, end: entry.end_time })),
      }
    : null;
  const slots = day.map(({ slot }) => slot);
  if (!isWorking(slots, query.start_time, query.end_time, query.service_id) || staff.status !== 'active') {
    const conflicts = day
      .filter(
        ({ slot }) =>
          slot.type !== 'working_hours' && slot.start < query.end_time && query.start_time < slot.end,
      )
      .map(({ entry }) => ({
        id: entry.id,
        type: entry.availability_type,
        start_time: entry.start_time,
        end_time: entry.end_time,
        notes: entry.notes,
      }));
    return {
      available: false,
      message: 'Staff member is not working at the requested time',
      reason: 'staff_not_working' as const,
      working_hours: workingHours,
      conflicts,
    };
  }
  const start = localToUtc(query.date, query.start_time - (service?.preparation_minutes ?? 0), timezone);
  const end = localToUtc(query.date, query.end_time + (service?.cleanup_minutes ?? 0), timezone);
  const occupied = await activeOccupancies(executor, tenantId, [staff.id], start, end);
  const toConflict = (row: OccupancyRow) => ({
    id: row.appointment_id,
    type: 'appointment',
    start_time: row.start_time,
    end_time: row.end_time,
    notes: row.notes,
  });
  if (service) {
    const verdict = evaluateCapacity(
      {
        service_id: service.service_id,
        parallel: service.allow_parallel_bookings,
        max_parallel: service.allow_parallel_bookings ? service.max_parallel_bookings : 1,
        start: start.getTime(),
        end: end.getTime(),
      },
      occupied,
    );
    if (!verdict.ok) {
      return {
        available: false,
        message:
          verdict.reason === 'full'
            ? `Capacity reached: ${verdict.current}/${service.max_parallel_bookings} bookings`
            : 'Time slot conflicts with existing appointments',
        reason: 'booking_conflict' as const,
        working_hours: workingHours,
        conflicts: (verdict.conflicts as OccupancyRow[]).map(toConflict),
      };
    }
  } else if (occupied.length > 0) {
    return {
      available: false,
      message: 'Time slot conflicts with existing appointments',
      reason: 'booking_conflict' as const,
      working_hours: workingHours,
      conflicts: occupied.map(toConflict),
    };
  }
  return {
    available: true,
    message: 'Staff member is available',
    reason: null,
    working_hours: workingHours,
    conflicts: [],
  };
}
