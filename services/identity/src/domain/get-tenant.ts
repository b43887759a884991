import { notFound, type RequestContext } from '@salon/service-kit';
import { findTenant } from '../db/tenant.repository';
import { staffIn } from './caller';
import type { IdentityDeps } from './deps';
import { canSeeTenant, withPlan, type TenantWithPlan } from './tenant-access';

/** GET /tenants/{id}: the caller's own tenant, or any for SUPER_ADMIN. */
export async function getTenant(
  deps: IdentityDeps,
  ctx: RequestContext,
  { tenantId }: { tenantId: string },
): Promise<TenantWithPlan> {
  const tenant = canSeeTenant(staffIn(ctx), tenantId) ? await findTenant(deps.db.orm, tenantId) : undefined;
  if (!tenant) throw notFound('Tenant not found');
  return withPlan(deps, tenant);
}
