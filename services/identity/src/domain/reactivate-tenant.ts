import type { RequestContext } from '@salon/service-kit';
import type { IdentityDeps } from './deps';
import { withPlan, type TenantWithPlan } from './tenant-access';
import { switchTenant } from './tenant-lifecycle';

/** POST /tenants/{id}/reactivate (SUPER_ADMIN): reverses the deactivation; billing reactivates the plan. */
export async function reactivateTenant(
  deps: IdentityDeps,
  ctx: RequestContext,
  { tenantId }: { tenantId: string },
): Promise<TenantWithPlan> {
  return withPlan(deps, await switchTenant(deps, ctx, tenantId, 'reactivated'));
}
