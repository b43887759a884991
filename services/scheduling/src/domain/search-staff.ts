import { listableOutlets, tenantIn, type RequestContext } from '@salon/service-kit';
import { entriesOfStaff, type AvailabilityRecord } from '../db/availability.repository';
import { listStaff, type StaffFilters, type StaffRecord } from '../db/staff.repository';
import type { SchedulingDeps } from './deps';
import { tenantSettings } from './tenant-settings';
import { addDays, localOf } from './time-rules';

export interface StaffPage {
  items: StaffRecord[];
  total: number;
  /** With include_availability: each listed staff member's entries of the coming 7 days (tenant's today on). */
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
  const { timezone } = await tenantSettings(deps.db.orm, tenantId);
  const today = localOf(new Date(), timezone).date;
  const availability = await entriesOfStaff(
    deps.db.orm,
    tenantId,
    items.map((item) => item.id),
    today,
    addDays(today, 6),
  );
  return { items, total, availability };
}
