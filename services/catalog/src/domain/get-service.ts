import { notFound, type RequestContext } from '@salon/service-kit';
import { findService, type ServiceRecord } from '../db/service.repository';
import { viewerIn } from './callers';
import type { CatalogDeps } from './deps';

const isBookable = (service: ServiceRecord) => service.status === 'active' && service.is_active;

/** GET /services/{id}: customers get 404 for a service that is not active (status and is_active). */
export async function getService(
  deps: CatalogDeps,
  ctx: RequestContext,
  { serviceId }: { serviceId: string },
): Promise<ServiceRecord> {
  const viewer = viewerIn(ctx);
  const service = await findService(deps.db.orm, viewer.tenantId, serviceId);
  if (!service || (viewer.customer && !isBookable(service))) throw notFound('Service not found');
  return service;
}
