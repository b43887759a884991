import { resolvePrice } from '@salon/contracts';
import type { TenantPlan } from '@salon/plan-limits';
import { newEvent } from '@salon/messaging';
import {
  AppError,
  badRequest,
  conflict,
  formatMoney,
  forbidden,
  newId,
  notFound,
  sumMoney,
  type Executor,
} from '@salon/service-kit';
import {
  activeOccupancyRanges,
  countCreatedSince,
  findAppointment,
  insertAppointment,
  moveAppointment,
  insertedRecord,
  type AppointmentRecord,
  type AppointmentWrite,
  type SegmentWrite,
} from '../db/appointment.repository';
import { lockStaffSchedules, lockTenantBookings } from '../db/locks.repository';
import { loadBookingContext, type BookingContext } from '../db/booking-context.repository';
import { isBookableService, type ServiceReplica } from '../db/replica.repository';
import { pgCode } from '../db/rows';
import type { StaffRecord } from '../db/staff.repository';
import { CONFLICT_DETAIL, canReschedule, checkWindow, planSegments } from './appointment-rules';
import { isWorking } from './availability-rules';
import { evaluateCapacity } from './capacity-rules';
import { PRODUCER, type SchedulingDeps } from './deps';
import { appointmentSnapshot } from './events';
import { slotOf } from './manage-availability';
import { settingsOf } from './tenant-settings';
import { MINUTES_PER_DAY, formatTime, localOf, localToUtc } from './time-rules';

export interface BookingLine {
  service_id: string;
  staff_id: string;
  /** Staff flow only: a duration other than the service's. */
  duration_minutes?: number;
}

/** Who books: a customer for themselves, or staff for a customer. */
export type Booker = { kind: 'customer'; customerId: string } | { kind: 'staff' };

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

/** The checked plan of a booking: segments with their UTC occupancy and resolved prices. */
interface Plan {
  timezone: string;
  startsAt: Date;
  endsAt: Date;
  endTime: number;
  segments: SegmentWrite[];
}

/**
 * Every rule of a booking except capacity and the plan limit: outlet, services, staff (exists, active,
 * bookable, at the outlet, qualified, accepts online bookings for customers), segments back to back on one
 * day, the booking window, and working hours. Prices resolved server-side.
 */
async function planBooking(
  context: BookingContext,
  request: Omit<BookingRequest, 'customer_id' | 'notes'>,
  booker: Booker['kind'],
  options: {
    requireBookableServices: boolean;
    prices?: Map<number, Pick<SegmentWrite, 'price' | 'currency' | 'price_source'>>;
  },
): Promise<Plan> {
  const now = new Date();
  const settings = settingsOf(context.tenant);
  const timezone = settings.timezone;
  if (!context.outlet) throw notFound('Outlet not found');
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
  };
}

const priceOf = (service: ServiceReplica, outletId: string, at: Date) => {
  const resolved = resolvePrice(service.pricing, { outletId, at });
  return { price: resolved.amount, currency: resolved.currency, price_source: resolved.source };
};

/** Capacity of every segment against the staff members' active occupancies (call under the staff locks). */
async function assertCapacity(
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
  const { code } = pgCode(error);
  if (code === '23P01' || code === '40P01') throw conflict(CONFLICT_DETAIL);
  throw error;
}

/** The monthly appointment limit; `tenantPlan` is read before the transaction (never a second connection inside it). */
async function assertMonthlyLimit(tx: Executor, tenantId: string, timezone: string, tenantPlan: TenantPlan) {
  const { limits, plan } = tenantPlan;
  if (limits.max_appointments_per_month < 0) return;
  await lockTenantBookings(tx, tenantId);
  const today = localOf(new Date(), timezone).date;
  const monthStart = localToUtc(`${today.slice(0, 7)}-01`, 0, timezone);
  const current = await countCreatedSince(tx, tenantId, monthStart);
  if (current >= limits.max_appointments_per_month) {
    throw new AppError(
      402,
      `Monthly appointment limit reached: ${current}/${limits.max_appointments_per_month} appointments this month on the ${plan} plan. Upgrade your plan to book more appointments.`,
    );
  }
}

/**
 * POST /appointments and POST /staff/appointments. In one transaction: the per-staff advisory locks (sorted),
 * every booking rule, the capacity count, the monthly plan limit, the insert and the created event.
 */
export async function bookAppointment(
  deps: SchedulingDeps,
  tenantId: string,
  booker: Booker,
  request: BookingRequest,
  requestId: string,
): Promise<AppointmentRecord> {
  const id = newId();
  const staffIds = request.services.map((line) => line.staff_id);
  const tenantPlan = await deps.plans.recentPlanOf(tenantId);
  return deps.staffQueue.run(staffIds, () =>
    bookInTransaction(deps, tenantId, booker, request, { requestId, id, tenantPlan }),
  );
}

async function bookInTransaction(
  deps: SchedulingDeps,
  tenantId: string,
  booker: Booker,
  request: BookingRequest,
  { requestId, id, tenantPlan }: { requestId: string; id: string; tenantPlan: TenantPlan },
): Promise<AppointmentRecord> {
  return deps.db
    .withTx(async (tx) => {
      const customerId = booker.kind === 'customer' ? booker.customerId : request.customer_id;
      if (!customerId) throw notFound('Customer not found');
      const context = await loadBookingContext(tx, tenantId, {
        outletId: request.outlet_id,
        serviceIds: request.services.map((line) => line.service_id),
        staffIds: request.services.map((line) => line.staff_id),
        date: request.appointment_date,
        customerId,
      });
      const customer = context.customer;
      if (customer && customer.tenant_id !== tenantId) throw notFound('Customer not found');
      if (booker.kind === 'staff' && (!customer || customer.is_deleted)) throw notFound('Customer not found');

      const plan = await planBooking(context, request, booker.kind, { requireBookableServices: true });
      // The lock covers what others can change concurrently: the count of occupancies and the insert.
      await lockStaffSchedules(
        tx,
        request.services.map((line) => line.staff_id),
      );
      await assertCapacity(tx, tenantId, plan.segments);
      await assertMonthlyLimit(tx, tenantId, plan.timezone, tenantPlan);

      const write: AppointmentWrite = {
        id,
        outlet_id: request.outlet_id,
        customer_id: customerId,
        customer_name: customer ? [customer.first_name, customer.last_name].filter(Boolean).join(' ') : null,
        customer_email: customer?.email ?? null,
        customer_phone: customer?.phone ?? null,
        appointment_date: request.appointment_date,
        start_time: formatTime(request.start_time),
        end_time: formatTime(plan.endTime),
        timezone: plan.timezone,
        starts_at: plan.startsAt,
        ends_at: plan.endsAt,
        total_price: formatMoney(sumMoney(plan.segments.map((segment) => segment.price))),
        currency: (plan.segments[0] as SegmentWrite).currency,
        notes: request.notes ?? null,
        booked_by: booker.kind,
      };
      const at = new Date();
      await insertAppointment(tx, tenantId, write, plan.segments, at);
      const appointment = insertedRecord(tenantId, write, plan.segments, at);
      await deps.store.enqueue(tx, [
        newEvent('scheduling.appointment.created.v1', appointmentSnapshot(appointment), {
          producer: PRODUCER,
          tenantId,
          correlationId: requestId,
        }),
      ]);
      return appointment;
    })
    .catch(mapBookingRace);
}

/** The appointment a caller may act on: customers their own only; another tenant's is 404. */
export async function appointmentFor(
  executor: Executor,
  tenantId: string,
  booker: Booker,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<AppointmentRecord> {
  const appointment = await findAppointment(executor, tenantId, id, options);
  if (!appointment) throw notFound('Appointment not found');
  if (booker.kind === 'customer' && appointment.customer_id !== booker.customerId) {
    throw notFound('Appointment not found');
  }
  return appointment;
}

/**
 * PUT /appointments/{id}/reschedule: same services, staff and prices, new date and start. The moving
 * appointment is left out of the destination's count; version + 1 and a rescheduled event.
 */
export async function rescheduleAppointment(
  deps: SchedulingDeps,
  tenantId: string,
  booker: Booker,
  id: string,
  change: { new_date: string; new_start_time: number },
  requestId: string,
): Promise<AppointmentRecord> {
  return deps.db
    .withTx(async (tx) => {
      const current = await appointmentFor(tx, tenantId, booker, id, { forUpdate: true });
      if (!canReschedule(current.status)) {
        throw conflict(`Appointment cannot be rescheduled in status ${current.status}`);
      }
      await lockStaffSchedules(
        tx,
        current.services.map((line) => line.staff_id),
      );
      const request = {
        outlet_id: current.outlet_id,
        appointment_date: change.new_date,
        start_time: change.new_start_time,
        services: current.services.map((line) => ({
          service_id: line.service_id,
          staff_id: line.staff_id,
          duration_minutes: line.duration_minutes,
        })),
      };
      const context = await loadBookingContext(tx, tenantId, {
        outletId: request.outlet_id,
        serviceIds: request.services.map((line) => line.service_id),
        staffIds: request.services.map((line) => line.staff_id),
        date: request.appointment_date,
      });
      const plan = await planBooking(context, request, booker.kind, {
        requireBookableServices: false,
        prices: new Map(
          current.services.map((line, index) => [
            index,
            { price: line.price, currency: line.currency, price_source: line.price_source },
          ]),
        ),
      });
      await assertCapacity(tx, tenantId, plan.segments, id);
      await moveAppointment(
        tx,
        tenantId,
        {
          id,
          appointment_date: change.new_date,
          start_time: formatTime(change.new_start_time),
          end_time: formatTime(plan.endTime),
          starts_at: plan.startsAt,
          ends_at: plan.endsAt,
        },
        plan.segments,
      );
      const appointment = (await findAppointment(tx, tenantId, id)) as AppointmentRecord;
      await deps.store.enqueue(tx, [
        newEvent(
          'scheduling.appointment.rescheduled.v1',
          {
            ...appointmentSnapshot(appointment),
            previous: {
              appointment_date: current.appointment_date,
              start_time: current.start_time,
              end_time: current.end_time,
              starts_at: current.starts_at,
            },
          },
          { producer: PRODUCER, tenantId, correlationId: requestId },
        ),
      ]);
      return appointment;
    })
    .catch(mapBookingRace);
}

export const forbidCustomer = (booker: Booker) => {
  if (booker.kind === 'customer') throw forbidden('Insufficient permissions');
};
