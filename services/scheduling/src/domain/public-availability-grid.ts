import { notFound, type RequestContext } from '@salon/service-kit';
import { findTenantBySlug } from '../db/replica.repository';
import { availabilityGrid, type GridQuery } from './availability-grid';
import type { SchedulingDeps } from './deps';

/**
 * GET /public/tenants/{slug}/availability: the customer view of the grid (bookable service, staff taking
 * online bookings, the booking window); 403 for a business closed to customers.
 */
export async function publicAvailabilityGrid(
  deps: SchedulingDeps,
  _ctx: RequestContext,
  { slug, ...query }: GridQuery & { slug: string },
): Promise<Buffer> {
  const tenant = await findTenantBySlug(deps.db.orm, slug);
  if (!tenant) throw notFound('Tenant not found');
  await deps.plans.assertOpenToCustomers(tenant.tenant_id);
  return availabilityGrid(deps, tenant.tenant_id, query, 'customer');
}
