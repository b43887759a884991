import { notFound, tenantIn, type RequestContext } from '@salon/service-kit';
import { findPackage, updatePackage } from '../db/package.repository';
import type { CommerceDeps } from './deps';

/** DELETE /packages/{id} archives: no new purchases; credits already bought stay usable. */
export async function archivePackage(
  deps: CommerceDeps,
  ctx: RequestContext,
  { packageId }: { packageId: string },
): Promise<void> {
  const tenantId = tenantIn(ctx);
  await deps.db.withTx(async (tx) => {
    const current = await findPackage(tx, tenantId, packageId, { forUpdate: true });
    if (!current) throw notFound('Package not found');
    await updatePackage(tx, tenantId, { ...current, status: 'archived', is_active: false, is_deleted: true });
  });
}
