import { causedBy, type InboxHandler } from '@salon/messaging';
import { PRODUCER, type NotificationsDeps } from '../../domain/deps';
import { scheduleNotification } from '../../domain/schedule-notification';

/**
 * commerce.payment.refunded.v1: the customer is told what came back, where, and what was kept (by e-mail and
 * SMS as their preferences allow; the contact and the appointment's time come from the replicas at send time).
 */
export const onCommercePaymentRefunded =
  (deps: NotificationsDeps): InboxHandler<'commerce.payment.refunded.v1'> =>
  async (data, { tx, event }) => {
    if (!data.customer_id) return;
    await scheduleNotification(
      deps,
      tx,
      {
        tenant_id: data.tenant_id,
        kind: 'payment_refunded',
        scheduled_at: deps.clock.now(),
        recipient_type: 'customer',
        recipient_id: data.customer_id,
        recipient: { name: 'Customer', email: null, phone: null },
        channels: ['email', 'sms'],
        template: 'payment_refunded',
        payload: {
          payment_id: data.payment_id,
          amount: data.amount,
          fee_kept: data.fee_kept,
          currency: data.currency,
          refunded_to: data.refunded_to,
        },
        appointment_id: data.appointment_id,
        dedupe_key: `refund:${data.refund_id}`,
      },
      causedBy(event, PRODUCER),
    );
  };
