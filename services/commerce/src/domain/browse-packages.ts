import { tenantIn, type RequestContext } from '@salon/service-kit';
import { listPackages, type PackageRecord } from '../db/package.repository';
import type { CommerceDeps } from './deps';

/** GET /customer/packages/browse: active packages of the tenant, available at the outlet when one is named. */
export async function browsePackages(
  deps: CommerceDeps,
  ctx: RequestContext,
  { outletId, page }: { outletId: string | undefined; page: { offset: number; limit: number } },
): Promise<{ items: PackageRecord[]; total: number }> {
  return listPackages(deps.db.orm, tenantIn(ctx), { purchasableOnly: true, outletId }, page);
}
