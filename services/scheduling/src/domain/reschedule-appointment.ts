import { newEvent, originOf } from '@salon/messaging';
import { conflict, tenantIn, type RequestContext } from '@salon/service-kit';
import { findAppointment, moveAppointment, type AppointmentRecord } from '../db/appointment.repository';
import { lockStaffSchedules } from '../db/locks.repository';
import { appointmentFor } from './appointment-access';
import { canReschedule } from './appointment-rules';
import { assertCapacity, bookingContextOf, mapBookingRace, planBooking } from './booking-plan';
import { assertCustomerMayChange } from './cancellation-policy';
import { actorIn, bookerIn } from './callers';
import { PRODUCER, type SchedulingDeps } from './deps';
import { appointmentSnapshot } from './events';
import { tenantSettings } from './tenant-settings';
import { formatTime } from './time-rules';

/**
 * PUT /appointments/{id}/reschedule: same services, staff and prices, new date and start. The moving
 * appointment is left out of the destination's count; version + 1 and a rescheduled event. A customer moves
 * it only before the tenant's cancellation deadline; staff at any time; who moved it and when is recorded.
 */
export async function rescheduleAppointment(
  deps: SchedulingDeps,
  ctx: RequestContext,
  { appointmentId: id, ...change }: { appointmentId: string; new_date: string; new_start_time: number },
): Promise<AppointmentRecord> {
  const tenantId = tenantIn(ctx);
  const booker = bookerIn(ctx);
  return deps.db
    .withTx(async (tx) => {
      const current = await appointmentFor(tx, ctx, id, { forUpdate: true });
      if (!canReschedule(current.status)) {
        throw conflict(`Appointment cannot be rescheduled in status ${current.status}`);
      }
      const { cancellationHours } = await tenantSettings(tx, tenantId);
      assertCustomerMayChange(booker, current, cancellationHours, 'rescheduled', new Date());
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
      const context = await bookingContextOf(tx, tenantId, request);
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
          // The new local time was chosen in the outlet's current zone (the grid's), so it is stored with it.
          timezone: plan.timezone,
          starts_at: plan.startsAt,
          ends_at: plan.endsAt,
        },
        plan.segments,
        actorIn(ctx),
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
          originOf(ctx, PRODUCER),
        ),
      ]);
      return appointment;
    })
    .catch(mapBookingRace);
}
