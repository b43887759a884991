import type { RequestContext } from '@salon/service-kit';
import { listTenants as selectTenants, type TenantListRow } from '../db/tenant.repository';
import type { IdentityDeps } from './deps';

/** GET /tenants (SUPER_ADMIN): newest first, with each tenant's plan from billing's replica. */
export async function listTenants(
  deps: IdentityDeps,
  _ctx: RequestContext,
  query: { skip: number; limit: number; isActive?: boolean },
): Promise<TenantListRow[]> {
  return selectTenants(deps.db.orm, query);
}
