import { listableOutlets, tenantIn, type RequestContext } from '@salon/service-kit';
import { entriesOfStaff, type AvailabilityRecord } from '../db/availability.repository';
import { listStaff, type StaffFilters, type StaffRecord } from '../db/staff.repository';
import type { SchedulingDeps } from './deps';
import { findOutletTimeZone } from './outlet-time-zone';
import { addDays, localOf } from './time-rules';

export interface StaffPage {
  items: StaffRecord[];
  total: number;
  /** With include_availability: each listed staff member's entries of the coming 7 days, from its outlet's today. */
  availability?: AvailabilityRecord[];
}

/**
 * GET /staff: filtered and paged, optionally with the week's availability of the page's staff. A caller bound to
 * outlets sees only their staff (pay fields included); asking for another outlet is 403.
 */
export async function searchStaff(
  deps: SchedulingDeps,
  ctx: RequestContext,
  {
    filters,
    page,
    includeAvailability,
  }: { filters: StaffFilters; page: { offset: number; limit: number }; includeAvailability: boolean },
): Promise<StaffPage> {
  const tenantId = tenantIn(ctx);
  const outletIds = listableOutlets(ctx, filters.outletId);
  const { items, total } = await listStaff(deps.db.orm, tenantId, { ...filters, outletIds }, page);
  if (!includeAvailability || items.length === 0) return { items, total };
  const now = new Date();
  // A page may hold staff of outlets in different zones, whose todays differ near midnight.
  const pageOutletIds = [...new Set(items.map((item) => item.outlet_id))];
  const todayAt = new Map(
    await Promise.all(
      pageOutletIds.map(
        async (id) => [id, localOf(now, await findOutletTimeZone(deps.db.orm, tenantId, id)).date] as const,
      ),
    ),
  );
  const todays = [...todayAt.values()].sort();
  const entries = await entriesOfStaff(
    deps.db.orm,
    tenantId,
    items.map((item) => item.id),
    todays[0] as string,
    addDays(todays.at(-1) as string, 6),
  );
  const outletOf = new Map(items.map((item) => [item.id, item.outlet_id]));
  const availability = entries.filter((entry) => {
    const today = todayAt.get(outletOf.get(entry.staff_id) as string) as string;
    return entry.date >= today && entry.date <= addDays(today, 6);
  });
  return { items, total, availability };
}
