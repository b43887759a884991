import {
  forbidden,
  listableOutlets,
  notFound,
  offsetOf,
  paged,
  tenantIn,
  type PageParams,
  type Paged,
  type RequestContext,
} from '@salon/service-kit';
import { findService, findTenantBySlug } from '../db/replica.repository';
import { listReviews, type ReviewRecord, type ReviewSubject } from '../db/review.repository';
import { findStaff } from '../db/staff.repository';
import { staffIn } from './callers';
import type { SchedulingDeps } from './deps';

const pageOf = async (
  deps: SchedulingDeps,
  tenantId: string,
  filter: Parameters<typeof listReviews>[2],
  page: PageParams,
): Promise<Paged<ReviewRecord>> => {
  const { items, total } = await listReviews(deps.db.orm, tenantId, filter, {
    offset: offsetOf(page),
    limit: page.size,
  });
  return paged(items, total, page);
};

/** GET /customer/reviews: the customer's own reviews, hidden ones included, newest first. */
export async function findMyReviews(
  deps: SchedulingDeps,
  ctx: RequestContext,
  page: PageParams,
): Promise<Paged<ReviewRecord>> {
  if (ctx.caller?.kind !== 'customer') throw forbidden('Insufficient permissions');
  return pageOf(deps, tenantIn(ctx), { customerId: ctx.caller.customerId }, page);
}

/**
 * GET /reviews (staff): the tenant's reviews, hidden ones included, newest first; an OUTLET_MANAGER (and an
 * outlet-bound STAFF or RECEPTIONIST) sees those of its outlets, and a STAFF member only reviews of its own work.
 */
export async function findReviews(
  deps: SchedulingDeps,
  ctx: RequestContext,
  query: PageParams & {
    service_id?: string;
    staff_id?: string;
    outlet_id?: string;
    status?: 'visible' | 'hidden';
  },
): Promise<Paged<ReviewRecord>> {
  const caller = staffIn(ctx);
  const outletIds = listableOutlets(ctx, query.outlet_id);
  if (caller.role === 'STAFF' && caller.staffId === undefined) return paged([], 0, query);
  const staffId = caller.role === 'STAFF' ? caller.staffId : query.staff_id;
  if (caller.role === 'STAFF' && query.staff_id !== undefined && query.staff_id !== staffId) {
    throw forbidden('A staff member sees only reviews of its own work');
  }
  return pageOf(
    deps,
    tenantIn(ctx),
    { serviceId: query.service_id, staffId, outletIds, status: query.status },
    query,
  );
}

/**
 * GET /public/tenants/{slug}/services/{id}/reviews and …/staff/{id}/reviews: the visible reviews of a service
 * or a staff member, newest first. Unknown business, service or staff member: 404.
 */
export async function findPublicReviews(
  deps: SchedulingDeps,
  { slug, subject }: { slug: string; subject: ReviewSubject },
  page: PageParams,
): Promise<Paged<ReviewRecord>> {
  const executor = deps.db.orm;
  const tenant = await findTenantBySlug(executor, slug);
  if (!tenant) throw notFound('Tenant not found');
  if (subject.type === 'service') {
    if (!(await findService(executor, tenant.tenant_id, subject.id))) throw notFound('Service not found');
  } else {
    const staff = await findStaff(executor, tenant.tenant_id, subject.id);
    if (!staff || staff.status === 'terminated') throw notFound('Staff member not found');
  }
  return pageOf(deps, tenant.tenant_id, { subject, status: 'visible' }, page);
}
