import { forbidden, type StaffAuth } from '@salon/service-kit';

const WRITERS = new Set(['SUPER_ADMIN', 'TENANT_ADMIN', 'OUTLET_MANAGER', 'STAFF']);

/** STAFF and OUTLET_MANAGER manage only their own entries (the staff member linked to their token). */
export function assertMayManage(auth: StaffAuth, staffId: string): void {
  if (!WRITERS.has(auth.role)) throw forbidden('Insufficient permissions');
  if ((auth.role === 'STAFF' || auth.role === 'OUTLET_MANAGER') && auth.staffId !== staffId) {
    throw forbidden('You can only manage your own availability');
  }
}

/** Who's entries a reader may see: undefined = every staff member of the tenant. */
export function visibleStaffIds(auth: StaffAuth): string[] | undefined {
  if (auth.role === 'STAFF' || auth.role === 'OUTLET_MANAGER') return auth.staffId ? [auth.staffId] : [];
  return undefined;
}
