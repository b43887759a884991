import type { TenantPlan } from '@salon/plan-limits';
import { newEvent, originOf } from '@salon/messaging';
import {
  AppError,
  assertOutletAccess,
  formatMoney,
  newId,
  notFound,
  sumMoney,
  tenantIn,
  type Executor,
  type RequestContext,
} from '@salon/service-kit';
import {
  countBookedThisMonth,
  insertAppointment,
  insertedRecord,
  type AppointmentRecord,
  type AppointmentWrite,
  type SegmentWrite,
} from '../db/appointment.repository';
import { lockStaffSchedules, lockTenantBookings } from '../db/locks.repository';
import {
  assertCapacity,
  bookingContextOf,
  mapBookingRace,
  planBooking,
  type BookingRequest,
} from './booking-plan';
import { bookerIn, type Booker } from './callers';
import { PRODUCER, type SchedulingDeps } from './deps';
import { appointmentSnapshot } from './events';
import { enqueueDepositDue } from './release-unpaid-deposit';
import { formatTime } from './time-rules';

/** The monthly appointment limit; `tenantPlan` is read before the transaction (never a second connection inside it). */
async function assertMonthlyLimit(tx: Executor, tenantId: string, tenantPlan: TenantPlan) {
  const { limits, plan } = tenantPlan;
  if (limits.max_appointments_per_month < 0) return;
  await lockTenantBookings(tx, tenantId);
  const current = await countBookedThisMonth(tx, tenantId, new Date());
  if (current >= limits.max_appointments_per_month) {
    throw new AppError(
      402,
      `Monthly appointment limit reached: ${current}/${limits.max_appointments_per_month} appointments this month on the ${plan} plan. Upgrade your plan to book more appointments.`,
    );
  }
}

/**
 * POST /appointments and POST /staff/appointments. In one transaction: the per-staff advisory locks (sorted),
 * every booking rule, the capacity count, the monthly plan limit, the insert and the created event. Staff book
 * only at outlets they may act at.
 */
export async function bookAppointment(
  deps: SchedulingDeps,
  ctx: RequestContext,
  request: BookingRequest,
): Promise<AppointmentRecord> {
  const tenantId = tenantIn(ctx);
  const booker = bookerIn(ctx);
  assertOutletAccess(ctx, request.outlet_id);
  const id = newId();
  const staffIds = request.services.map((line) => line.staff_id);
  const tenantPlan = await deps.plans.recentPlanOf(tenantId);
  return deps.staffQueue.run(staffIds, () =>
    bookInTransaction(deps, ctx, { tenantId, booker, request, id, tenantPlan }),
  );
}

async function bookInTransaction(
  deps: SchedulingDeps,
  ctx: RequestContext,
  booking: BookingInput,
): Promise<AppointmentRecord> {
  return deps.db.withTx((tx) => bookWithin(deps, tx, ctx, booking)).catch(mapBookingRace);
}

export interface BookingInput {
  tenantId: string;
  booker: Booker;
  request: BookingRequest;
  id: string;
  tenantPlan: TenantPlan;
}

/**
 * The race-free booking itself inside the caller's transaction (call through `deps.staffQueue` and map the error
 * with `mapBookingRace`): the rules, the per-staff advisory locks, the capacity count, the monthly limit, the insert
 * and the created event. Ordinary bookings and accepted waitlist offers both book here.
 */
export async function bookWithin(
  deps: SchedulingDeps,
  tx: Executor,
  ctx: RequestContext,
  { tenantId, booker, request, id, tenantPlan }: BookingInput,
): Promise<AppointmentRecord> {
  const customerId = booker.kind === 'customer' ? booker.customerId : request.customer_id;
  if (!customerId) throw notFound('Customer not found');
  const context = await bookingContextOf(tx, tenantId, request, customerId);
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
  // The plan's month is the tenant's, whatever the outlet's zone (the limit is tenant-wide).
  await assertMonthlyLimit(tx, tenantId, tenantPlan);

  const at = new Date();
  const deposit = sumMoney(plan.segments.map((segment) => segment.deposit ?? '0'));
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
    deposit_amount: formatMoney(deposit),
    deposit_due_at: deposit.gt(0) ? new Date(at.getTime() + plan.depositHoldMinutes * 60_000) : null,
    notes: request.notes ?? null,
    booked_by: booker.kind,
  };
  await insertAppointment(tx, tenantId, write, plan.segments, at);
  const appointment = insertedRecord(tenantId, write, plan.segments, at);
  const origin = originOf(ctx, PRODUCER);
  await deps.store.enqueue(tx, [
    newEvent('scheduling.appointment.created.v1', appointmentSnapshot(appointment), origin),
  ]);
  // An unpaid deposit releases the booking at deposit_due_at (its own task on the delay ladder).
  if (write.deposit_due_at) await enqueueDepositDue(deps, tx, appointment, write.deposit_due_at, origin);
  return appointment;
}
