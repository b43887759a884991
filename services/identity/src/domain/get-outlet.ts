import { notFound, tenantIn, type RequestContext } from '@salon/service-kit';
import { findOutlet, type OutletRecord } from '../db/outlet.repository';
import type { IdentityDeps } from './deps';

/** GET /outlets/{id}: an outlet of the caller's tenant. */
export async function getOutlet(
  deps: IdentityDeps,
  ctx: RequestContext,
  { outletId }: { outletId: string },
): Promise<OutletRecord> {
  const outlet = await findOutlet(deps.db.orm, tenantIn(ctx), outletId);
  if (!outlet) throw notFound('Outlet not found');
  return outlet;
}
