import { tenantIn, type RequestContext } from '@salon/service-kit';
import { listPackages, type PackageFilters } from '../db/package.repository';
import type { CommerceDeps } from './deps';
import { withMetrics, type PackageWithMetrics } from './package-checks';

/** GET /packages: one page of the tenant's packages, filtered, with their metrics. */
export async function findPackages(
  deps: CommerceDeps,
  ctx: RequestContext,
  { filters, page }: { filters: PackageFilters; page: { offset: number; limit: number } },
): Promise<{ items: PackageWithMetrics[]; total: number }> {
  const { items, total } = await listPackages(deps.db.orm, tenantIn(ctx), filters, page);
  return { items: items.map(withMetrics), total };
}
