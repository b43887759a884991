import type { WaitlistStatus } from '@salon/contracts';
import {
  listableOutlets,
  offsetOf,
  paged,
  tenantIn,
  type PageParams,
  type Paged,
  type RequestContext,
} from '@salon/service-kit';
import { listWaitlistEntries, type WaitlistEntryRecord } from '../db/waitlist.repository';
import type { SchedulingDeps } from './deps';
import { customerIn } from './callers';

/** The waitlist's reads: the customer's own entries, and one day's queue for staff. */

/** GET /customer/waitlist: the customer's own entries, newest first. */
export async function findMyWaitlist(
  deps: SchedulingDeps,
  ctx: RequestContext,
  query: PageParams & { status?: WaitlistStatus },
): Promise<Paged<WaitlistEntryRecord>> {
  const customerId = customerIn(ctx);
  const { items, total } = await listWaitlistEntries(
    deps.db.orm,
    tenantIn(ctx),
    { customerId, status: query.status },
    { offset: offsetOf(query), limit: query.size, order: 'newest' },
  );
  return paged(items, total, query);
}

/**
 * GET /waitlist (staff): one day's entries in queue order; a caller bound to outlets sees those of its outlets
 * (an `outlet_id` of another is 403), like the other staff reads.
 */
export async function findDayWaitlist(
  deps: SchedulingDeps,
  ctx: RequestContext,
  query: PageParams & { date: string; outlet_id?: string; service_id?: string; status?: WaitlistStatus },
): Promise<Paged<WaitlistEntryRecord>> {
  const outletIds = listableOutlets(ctx, query.outlet_id);
  const { items, total } = await listWaitlistEntries(
    deps.db.orm,
    tenantIn(ctx),
    { date: query.date, serviceId: query.service_id, outletIds, status: query.status },
    { offset: offsetOf(query), limit: query.size, order: 'queue' },
  );
  return paged(items, total, query);
}
