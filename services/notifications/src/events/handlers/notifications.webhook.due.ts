import type { DirectHandler } from '@salon/messaging';
import { attemptWebhook } from '../../domain/deliver-webhook';
import { PRODUCER, type NotificationsDeps } from '../../domain/deps';

/**
 * notifications.webhook.due.v1: one attempt of an outbound webhook delivery, through the delay ladder. No inbox:
 * the delivery's attempt count makes a duplicate or stale task skip.
 */
export const onNotificationsWebhookDue =
  (deps: NotificationsDeps): DirectHandler<'notifications.webhook.due.v1'> =>
  async (task, event) => {
    const result = await attemptWebhook(deps, task, {
      producer: PRODUCER,
      tenantId: task.tenant_id,
      correlationId: event.correlation_id,
      causationId: event.id,
    });
    deps.logger.info(
      { delivery: task.delivery_id, attempt: task.attempt + 1, result, correlation_id: event.correlation_id },
      'webhook attempt',
    );
  };
