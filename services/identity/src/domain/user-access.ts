import { badRequest, forbidden, type Executor, type Role, type StaffAuth } from '@salon/service-kit';
import { foreignOutletIds } from '../db/outlet.repository';
import type { MemberRecord } from '../db/user.repository';

export type MemberRole = MemberRecord['role'];

/** Only TENANT_ADMIN (its tenant) and SUPER_ADMIN (any tenant) manage users; SUPER_ADMIN is never a member. */
export function assertCanManage(caller: StaffAuth, role?: Role): asserts role is MemberRole | undefined {
  if (caller.role !== 'TENANT_ADMIN' && caller.role !== 'SUPER_ADMIN')
    throw forbidden('Only tenant administrators manage users');
  if (role === 'SUPER_ADMIN') {
    if (caller.role === 'TENANT_ADMIN') throw forbidden('A tenant administrator cannot create SUPER_ADMIN');
    throw badRequest('SUPER_ADMIN is platform-wide and is provisioned at start-up, not as a tenant user');
  }
}

/** 400 when an outlet is not the tenant's. */
export async function assertTenantOutlets(
  tx: Executor,
  tenantId: string,
  outletIds: string[],
): Promise<void> {
  const foreign = await foreignOutletIds(tx, tenantId, outletIds);
  if (foreign.length > 0) throw badRequest(`Invalid outlet for this tenant: ${foreign.join(', ')}`);
}
