import { assertOutletAccess, forbidden, notFound, type Executor, type StaffAuth } from '@salon/service-kit';
import { findAvailability, type AvailabilityRecord } from '../db/availability.repository';

const WRITERS = new Set(['SUPER_ADMIN', 'TENANT_ADMIN', 'OUTLET_MANAGER', 'STAFF']);

/** STAFF and OUTLET_MANAGER manage only their own entries (the staff member linked to their token). */
export function assertMayManage(auth: StaffAuth, staffId: string): void {
  if (!WRITERS.has(auth.role)) throw forbidden('Insufficient permissions');
  if ((auth.role === 'STAFF' || auth.role === 'OUTLET_MANAGER') && auth.staffId !== staffId) {
    throw forbidden('You can only manage your own availability');
  }
}

/**
 * The availability entry a writer changes or removes: 404 when the tenant has none, 403 when not theirs or at an
 * outlet the writer may not act at.
 */
export async function entryToManage(
  executor: Executor,
  tenantId: string,
  auth: StaffAuth,
  id: string,
): Promise<AvailabilityRecord> {
  const entry = await findAvailability(executor, tenantId, id);
  if (!entry) throw notFound('Availability entry not found');
  assertMayManage(auth, entry.staff_id);
  assertOutletAccess({ caller: auth }, entry.outlet_id);
  return entry;
}

/** Who's entries a reader may see: undefined = every staff member of the tenant. */
export function visibleStaffIds(auth: StaffAuth): string[] | undefined {
  if (auth.role === 'STAFF' || auth.role === 'OUTLET_MANAGER') return auth.staffId ? [auth.staffId] : [];
  return undefined;
}
