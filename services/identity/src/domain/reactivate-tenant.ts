import { badRequest, notFound, type RequestContext } from '@salon/service-kit';
import { insertAuditEntry } from '../db/audit.repository';
import { reactivateOutletsWithTenant } from '../db/outlet.repository';
import { findTenant, updateTenant } from '../db/tenant.repository';
import { reactivateMembershipsWithTenant } from '../db/user.repository';
import { staffIn } from './caller';
import type { IdentityDeps } from './deps';
import { withPlan, type TenantWithPlan } from './tenant-access';
import { publishTenantSwitch } from './tenant-lifecycle';

/** POST /tenants/{id}/reactivate (SUPER_ADMIN): reverses the deactivation; billing reactivates the plan. */
export async function reactivateTenant(
  deps: IdentityDeps,
  ctx: RequestContext,
  { tenantId }: { tenantId: string },
): Promise<TenantWithPlan> {
  const caller = staffIn(ctx);
  const tenant = await deps.db.withTx(async (tx) => {
    const current = await findTenant(tx, tenantId, { forUpdate: true });
    if (!current) throw notFound('Tenant not found');
    if (current.is_active) throw badRequest('Tenant is already active');

    const reactivated = await updateTenant(tx, tenantId, { is_active: true });
    const outlets = await reactivateOutletsWithTenant(tx, tenantId);
    const userIds = await reactivateMembershipsWithTenant(tx, tenantId);
    await insertAuditEntry(tx, {
      tenant_id: tenantId,
      actor_type: 'staff',
      actor_id: caller.userId,
      action: 'TENANT_REACTIVATED',
      entity_type: 'tenant',
      entity_id: tenantId,
      details: { outlets_reactivated: outlets.length, memberships_reactivated: userIds.length },
    });
    await publishTenantSwitch(deps, tx, ctx, 'reactivated', { tenant: reactivated, outlets, userIds });
    return reactivated;
  });
  return withPlan(deps, tenant);
}
