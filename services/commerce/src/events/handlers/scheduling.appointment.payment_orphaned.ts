import type { InboxHandler } from '@salon/messaging';
import { refundOrphanedPayment } from '../../domain/refund-orphaned-payment';

/** The appointment was cancelled while its payment completed: the payment is refunded to the wallet. */
export const onSchedulingAppointmentPaymentOrphaned: InboxHandler<
  'scheduling.appointment.payment_orphaned.v1'
> = (data, { tx }) => refundOrphanedPayment(tx, data);
