import type { RequestContext } from '@salon/service-kit';
import * as repo from '../db/notification.repository';
import type { NotificationsDeps } from './deps';

/** healthy; degraded when the task tier (broker) is down; unhealthy when the database is. */
export async function notificationsHealth(deps: NotificationsDeps, _ctx: RequestContext) {
  const cloudTasks = !deps.config.TASK_TIER_ENABLED
    ? 'disabled'
    : deps.bus.isHealthy()
      ? 'available'
      : 'unknown';
  try {
    await deps.db.ping();
    const counts = await repo.countsByStatus(deps.db.orm, deps.clock.now());
    return {
      status: cloudTasks === 'available' ? 'healthy' : 'degraded',
      database: 'connected',
      cloud_tasks: cloudTasks,
      details: {
        pending_count: counts.pending ?? 0,
        promoted_count: counts.promoted ?? 0,
        failed_count: counts.failed ?? 0,
      },
    };
  } catch (error) {
    return {
      status: 'unhealthy',
      database: 'disconnected',
      cloud_tasks: cloudTasks,
      details: { pending_count: 0, promoted_count: 0, failed_count: 0 },
      error: error instanceof Error ? error.message : String(error),
    };
  }
}
