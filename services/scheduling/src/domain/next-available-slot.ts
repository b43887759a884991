import { loadStaffSlotContext } from '../db/grid.repository';
import { isBookableService } from '../db/replica.repository';
import type { StaffRecord } from '../db/staff.repository';
import { gridDays, instantsOf, slotRulesOf, visitDaySlots } from './availability-grid';
import { isQualified } from './booking-plan';
import type { SchedulingDeps } from './deps';
import { isOutletOpen } from './outlet-rules';
import { outletTimeZone } from './outlet-time-zone';
import { addDays, localOf } from './time-rules';

/** How far ahead the next free slot is looked for: today and the 13 days after it (the outlet's local dates). */
export const NEXT_SLOT_DAYS = 14;
/** The grid's default step. */
export const NEXT_SLOT_INTERVAL_MINUTES = 30;

/**
 * A staff member's next free slot (issue 18 item 9): the earliest start, after now, of a slot the staff grid
 * shows available for any active service the member is qualified for, within `NEXT_SLOT_DAYS`, stepping by
 * `NEXT_SLOT_INTERVAL_MINUTES`. Null for a member who cannot be booked (not active or not bookable), at a closed
 * outlet, or with no free slot in that time. Reads: one round trip, then the grid's two reads per service.
 */
export async function nextAvailableSlot(deps: SchedulingDeps, staff: StaffRecord): Promise<Date | null> {
  if (staff.status !== 'active' || !staff.is_bookable) return null;
  const executor = deps.db.orm;
  const context = await loadStaffSlotContext(executor, staff.tenant_id, {
    outletId: staff.outlet_id,
    serviceIds: staff.skills.service_ids,
  });
  if (!context.outlet || !isOutletOpen(context.outlet, context.tenant)) return null;
  const services = context.services.filter(
    (service) => isBookableService(service) && isQualified(staff, service.service_id),
  );
  const timezone = outletTimeZone(context.outlet, context.tenant);
  const now = Date.now();
  const startDate = localOf(new Date(now), timezone).date;
  const endDate = addDays(startDate, NEXT_SLOT_DAYS - 1);
  const firsts = await Promise.all(
    services.map(async (service) => {
      const [entries, occupied] = await gridDays(deps, staff.tenant_id, [staff.id], service.service_id, {
        startDate,
        endDate,
        timezone,
      });
      const days = entries.get(staff.id);
      if (!days) return null;
      const rules = slotRulesOf(service, NEXT_SLOT_INTERVAL_MINUTES, now + 1);
      for (let offset = 0; offset < NEXT_SLOT_DAYS; offset += 1) {
        const day = days.get(offset);
        if (!day) continue;
        const at = instantsOf(addDays(startDate, offset), timezone);
        const first: { at?: number } = {};
        visitDaySlots(day, occupied.get(staff.id), at, true, rules, (start, available) => {
          if (available) first.at = at(start);
          return available;
        });
        if (first.at !== undefined) return first.at;
      }
      return null;
    }),
  );
  const found = firsts.filter((first): first is number => first !== null);
  return found.length > 0 ? new Date(Math.min(...found)) : null;
}
