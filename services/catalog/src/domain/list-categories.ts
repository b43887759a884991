import type { RequestContext } from '@salon/service-kit';
import { categoryCounts } from '../db/service.repository';
import { viewerIn } from './callers';
import type { CatalogDeps } from './deps';
import { templatesOf } from './list-category-templates';
import { categoryEntries, type CategoryEntry } from './service-rules';

/** GET /services/categories: customers always count active services only (`active_only` is staff's). */
export async function listCategories(
  deps: CatalogDeps,
  ctx: RequestContext,
  { activeOnly }: { activeOnly: boolean },
): Promise<CategoryEntry[]> {
  const viewer = viewerIn(ctx);
  const [templates, counts] = await Promise.all([
    templatesOf(deps, viewer.tenantId),
    categoryCounts(deps.db.orm, viewer.tenantId),
  ]);
  return categoryEntries(templates, counts, { customer: viewer.customer, activeOnly });
}
