import { causedBy, newEvent, type InboxHandler } from '@salon/messaging';
import {
  findAppointment,
  setAppointmentStatus,
  type AppointmentRecord,
} from '../../db/appointment.repository';
import { holdsCapacity } from '../../domain/appointment-rules';
import { PRODUCER, type SchedulingDeps } from '../../domain/deps';
import { appointmentSnapshot } from '../../domain/events';

/**
 * commerce.payment.completed.v1 for an appointment: pending → confirmed, the confirmation carrying what was
 * paid (a confirmed one stays as it is); a payment for an appointment no longer pending or confirmed
 * publishes payment_orphaned for a refund, and never a confirmation.
 */
export const onCommercePaymentCompleted =
  (deps: Pick<SchedulingDeps, 'store'>): InboxHandler<'commerce.payment.completed.v1'> =>
  async (data, { tx, event }) => {
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
      await deps.store.enqueue(tx, [
        newEvent(
          'scheduling.appointment.confirmed.v1',
          { ...snapshot, payment_id: data.payment_id, amount_paid: data.amount },
          origin,
        ),
        newEvent(
          'scheduling.appointment.status_changed.v1',
          { ...snapshot, previous_status: 'pending' },
          origin,
        ),
      ]);
      return;
    }
    if (holdsCapacity(current.status) || current.status === 'completed') return;
    await deps.store.enqueue(tx, [
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
  };
