import type { AppointmentStatus, EventEnvelope, PaymentCompletedV1 } from '@salon/contracts';
import { causedBy, newEvent, type MessagingStore } from '@salon/messaging';
import { conflict, type Executor } from '@salon/service-kit';
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
        ? [newEvent('scheduling.appointment.confirmed.v1', { ...snapshot, payment_id: null }, origin)]
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

/**
 * commerce.payment.completed.v1 for an appointment: pending → confirmed (a confirmed one stays as it is);
 * a payment for an appointment no longer pending or confirmed publishes payment_orphaned for a refund.
 */
export async function applyPaymentCompleted(
  store: MessagingStore,
  event: EventEnvelope,
  tx: Executor,
): Promise<void> {
  const data = event.data as PaymentCompletedV1;
  if (!data.appointment_id) return;
  const current = await findAppointment(tx, data.tenant_id, data.appointment_id, { forUpdate: true });
  if (!current) return;
  const origin = causedBy(event, PRODUCER);
  if (current.status === 'pending') {
    await setAppointmentStatus(tx, data.tenant_id, current.id, 'confirmed', true, {
      paymentId: data.payment_id,
    });
    const appointment = (await findAppointment(tx, data.tenant_id, current.id)) as AppointmentRecord;
    const snapshot = appointmentSnapshot(appointment);
    await store.enqueue(tx, [
      newEvent('scheduling.appointment.confirmed.v1', { ...snapshot, payment_id: data.payment_id }, origin),
      newEvent(
        'scheduling.appointment.status_changed.v1',
        { ...snapshot, previous_status: 'pending' },
        origin,
      ),
    ]);
    return;
  }
  if (holdsCapacity(current.status) || current.status === 'completed') return;
  await store.enqueue(tx, [
    newEvent(
      'scheduling.appointment.payment_orphaned.v1',
      {
        appointment_id: current.id,
        tenant_id: current.tenant_id,
        payment_id: data.payment_id,
        amount: data.amount,
        currency: data.currency,
        appointment_status: current.status,
      },
      origin,
    ),
  ]);
}
