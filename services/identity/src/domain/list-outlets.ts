import { tenantIn, type RequestContext } from '@salon/service-kit';
import { listOutlets as selectOutlets, type OutletRecord } from '../db/outlet.repository';
import { staffIn } from './caller';
import type { IdentityDeps } from './deps';

/** GET /outlets: a page of the tenant's outlets, the caller's own outlets first. */
export async function listOutlets(
  deps: IdentityDeps,
  ctx: RequestContext,
  query: { offset: number; limit: number; isActive?: boolean },
): Promise<{ items: OutletRecord[]; total: number }> {
  return selectOutlets(deps.db.orm, tenantIn(ctx), { ...query, firstIds: staffIn(ctx).outletIds });
}
