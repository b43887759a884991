import {
  badRequest,
  conflict,
  invalidField,
  newId,
  notFound,
  tenantIn,
  uniqueViolation,
  type RequestContext,
} from '@salon/service-kit';
import { findService, findTenantAndOutlet, isBookableService } from '../db/replica.repository';
import { findStaff } from '../db/staff.repository';
import { insertWaitlistEntry, type WaitlistEntryRecord } from '../db/waitlist.repository';
import { isQualified } from './booking-plan';
import type { SchedulingDeps } from './deps';
import { CLOSED_OUTLET_DETAIL, isOutletOpen } from './outlet-rules';
import { outletTimeZone } from './outlet-time-zone';
import { settingsOf } from './tenant-settings';
import { addDays, localOf } from './time-rules';
import { customerIn } from './callers';

export interface WaitlistJoin {
  outlet_id: string;
  service_id: string;
  date: string;
  staff_id?: string | null;
  start_time?: number | null;
  end_time?: number | null;
}

/**
 * POST /customer/waitlist: the customer waits for the service at the outlet on a local date (optionally one staff
 * member, a time window). The outlet must be open (409), the service bookable (404), a named staff member active,
 * bookable, online-bookable, at the outlet and qualified (400); the date from the outlet's today to the tenant's
 * booking window (422). One live entry per customer, service, outlet, date and staff choice (409).
 */
export async function joinWaitlist(
  deps: SchedulingDeps,
  ctx: RequestContext,
  input: WaitlistJoin,
): Promise<WaitlistEntryRecord> {
  const tenantId = tenantIn(ctx);
  const customerId = customerIn(ctx);
  const executor = deps.db.orm;
  const [{ tenant, outlet }, service, staff] = await Promise.all([
    findTenantAndOutlet(executor, tenantId, input.outlet_id),
    findService(executor, tenantId, input.service_id),
    input.staff_id ? findStaff(executor, tenantId, input.staff_id) : Promise.resolve(undefined),
  ]);
  if (!outlet) throw notFound('Outlet not found');
  if (!isOutletOpen(outlet, tenant)) throw conflict(CLOSED_OUTLET_DETAIL);
  if (!service || !isBookableService(service)) throw notFound('Service not found');
  if (input.staff_id) {
    if (!staff) throw notFound('Staff member not found');
    if (staff.status !== 'active' || !staff.is_bookable || !staff.accepts_online_booking) {
      throw badRequest(`Staff member ${staff.display_name} is not available for booking`);
    }
    if (staff.outlet_id !== input.outlet_id) {
      throw badRequest(`Staff member ${staff.display_name} does not work at this outlet`);
    }
    if (!isQualified(staff, service.service_id)) {
      throw badRequest(`Staff member ${staff.display_name} is not qualified for ${service.name}`);
    }
  }
  const today = localOf(new Date(), outletTimeZone(outlet, tenant)).date;
  if (input.date < today) throw invalidField(['body', 'date'], 'The date has passed');
  const lastDay = addDays(
    today,
    Math.min(settingsOf(tenant).bookingAdvanceDays, service.max_advance_booking_days),
  );
  if (input.date > lastDay) {
    throw invalidField(['body', 'date'], `Bookings open at most until ${lastDay}`);
  }
  try {
    return await insertWaitlistEntry(executor, {
      id: newId(),
      tenantId,
      customerId,
      outletId: input.outlet_id,
      serviceId: input.service_id,
      staffId: input.staff_id ?? null,
      date: input.date,
      windowStart: input.start_time ?? null,
      windowEnd: input.end_time ?? null,
    });
  } catch (error) {
    if (uniqueViolation(error) === 'waitlist_entries_once_key') {
      throw conflict('You are already on the waitlist for this service on this date');
    }
    throw error;
  }
}
