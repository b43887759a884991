import type { RequestContext } from '@salon/service-kit';
import { writerIn } from './callers';
import type { CatalogDeps } from './deps';
import { fieldsOf, lockedService, writeChange } from './service-writes';

/** DELETE /services/{id}: soft delete to status archived and is_active false (idempotent). */
export async function archiveService(
  deps: CatalogDeps,
  ctx: RequestContext,
  { serviceId }: { serviceId: string },
): Promise<void> {
  const writer = writerIn(ctx);
  await deps.db.withTx(async (tx) => {
    const current = await lockedService(tx, writer.tenantId, serviceId);
    await writeChange(deps, tx, ctx, current, { ...fieldsOf(current), status: 'archived', is_active: false });
  });
}
