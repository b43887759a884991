import type { AppointmentStatus } from '@salon/contracts';
import { newEvent, originOf } from '@salon/messaging';
import { conflict, tenantIn, type RequestContext } from '@salon/service-kit';
import { findAppointment, setAppointmentStatus, type AppointmentRecord } from '../db/appointment.repository';
import { appointmentFor } from './appointment-access';
import { canMove, holdsCapacity } from './appointment-rules';
import { actorIn } from './callers';
import { PRODUCER, type SchedulingDeps } from './deps';
import { appointmentCancelledData, appointmentSnapshot } from './events';
import { tenantSettings } from './tenant-settings';

/**
 * PUT /appointments/{id}/status (staff): a move of the state table; anything else is 409. A confirmation
 * here knows of no payment: its amount_paid is null.
 */
export async function changeAppointmentStatus(
  deps: SchedulingDeps,
  ctx: RequestContext,
  { appointmentId: id, status }: { appointmentId: string; status: AppointmentStatus },
): Promise<AppointmentRecord> {
  const tenantId = tenantIn(ctx);
  return deps.db.withTx(async (tx) => {
    const current = await appointmentFor(tx, ctx, id, { forUpdate: true });
    if (!canMove(current.status, status)) {
      throw conflict(`Cannot change appointment status from ${current.status} to ${status}`);
    }
    await setAppointmentStatus(
      tx,
      tenantId,
      id,
      status,
      holdsCapacity(status),
      status === 'cancelled' ? { cancelledBy: actorIn(ctx) } : {},
    );
    const appointment = (await findAppointment(tx, tenantId, id)) as AppointmentRecord;
    const origin = originOf(ctx, PRODUCER);
    const snapshot = appointmentSnapshot(appointment);
    await deps.store.enqueue(tx, [
      newEvent(
        'scheduling.appointment.status_changed.v1',
        { ...snapshot, previous_status: current.status },
        origin,
      ),
      ...(status === 'confirmed'
        ? [
            newEvent(
              'scheduling.appointment.confirmed.v1',
              { ...snapshot, payment_id: null, amount_paid: null },
              origin,
            ),
          ]
        : []),
      ...(status === 'cancelled'
        ? [
            newEvent(
              'scheduling.appointment.cancelled.v1',
              appointmentCancelledData(
                appointment,
                'staff',
                (await tenantSettings(tx, tenantId)).cancellationHours,
              ),
              origin,
            ),
          ]
        : []),
    ]);
    return appointment;
  });
}
