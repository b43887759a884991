import { notFound, type RequestContext } from '@salon/service-kit';
import { findOutlet, findService, findTenantBySlug, isBookableService } from '../db/replica.repository';
import { listStaff, type StaffRecord } from '../db/staff.repository';
import type { SchedulingDeps } from './deps';

/** What one outlet's public staff list holds at most (the plans allow far fewer staff per outlet). */
const PUBLIC_STAFF_LIMIT = 200;

/**
 * GET /public/tenants/{slug}/staff: whom a customer can book at an outlet, for a service when given: active,
 * bookable staff who accept online bookings and perform the service (no skills listed: every service), the
 * same people the public grid offers. Unknown or inactive business, outlet not active in it, or a service
 * that is not bookable: 404.
 */
export async function findPublicStaff(
  deps: SchedulingDeps,
  _ctx: RequestContext,
  { slug, outletId, serviceId }: { slug: string; outletId: string; serviceId: string | undefined },
): Promise<StaffRecord[]> {
  const executor = deps.db.orm;
  const tenant = await findTenantBySlug(executor, slug);
  if (!tenant) throw notFound('Tenant not found');
  const outlet = await findOutlet(executor, tenant.tenant_id, outletId);
  if (!outlet?.is_active) throw notFound('Outlet not found');
  if (serviceId !== undefined) {
    const service = await findService(executor, tenant.tenant_id, serviceId);
    if (!service || !isBookableService(service)) throw notFound('Service not found');
  }
  const { items } = await listStaff(
    executor,
    tenant.tenant_id,
    { outletId, serviceId, onlyActive: true, onlyBookable: true, onlyOnlineBookable: true },
    { offset: 0, limit: PUBLIC_STAFF_LIMIT },
  );
  return items;
}
