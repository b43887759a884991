import { SUBSCRIPTION_SUSPENDED } from '@salon/plan-limits';
import { AppError, type RequestContext } from '@salon/service-kit';
import { findTenant } from '../db/tenant.repository';
import type { IdentityDeps } from './deps';

/**
 * Before a staff write in identity (customers, users, outlets, tenant settings): 403 "Subscription suspended"
 * when the token's tenant is suspended (billing's plan replica) or deactivated (identity's own tenant row, so
 * the access tokens issued before a DELETE /tenants are refused at once, without waiting for billing's
 * suspension to come back). A SUPER_ADMIN, scoped to the tenant or not, is never refused: it is the way back.
 * Sign-in, refresh and reads stay open (docs/decisions.md, "Suspended tenants in identity").
 */
export async function assertStaffMayWrite(deps: IdentityDeps, ctx: RequestContext): Promise<void> {
  const caller = ctx.caller;
  if (caller?.kind !== 'staff' || caller.role === 'SUPER_ADMIN' || !caller.tenantId) return;
  const [plan, tenant] = await Promise.all([
    deps.plans.recentPlanOf(caller.tenantId),
    findTenant(deps.db.orm, caller.tenantId),
  ]);
  if (plan.status === 'suspended' || tenant?.is_active === false)
    throw new AppError(403, SUBSCRIPTION_SUSPENDED);
}
