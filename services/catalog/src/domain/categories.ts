import { PLAN_CATALOGUE } from '@salon/contracts';
import { findTenantReplica } from '../db/replica.repository';
import { categoryCounts } from '../db/service.repository';
import type { CatalogDeps } from './deps';
import type { Viewer } from './manage-services';
import { categoryEntries, categoryTemplates, type CategoryEntry } from './service-rules';

/**
 * GET /services/categories/templates: the tenant's custom templates (from identity's tenant settings) when
 * its plan has custom categories (PRO, ENTERPRISE) and it set some; the spec's defaults otherwise.
 */
export async function templatesFor(deps: CatalogDeps, tenantId: string): Promise<string[]> {
  const [{ plan }, tenant] = await Promise.all([
    deps.plans.planOf(deps.db.orm, tenantId),
    findTenantReplica(deps.db.orm, tenantId),
  ]);
  const customAllowed = PLAN_CATALOGUE[plan].features.includes('custom_categories');
  return categoryTemplates(customAllowed, tenant?.service_category_templates);
}

/** GET /services/categories: customers always count active services only (`active_only` is staff's). */
export async function listCategories(
  deps: CatalogDeps,
  viewer: Viewer,
  activeOnly: boolean,
): Promise<CategoryEntry[]> {
  const [templates, counts] = await Promise.all([
    templatesFor(deps, viewer.tenantId),
    categoryCounts(deps.db.orm, viewer.tenantId),
  ]);
  return categoryEntries(templates, counts, { customer: viewer.customer, activeOnly });
}
