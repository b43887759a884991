import { badRequest, notFound, type RequestContext } from '@salon/service-kit';
import { insertAuditEntry } from '../db/audit.repository';
import { deactivateOutletsWithTenant } from '../db/outlet.repository';
import { findTenant, updateTenant } from '../db/tenant.repository';
import { deactivateMembershipsWithTenant } from '../db/user.repository';
import { staffIn } from './caller';
import type { IdentityDeps } from './deps';
import { publishTenantSwitch } from './tenant-lifecycle';

/**
 * DELETE /tenants/{id} (SUPER_ADMIN), per the spec's state table: the tenant, its outlets and every membership
 * are deactivated (data kept), the audit entry is written, and `identity.tenant.deactivated.v1` makes billing
 * suspend the subscription. What was switched off here is marked, so reactivation restores exactly that.
 */
export async function deactivateTenant(
  deps: IdentityDeps,
  ctx: RequestContext,
  { tenantId }: { tenantId: string },
): Promise<void> {
  const caller = staffIn(ctx);
  await deps.db.withTx(async (tx) => {
    const current = await findTenant(tx, tenantId, { forUpdate: true });
    if (!current) throw notFound('Tenant not found');
    if (!current.is_active) throw badRequest('Tenant is already inactive');

    const tenant = await updateTenant(tx, tenantId, { is_active: false });
    const outlets = await deactivateOutletsWithTenant(tx, tenantId);
    const userIds = await deactivateMembershipsWithTenant(tx, tenantId);
    await insertAuditEntry(tx, {
      tenant_id: tenantId,
      actor_type: 'staff',
      actor_id: caller.userId,
      action: 'TENANT_DEACTIVATED',
      entity_type: 'tenant',
      entity_id: tenantId,
      details: { outlets_deactivated: outlets.length, memberships_deactivated: userIds.length },
    });
    await publishTenantSwitch(deps, tx, ctx, 'deactivated', { tenant, outlets, userIds });
  });
}
