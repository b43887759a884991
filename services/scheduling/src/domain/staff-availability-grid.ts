import {
  assertOutletAccess,
  forbidden,
  tenantIn,
  type RequestContext,
  type StaffAuth,
} from '@salon/service-kit';
import { availabilityGrid, type GridQuery } from './availability-grid';
import { staffIn } from './callers';
import type { SchedulingDeps } from './deps';

/** STAFF see their own grid only; the other roles any staff member's. */
function gridStaffFilter(auth: StaffAuth, staffId?: string): string | undefined {
  if (auth.role !== 'STAFF') return staffId;
  if (!auth.staffId) throw forbidden('Your account is not linked to a staff member');
  if (staffId && staffId !== auth.staffId) throw forbidden('You can only view your own availability');
  return auth.staffId;
}

/**
 * GET /availability/availability-grid: the staff view of the grid, as the JSON bytes of the answer; only of an
 * outlet the caller may act at (an OUTLET_MANAGER: one it manages).
 */
export async function staffAvailabilityGrid(
  deps: SchedulingDeps,
  ctx: RequestContext,
  query: GridQuery,
): Promise<Buffer> {
  const staffId = gridStaffFilter(staffIn(ctx), query.staff_id);
  assertOutletAccess(ctx, query.outlet_id);
  return availabilityGrid(deps, tenantIn(ctx), { ...query, staff_id: staffId }, 'staff');
}
