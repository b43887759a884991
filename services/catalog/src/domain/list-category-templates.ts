import { PLAN_CATALOGUE } from '@salon/contracts';
import { tenantIn, type RequestContext } from '@salon/service-kit';
import { findTenantReplica } from '../db/replica.repository';
import type { CatalogDeps } from './deps';
import { categoryTemplates } from './service-rules';

/** The tenant's category templates: see `listCategoryTemplates`. */
export async function templatesOf(deps: CatalogDeps, tenantId: string): Promise<string[]> {
  const [{ plan }, tenant] = await Promise.all([
    deps.plans.planOf(deps.db.orm, tenantId),
    findTenantReplica(deps.db.orm, tenantId),
  ]);
  const customAllowed = PLAN_CATALOGUE[plan].features.includes('custom_categories');
  return categoryTemplates(customAllowed, tenant?.service_category_templates);
}

/**
 * GET /services/categories/templates: the tenant's custom templates (from identity's tenant settings) when
 * its plan has custom categories (PRO, ENTERPRISE) and it set some; the spec's defaults otherwise.
 */
export const listCategoryTemplates = (deps: CatalogDeps, ctx: RequestContext): Promise<string[]> =>
  templatesOf(deps, tenantIn(ctx));
