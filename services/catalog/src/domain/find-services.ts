import { resolvePrice, type ResolvedPrice } from '@salon/contracts';
import type { RequestContext } from '@salon/service-kit';
import { listServices, type ServiceFilters, type ServiceRecord } from '../db/service.repository';
import { viewerIn } from './callers';
import type { CatalogDeps } from './deps';

export interface FindServicesInput {
  filters: Omit<ServiceFilters, 'bookableOnly'>;
  /** The outlet whose prices the items carry; it filters nothing (every service is bookable at every outlet). */
  outletId?: string;
  page: { offset: number; limit: number };
}

export type PricedService = ServiceRecord & { price: ResolvedPrice };

/**
 * GET /services: customers see only bookable services and their status filter is ignored. Each item carries its
 * price resolved for the outlet asked, at `at` (now): a service priced specially for another outlet is listed too,
 * at its base price (or its running promotion).
 */
export async function findServices(
  deps: CatalogDeps,
  ctx: RequestContext,
  { filters, outletId, page }: FindServicesInput,
  at: Date = new Date(),
): Promise<{ items: PricedService[]; total: number }> {
  const viewer = viewerIn(ctx);
  const { items, total } = await listServices(
    deps.db.orm,
    viewer.tenantId,
    { ...filters, bookableOnly: viewer.customer, status: viewer.customer ? undefined : filters.status },
    page,
  );
  return {
    items: items.map((service) => ({ ...service, price: resolvePrice(service.pricing, { outletId, at }) })),
    total,
  };
}
