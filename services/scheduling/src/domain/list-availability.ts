import { invalidField, listableOutlets, tenantIn, type RequestContext } from '@salon/service-kit';
import { listAvailability as listEntries, type AvailabilityRecord } from '../db/availability.repository';
import { visibleStaffIds } from './availability-access';
import { staffIn } from './callers';
import type { SchedulingDeps } from './deps';
import { findOutletTimeZone } from './outlet-time-zone';
import { tenantSettings } from './tenant-settings';
import { addDays, localOf } from './time-rules';

/**
 * GET /availability: entries between two dates (by default the current month of the outlet_id filter's outlet,
 * else of the tenant); STAFF and OUTLET_MANAGER see their own entries only, and a caller bound to outlets only
 * entries at them (403 when its outlet_id filter names another).
 */
export async function listAvailability(
  deps: SchedulingDeps,
  ctx: RequestContext,
  query: {
    from?: string;
    to?: string;
    staffId?: string;
    type?: string;
    outletId?: string;
    page: { offset: number; limit: number };
  },
): Promise<{ items: AvailabilityRecord[]; total: number }> {
  const tenantId = tenantIn(ctx);
  const outletIds = listableOutlets(ctx, query.outletId);
  let { from, to } = query;
  if (!from || !to) {
    // Without an outlet the list spans outlets, so the tenant's month is the default.
    const timezone = query.outletId
      ? await findOutletTimeZone(deps.db.orm, tenantId, query.outletId)
      : (await tenantSettings(deps.db.orm, tenantId)).timezone;
    const month = localOf(new Date(), timezone).date.slice(0, 7);
    from ??= `${month}-01`;
    to ??= addDays(`${addDays(`${month}-01`, 32).slice(0, 7)}-01`, -1);
  }
  if (from > to) throw invalidField(['query', 'start_date'], 'start_date must not be after end_date');
  return listEntries(
    deps.db.orm,
    tenantId,
    {
      from,
      to,
      staffId: query.staffId,
      onlyStaffIds: visibleStaffIds(staffIn(ctx)),
      type: query.type,
      outletId: query.outletId,
      outletIds,
    },
    query.page,
  );
}
