import { causedBy, type InboxHandler } from '@salon/messaging';
import { PRODUCER, type CommerceDeps } from '../../domain/deps';
import { refundAppointmentPayment } from '../../domain/refund-appointment-payment';

/** The appointment was cancelled while its payment completed: the payment is refunded in full. */
export const onSchedulingAppointmentPaymentOrphaned =
  (
    deps: Pick<CommerceDeps, 'store' | 'logger'>,
  ): InboxHandler<'scheduling.appointment.payment_orphaned.v1'> =>
  async (data, { tx, event }) => {
    await refundAppointmentPayment(
      deps,
      tx,
      {
        tenantId: data.tenant_id,
        appointmentId: data.appointment_id,
        paymentId: data.payment_id,
        appointmentStatus: data.appointment_status,
        feePercent: 0,
        reason: 'Appointment cancelled before its payment arrived: payment refunded',
      },
      causedBy(event, PRODUCER),
    );
  };
