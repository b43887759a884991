import type { RequestContext } from '@salon/service-kit';
import { listServices, type ServiceFilters, type ServiceRecord } from '../db/service.repository';
import { viewerIn } from './callers';
import type { CatalogDeps } from './deps';

export interface FindServicesInput {
  filters: Omit<ServiceFilters, 'bookableOnly'>;
  page: { offset: number; limit: number };
}

/** GET /services: customers see only bookable services and their status filter is ignored. */
export async function findServices(
  deps: CatalogDeps,
  ctx: RequestContext,
  { filters, page }: FindServicesInput,
): Promise<{ items: ServiceRecord[]; total: number }> {
  const viewer = viewerIn(ctx);
  return listServices(
    deps.db.orm,
    viewer.tenantId,
    { ...filters, bookableOnly: viewer.customer, status: viewer.customer ? undefined : filters.status },
    page,
  );
}
