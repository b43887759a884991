import { lockFor, type Executor } from '@salon/service-kit';

/**
 * Serialises every booking decision about one staff member (bookings, rescheduling, availability changes,
 * termination), held until the transaction ends.
 */
export const lockStaff = (tx: Executor, staffId: string): Promise<void> =>
  lockFor(tx, 'scheduling.staff', staffId);

/**
 * The staff locks of a booking: one each, taken in sorted order so two multi-staff bookings can never wait
 * on each other in a cycle.
 */
export async function lockStaffSchedules(tx: Executor, staffIds: readonly string[]): Promise<void> {
  for (const staffId of [...new Set(staffIds)].sort()) await lockStaff(tx, staffId);
}

/** Serialises the monthly plan-limit count of one tenant; always taken after the staff locks. */
export const lockTenantBookings = (tx: Executor, tenantId: string): Promise<void> =>
  lockFor(tx, 'scheduling.tenant', tenantId);

/** Serialises the per-outlet active staff count (the plan's max_staff_per_outlet). */
export const lockOutletStaff = (tx: Executor, outletId: string): Promise<void> =>
  lockFor(tx, 'scheduling.outlet-staff', outletId);
