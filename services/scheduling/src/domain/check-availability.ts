import {
  assertOutletAccess,
  invalidField,
  notFound,
  tenantIn,
  type RequestContext,
} from '@salon/service-kit';
import { activeOccupancies, type OccupancyRow } from '../db/appointment.repository';
import { entriesOfStaff } from '../db/availability.repository';
import { findService, findTenantAndOutlet } from '../db/replica.repository';
import { findStaff } from '../db/staff.repository';
import { assertMayManage } from './availability-access';
import { isWorking } from './availability-rules';
import { slotOf } from './availability-slot';
import { staffIn } from './callers';
import { evaluateCapacity } from './capacity-rules';
import type { SchedulingDeps } from './deps';
import { CLOSED_OUTLET_DETAIL, isOutletOpen } from './outlet-rules';
import { outletTimeZone } from './outlet-time-zone';
import { localToUtc } from './time-rules';

export interface CheckQuery {
  staff_id: string;
  date: string;
  start_time: number;
  end_time: number;
  service_id?: string;
}

/**
 * GET /availability/check: the staff member's outlet open, working hours, then appointments (capacity when a
 * service is given); only for a staff member at an outlet the caller may act at.
 */
export async function checkAvailability(deps: SchedulingDeps, ctx: RequestContext, query: CheckQuery) {
  if (query.start_time >= query.end_time) {
    throw invalidField(['query', 'end_time'], 'start_time must be before end_time');
  }
  const auth = staffIn(ctx);
  if (auth.role === 'STAFF' || auth.role === 'OUTLET_MANAGER') assertMayManage(auth, query.staff_id);
  const tenantId = tenantIn(ctx);
  const executor = deps.db.orm;
  const staff = await findStaff(executor, tenantId, query.staff_id);
  if (!staff) throw notFound('Staff member not found');
  assertOutletAccess(ctx, staff.outlet_id);
  const service = query.service_id ? await findService(executor, tenantId, query.service_id) : undefined;
  if (query.service_id && !service) throw notFound('Service not found');
  const { tenant, outlet } = await findTenantAndOutlet(executor, tenantId, staff.outlet_id);
  const timezone = outletTimeZone(outlet, tenant);
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
  if (outlet && !isOutletOpen(outlet, tenant)) {
    return {
      available: false,
      message: CLOSED_OUTLET_DETAIL,
      reason: 'outlet_closed' as const,
      working_hours: workingHours,
      conflicts: [],
    };
  }
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
