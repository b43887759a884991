import { notFound, tenantIn, type RequestContext } from '@salon/service-kit';
import { findPackage } from '../db/package.repository';
import type { CommerceDeps } from './deps';
import { detailOf, type PackageWithMetrics } from './package-checks';

/** GET /packages/{id}: the package with its metrics and the credits still usable from it. */
export async function getPackage(
  deps: CommerceDeps,
  ctx: RequestContext,
  { packageId }: { packageId: string },
): Promise<PackageWithMetrics> {
  const record = await findPackage(deps.db.orm, tenantIn(ctx), packageId);
  if (!record) throw notFound('Package not found');
  return detailOf(deps.db.orm, record);
}
