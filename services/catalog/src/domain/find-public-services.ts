import { resolvePrice, type ResolvedPrice } from '@salon/contracts';
import { notFound, type RequestContext } from '@salon/service-kit';
import { findActiveTenantBySlug, findOutletReplica } from '../db/replica.repository';
import { categoryCounts, listServices, type ServiceRecord } from '../db/service.repository';
import type { CatalogDeps } from './deps';
import { categoryEntries, type CategoryEntry } from './service-rules';

export interface FindPublicServicesInput {
  slug: string;
  outletId: string | undefined;
  category: string | undefined;
  search: string | undefined;
  page: { offset: number; limit: number };
}

export interface PublicServices {
  items: { service: ServiceRecord; price: ResolvedPrice }[];
  total: number;
  categories: CategoryEntry[];
}

/**
 * GET /public/tenants/{slug}/services: the business's bookable services (status active and is_active), each
 * with the price a customer pays at the outlet asked (the rule of GET /services/{id}/price), and the
 * categories that have one. Every bookable service is offered at every active outlet: an outlet price for
 * another outlet does not hide it here (base price). Unknown or inactive business or outlet: 404.
 */
export async function findPublicServices(
  deps: CatalogDeps,
  _ctx: RequestContext,
  { slug, outletId, category, search, page }: FindPublicServicesInput,
): Promise<PublicServices> {
  const executor = deps.db.orm;
  const tenant = await findActiveTenantBySlug(executor, slug);
  if (!tenant) throw notFound('Tenant not found');
  if (outletId !== undefined) {
    const outlet = await findOutletReplica(executor, outletId);
    if (!outlet?.is_active || outlet.tenant_id !== tenant.tenant_id) throw notFound('Outlet not found');
  }
  const [{ items, total }, counts] = await Promise.all([
    listServices(executor, tenant.tenant_id, { bookableOnly: true, category, search }, page),
    categoryCounts(executor, tenant.tenant_id),
  ]);
  const at = new Date();
  return {
    items: items.map((service) => ({ service, price: resolvePrice(service.pricing, { outletId, at }) })),
    total,
    categories: categoryEntries([], counts, { customer: true, activeOnly: true }),
  };
}
