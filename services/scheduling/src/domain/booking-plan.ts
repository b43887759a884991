import { depositOf, resolvePrice } from '@salon/contracts';
import { badRequest, conflict, notFound, pgError, type Executor } from '@salon/service-kit';
import { activeOccupancyRanges, type SegmentWrite } from '../db/appointment.repository';
import { loadBookingContext, type BookingContext } from '../db/booking-context.repository';
import { isBookableService, type ServiceReplica } from '../db/replica.repository';
import type { StaffRecord } from '../db/staff.repository';
import { CONFLICT_DETAIL, checkWindow, planSegments } from './appointment-rules';
import { slotOf } from './availability-slot';
import { isWorking } from './availability-rules';
import { evaluateCapacity } from './capacity-rules';
import { CLOSED_OUTLET_DETAIL, isOutletOpen } from './outlet-rules';
import { outletTimeZone } from './outlet-time-zone';
import { settingsOf } from './tenant-settings';
import { MINUTES_PER_DAY, formatTime, localOf, localToUtc } from './time-rules';

/* The rules booking and rescheduling share: the plan of a booking and its capacity check. */

export interface BookingLine {
  service_id: string;
  staff_id: string;
  /** Staff flow only: a duration other than the service's. */
  duration_minutes?: number;
}

export interface BookingRequest {
  outlet_id: string;
  customer_id?: string;
  appointment_date: string;
  start_time: number;
  services: BookingLine[];
  notes?: string | null;
}

export const isQualified = (staff: StaffRecord, serviceId: string): boolean =>
  staff.skills.service_ids.length === 0 || staff.skills.service_ids.includes(serviceId);

/** What a booking decision about `request` reads (with its customer, when given), in one round trip. */
export const bookingContextOf = (
  executor: Executor,
  tenantId: string,
  request: Omit<BookingRequest, 'customer_id' | 'notes'>,
  customerId?: string,
): Promise<BookingContext> =>
  loadBookingContext(executor, tenantId, {
    outletId: request.outlet_id,
    serviceIds: request.services.map((line) => line.service_id),
    staffIds: request.services.map((line) => line.staff_id),
    date: request.appointment_date,
    customerId,
  });

/** The checked plan of a booking: segments with their UTC occupancy and resolved prices. */
export interface Plan {
  timezone: string;
  startsAt: Date;
  endsAt: Date;
  endTime: number;
  segments: SegmentWrite[];
  /** The tenant's deposit hold (minutes an unpaid deposit keeps the slot). */
  depositHoldMinutes: number;
}

/**
 * Every rule of a booking except capacity and the plan limit: outlet (known and open), services, staff (exists, active,
 * bookable, at the outlet, qualified, accepts online bookings for customers), segments back to back on one
 * day, the booking window, and working hours. Prices resolved server-side.
 */
export async function planBooking(
  context: BookingContext,
  request: Omit<BookingRequest, 'customer_id' | 'notes'>,
  booker: 'customer' | 'staff',
  options: {
    requireBookableServices: boolean;
    prices?: Map<number, Pick<SegmentWrite, 'price' | 'currency' | 'price_source'>>;
  },
): Promise<Plan> {
  const now = new Date();
  const settings = settingsOf(context.tenant);
  if (!context.outlet) throw notFound('Outlet not found');
  if (!isOutletOpen(context.outlet, context.tenant)) throw conflict(CLOSED_OUTLET_DETAIL);
  const timezone = outletTimeZone(context.outlet, context.tenant);
  const services = new Map(context.services.map((service) => [service.service_id, service]));
  const staffMembers = new Map(context.staff.map((member) => [member.id, member]));
  const lines = request.services.map((line) => {
    const service = services.get(line.service_id);
    if (!service || (options.requireBookableServices && !isBookableService(service))) {
      throw notFound('Service not found');
    }
    const staff = staffMembers.get(line.staff_id);
    if (!staff) throw notFound('Staff member not found');
    if (staff.status !== 'active' || !staff.is_bookable) {
      throw badRequest(`Staff member ${staff.display_name} is not available for booking`);
    }
    if (staff.outlet_id !== request.outlet_id) {
      throw badRequest(`Staff member ${staff.display_name} does not work at this outlet`);
    }
    if (!isQualified(staff, service.service_id)) {
      throw badRequest(`Staff member ${staff.display_name} is not qualified for ${service.name}`);
    }
    if (booker === 'customer' && !staff.accepts_online_booking) {
      throw badRequest(`Staff member ${staff.display_name} does not accept online bookings`);
    }
    return { line, service, staff, duration: line.duration_minutes ?? service.duration_minutes };
  });

  const planned = planSegments(
    request.start_time,
    lines.map(({ service, duration }) => ({
      duration_minutes: duration,
      preparation_minutes: service.preparation_minutes,
      cleanup_minutes: service.cleanup_minutes,
    })),
  );
  const endTime = (planned.at(-1) as { end: number }).end;
  if (endTime > MINUTES_PER_DAY) throw badRequest('The appointment must end on the day it starts');

  const startsAt = localToUtc(request.appointment_date, request.start_time, timezone);
  const window = checkWindow(
    startsAt,
    request.appointment_date,
    now,
    localOf(now, timezone).date,
    {
      min_hours: Math.max(...lines.map(({ service }) => service.min_advance_booking_hours)),
      max_days: Math.min(
        settings.bookingAdvanceDays,
        ...lines.flatMap(({ service, staff }) => [
          service.max_advance_booking_days,
          staff.max_advance_booking_days,
        ]),
      ),
    },
    booker,
  );
  if (!window.ok) throw badRequest(window.detail);

  const entries = context.entries;
  lines.forEach(({ staff, service }, index) => {
    const segment = planned[index] as (typeof planned)[number];
    const day = entries.filter((entry) => entry.staff_id === staff.id).map(slotOf);
    if (!isWorking(day, segment.start, segment.end, service.service_id)) {
      throw conflict(`Staff member ${staff.display_name} is not available at the requested time`);
    }
  });

  const segments = lines.map(({ service, staff, duration }, index): SegmentWrite => {
    const segment = planned[index] as (typeof planned)[number];
    const price = options.prices?.get(index) ?? priceOf(service, request.outlet_id, now);
    return {
      service_id: service.service_id,
      service_name: service.name,
      staff_id: staff.id,
      staff_name: staff.display_name,
      start_time: formatTime(segment.start),
      end_time: formatTime(segment.end),
      duration_minutes: duration,
      ...price,
      deposit: depositOf(service.pricing.deposit, price.price),
      parallel: service.allow_parallel_bookings,
      max_parallel: service.allow_parallel_bookings ? service.max_parallel_bookings : 1,
      occupancy_start: localToUtc(request.appointment_date, segment.occupancy_start, timezone),
      occupancy_end: localToUtc(request.appointment_date, segment.occupancy_end, timezone),
    };
  });
  return {
    timezone,
    startsAt,
    endsAt: localToUtc(request.appointment_date, endTime, timezone),
    endTime,
    segments,
    depositHoldMinutes: settings.depositHoldMinutes,
  };
}

const priceOf = (service: ServiceReplica, outletId: string, at: Date) => {
  const resolved = resolvePrice(service.pricing, { outletId, at });
  return { price: resolved.amount, currency: resolved.currency, price_source: resolved.source };
};

/** Capacity of every segment against the staff members' active occupancies (call under the staff locks). */
export async function assertCapacity(
  tx: Executor,
  tenantId: string,
  segments: readonly SegmentWrite[],
  excludeAppointmentId?: string,
): Promise<void> {
  const from = new Date(Math.min(...segments.map((s) => s.occupancy_start.getTime())));
  const to = new Date(Math.max(...segments.map((s) => s.occupancy_end.getTime())));
  const occupied = await activeOccupancyRanges(
    tx,
    tenantId,
    segments.map((segment) => segment.staff_id),
    from,
    to,
    excludeAppointmentId,
  );
  for (const segment of segments) {
    const verdict = evaluateCapacity(
      {
        service_id: segment.service_id,
        parallel: segment.parallel,
        max_parallel: segment.max_parallel,
        start: segment.occupancy_start.getTime(),
        end: segment.occupancy_end.getTime(),
      },
      occupied.filter((row) => row.staff_id === segment.staff_id),
    );
    if (!verdict.ok) throw conflict(CONFLICT_DETAIL);
  }
}

/** A concurrent writer that slipped past the lock (exclusion backstop) or a deadlock: the same 409. */
export function mapBookingRace(error: unknown): never {
  const { code } = pgError(error);
  if (code === '23P01' || code === '40P01') throw conflict(CONFLICT_DETAIL);
  throw error;
}
