import type { AppointmentStatus } from '@salon/contracts';
import { newEvent } from '@salon/messaging';
import { conflict } from '@salon/service-kit';
import { findAppointment, setAppointmentStatus, type AppointmentRecord } from '../db/appointment.repository';
import { canMove, holdsCapacity } from './appointment-rules';
import { appointmentFor, type Booker } from './book-appointment';
import { PRODUCER, type SchedulingDeps } from './deps';
import { appointmentSnapshot } from './events';

/** PUT /appointments/{id}/cancel: pending or confirmed → cancelled; capacity is freed at once. */
export async function cancelAppointment(
  deps: SchedulingDeps,
  tenantId: string,
  booker: Booker,
  id: string,
  requestId: string,
): Promise<AppointmentRecord> {
  return deps.db.withTx(async (tx) => {
    const current = await appointmentFor(tx, tenantId, booker, id, { forUpdate: true });
    if (!canMove(current.status, 'cancelled')) {
      throw conflict(`Appointment cannot be cancelled in status ${current.status}`);
    }
    await setAppointmentStatus(tx, tenantId, id, 'cancelled', false, { cancelled: true });
    const appointment = (await findAppointment(tx, tenantId, id)) as AppointmentRecord;
    await deps.store.enqueue(tx, [
      newEvent(
        'scheduling.appointment.cancelled.v1',
        {
          ...appointmentSnapshot(appointment),
          cancelled_at: appointment.cancelled_at as string,
          cancelled_by: booker.kind,
        },
        { producer: PRODUCER, tenantId, correlationId: requestId },
      ),
    ]);
    return appointment;
  });
}

/** PUT /appointments/{id}/status (staff): a move of the state table; anything else is 409. */
export async function changeStatus(
  deps: SchedulingDeps,
  tenantId: string,
  id: string,
  status: AppointmentStatus,
  requestId: string,
): Promise<AppointmentRecord> {
  return deps.db.withTx(async (tx) => {
    const current = await appointmentFor(tx, tenantId, { kind: 'staff' }, id, { forUpdate: true });
    if (!canMove(current.status, status)) {
      throw conflict(`Cannot change appointment status from ${current.status} to ${status}`);
    }
    await setAppointmentStatus(tx, tenantId, id, status, holdsCapacity(status), {
      cancelled: status === 'cancelled',
    });
    const appointment = (await findAppointment(tx, tenantId, id)) as AppointmentRecord;
    const origin = { producer: PRODUCER, tenantId, correlationId: requestId };
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
              {
                ...snapshot,
                cancelled_at: appointment.cancelled_at as string,
                cancelled_by: 'staff' as const,
              },
              origin,
            ),
          ]
        : []),
    ]);
    return appointment;
  });
}
