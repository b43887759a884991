import { forbidden, notFound, tenantIn, type Executor, type RequestContext } from '@salon/service-kit';
import { findStaffMember, type StaffReplica } from '../db/commission.repository';

export const STAFF_NOT_FOUND = 'Staff member not found';

/**
 * The staff member whose commission the caller reads (`read`) or sets (`write`), or 403/404:
 * TENANT_ADMIN and a tenant-scoped SUPER_ADMIN any of the tenant's; an OUTLET_MANAGER those of its outlets
 * (read and write, as it manages those staff members' other records); a STAFF member reads only its own;
 * a RECEPTIONIST neither. Another tenant's staff member is 404.
 */
export async function commissionStaffOf(
  executor: Executor,
  ctx: RequestContext,
  staffId: string,
  access: 'read' | 'write',
): Promise<StaffReplica> {
  const tenantId = tenantIn(ctx);
  const caller = ctx.caller;
  if (caller?.kind !== 'staff') throw forbidden('Insufficient permissions');
  if (caller.role === 'RECEPTIONIST') throw forbidden('Insufficient permissions');
  if (caller.role === 'STAFF' && (access === 'write' || caller.staffId !== staffId)) {
    throw forbidden('Insufficient permissions');
  }
  const staff = await findStaffMember(executor, tenantId, staffId);
  if (!staff) throw notFound(STAFF_NOT_FOUND);
  if (caller.role === 'OUTLET_MANAGER' && !caller.outletIds.includes(staff.outlet_id)) {
    throw forbidden('You do not have access to this outlet');
  }
  return staff;
}
