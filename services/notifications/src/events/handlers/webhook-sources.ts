import type { InboxHandler } from '@salon/messaging';
import { fanOutWebhooks } from '../../domain/deliver-webhook';
import type { NotificationsDeps } from '../../domain/deps';
import { WEBHOOK_SOURCES, type WebhookSourceType } from '../../domain/webhook-rules';

/**
 * Every integration event that becomes an outbound webhook (WEBHOOK_SOURCES: appointment, payment and customer
 * events): its messages, one delivery per subscribed endpoint, in the event's inbox transaction.
 */
export const onWebhookSource =
  <T extends WebhookSourceType>(deps: NotificationsDeps, type: T): InboxHandler<T> =>
  async (data, { tx, event }) => {
    await fanOutWebhooks(deps, tx, event, WEBHOOK_SOURCES[type](data, event.id));
  };
