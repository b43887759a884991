import { causedBy, type InboxHandler } from '@salon/messaging';
import { PRODUCER, type NotificationsDeps } from '../../domain/deps';
import { scheduleNotification } from '../../domain/schedule-notification';

/** commerce.payment_link.created.v1: the link on the channels the event names (e-mail, WhatsApp, SMS). */
export const onCommercePaymentLinkCreated =
  (deps: NotificationsDeps): InboxHandler<'commerce.payment_link.created.v1'> =>
  async (data, { tx, event }) => {
    const channels = (['email', 'whatsapp', 'sms'] as const).filter((channel) => data.channels[channel]);
    if (channels.length === 0) return;
    await scheduleNotification(
      deps,
      tx,
      {
        tenant_id: data.tenant_id,
        kind: 'payment_link',
        scheduled_at: deps.clock.now(),
        recipient_type: 'customer',
        recipient_id: data.customer_id,
        recipient: data.customer,
        channels,
        template: 'payment_link',
        payload: {
          payment_id: data.payment_id,
          invoice_number: data.invoice_number,
          amount: data.amount,
          currency: data.currency,
          payment_url: data.payment_url,
          due_date: data.due_date,
          package_name: data.package_name,
        },
        appointment_id: null,
        dedupe_key: `payment-link:${data.payment_id}`,
      },
      causedBy(event, PRODUCER),
    );
  };
