import { newEvent, originOf } from '@salon/messaging';
import { conflict, tenantIn, type RequestContext } from '@salon/service-kit';
import { findAppointment, setAppointmentStatus, type AppointmentRecord } from '../db/appointment.repository';
import { appointmentFor } from './appointment-access';
import { canMove } from './appointment-rules';
import { assertCustomerMayChange } from './cancellation-policy';
import { actorIn, bookerIn } from './callers';
import { PRODUCER, type SchedulingDeps } from './deps';
import { appointmentCancelledData } from './events';
import { tenantSettings } from './tenant-settings';

/**
 * PUT /appointments/{id}/cancel: pending or confirmed → cancelled; capacity is freed at once. A customer
 * cancels only before the tenant's deadline (`cancellation_hours`); staff at any time. Who cancelled and when
 * is recorded.
 */
export async function cancelAppointment(
  deps: SchedulingDeps,
  ctx: RequestContext,
  { appointmentId: id }: { appointmentId: string },
): Promise<AppointmentRecord> {
  const tenantId = tenantIn(ctx);
  const booker = bookerIn(ctx);
  return deps.db.withTx(async (tx) => {
    const current = await appointmentFor(tx, ctx, id, { forUpdate: true });
    if (!canMove(current.status, 'cancelled')) {
      throw conflict(`Appointment cannot be cancelled in status ${current.status}`);
    }
    const { cancellationHours } = await tenantSettings(tx, tenantId);
    assertCustomerMayChange(booker, current, cancellationHours, 'cancelled', new Date());
    await setAppointmentStatus(tx, tenantId, id, 'cancelled', false, { cancelledBy: actorIn(ctx) });
    const appointment = (await findAppointment(tx, tenantId, id)) as AppointmentRecord;
    await deps.store.enqueue(tx, [
      newEvent(
        'scheduling.appointment.cancelled.v1',
        appointmentCancelledData(appointment, booker.kind, cancellationHours),
        originOf(ctx, PRODUCER),
      ),
    ]);
    return appointment;
  });
}
