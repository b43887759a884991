import { causedBy, type InboxHandler } from '@salon/messaging';
import { PRODUCER, type CommerceDeps } from '../../domain/deps';
import { refundOrphanedPayment } from '../../domain/refund-orphaned-payment';

/** The appointment was cancelled while its payment completed: the payment is refunded to the wallet. */
export const onSchedulingAppointmentPaymentOrphaned =
  (deps: Pick<CommerceDeps, 'store'>): InboxHandler<'scheduling.appointment.payment_orphaned.v1'> =>
  (data, { tx, event }) =>
    refundOrphanedPayment(deps, tx, data, causedBy(event, PRODUCER));
