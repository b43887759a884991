import type { DirectHandler } from '@salon/messaging';
import { systemContext } from '@salon/service-kit';
import { triggerNotification } from '../../domain/trigger-notification';
import type { NotificationsDeps } from '../../domain/deps';

/**
 * notifications.task.due.v1: a task reached the task tier at its notification's scheduled_at. No inbox: the row
 * lock and the PROMOTED → PROCESSING step make a redelivered task skip.
 */
export const onNotificationsTaskDue =
  (deps: NotificationsDeps): DirectHandler<'notifications.task.due.v1'> =>
  async (task, event) => {
    const result = await triggerNotification(deps, systemContext(event.correlation_id, task.tenant_id), {
      id: task.notification_id,
      tenantId: task.tenant_id,
      version: task.version,
      source: 'task',
    });
    deps.logger.info(
      {
        task: task.notification_id,
        version: task.version,
        result: result.status,
        correlation_id: event.correlation_id,
      },
      'task ran',
    );
  };
