import { assertOutletAccess, notFound, tenantIn, type RequestContext } from '@salon/service-kit';
import { countAppointments } from '../db/appointment.repository';
import { entriesOfStaff } from '../db/availability.repository';
import { findStaff, type StaffRecord } from '../db/staff.repository';
import type { SchedulingDeps } from './deps';
import { nextAvailableSlot } from './next-available-slot';
import { findOutletTimeZone } from './outlet-time-zone';
import { addDays, localOf } from './time-rules';

export interface StaffDetail {
  staff: StaffRecord;
  /** The staff member's next free slot (see next-available-slot.ts). */
  nextSlot: Date | null;
  workload?: Workload;
}

/**
 * GET /staff/{id}: the staff member with its next free slot, and today's and the coming week's workload when
 * asked; 403 for a staff member of an outlet the caller may not act at.
 */
export async function getStaff(
  deps: SchedulingDeps,
  ctx: RequestContext,
  { staffId, includeWorkload }: { staffId: string; includeWorkload: boolean },
): Promise<StaffDetail> {
  const staff = await findStaff(deps.db.orm, tenantIn(ctx), staffId);
  if (!staff) throw notFound('Staff member not found');
  assertOutletAccess(ctx, staff.outlet_id);
  const [nextSlot, workload] = await Promise.all([
    nextAvailableSlot(deps, staff),
    includeWorkload ? workloadOf(deps, staff) : undefined,
  ]);
  return workload ? { staff, nextSlot, workload } : { staff, nextSlot };
}

export interface Workload {
  today_appointments: number;
  upcoming_appointments: number;
  total_lifetime_bookings: number;
  is_available_today: boolean;
  current_status: string;
}

async function workloadOf(deps: SchedulingDeps, staff: StaffRecord): Promise<Workload> {
  const executor = deps.db.orm;
  const now = new Date();
  // "Today" is the staff member's outlet's date, which may differ from the tenant's near midnight.
  const today = localOf(now, await findOutletTimeZone(executor, staff.tenant_id, staff.outlet_id)).date;
  const [todayCount, upcoming, entries] = await Promise.all([
    countAppointments(executor, staff.tenant_id, {
      staffId: staff.id,
      from: today,
      to: today,
      statuses: ['pending', 'confirmed', 'in_progress'],
    }),
    countAppointments(executor, staff.tenant_id, {
      staffId: staff.id,
      from: today,
      to: addDays(today, 7),
      statuses: ['pending', 'confirmed'],
      upcomingFrom: now,
    }),
    entriesOfStaff(executor, staff.tenant_id, [staff.id], today, today),
  ]);
  const working = entries.some((entry) => entry.availability_type === 'working_hours');
  const away = entries.some((entry) => entry.availability_type === 'vacation');
  return {
    today_appointments: todayCount,
    upcoming_appointments: upcoming,
    total_lifetime_bookings: staff.total_bookings,
    is_available_today: staff.status === 'active' && working && !away,
    current_status: staff.status,
  };
}
