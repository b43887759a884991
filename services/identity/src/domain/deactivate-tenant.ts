import type { RequestContext } from '@salon/service-kit';
import type { IdentityDeps } from './deps';
import { switchTenant } from './tenant-lifecycle';

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
  await switchTenant(deps, ctx, tenantId, 'deactivated');
}
