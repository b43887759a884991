import * as repo from '../db/notification.repository';
import type { NotificationsDeps } from './deps';
import { promotionHorizon, successRate } from './notification-rules';
import { enqueueTask } from './schedule-notification';

/**
 * The promotion run (CronJob every 5 minutes): PENDING rows due within PROMOTION_WINDOW_DAYS, at most
 * PROMOTER_BATCH_SIZE, locked with SKIP LOCKED so overlapping runs share the work and never promote a row
 * twice; each promoted row gets its task in the same transaction. PENDING rows past their TTL expire, and
 * PROCESSING rows a stopped process left behind become FAILED (retryable).
 */
export async function promoteNotifications(deps: NotificationsDeps) {
  const started = Date.now();
  const now = deps.clock.now();
  const { config } = deps;
  const { found, promoted } = await deps.db.withTx(async (tx) => {
    await repo.expireStale(tx, new Date(now.getTime() - config.NOTIFICATION_TTL_HOURS * 3_600_000));
    const interrupted = await repo.failInterrupted(
      tx,
      new Date(now.getTime() - config.PROCESSING_STALE_MINUTES * 60_000),
    );
    for (const row of interrupted)
      await repo.audit(tx, {
        tenantId: row.tenant_id,
        notificationId: row.id,
        action: 'interrupted',
        details: { stale_after_minutes: config.PROCESSING_STALE_MINUTES },
      });
    if (interrupted.length > 0)
      deps.logger.warn(
        { count: interrupted.length },
        'notifications interrupted while sending marked FAILED',
      );
    const result = await repo.promoteDue(
      tx,
      promotionHorizon(now, config.PROMOTION_WINDOW_DAYS),
      config.PROMOTER_BATCH_SIZE,
    );
    for (const row of result.promoted) await enqueueTask(deps, tx, row);
    return result;
  });
  return {
    total_found: found,
    promoted: promoted.length,
    failed: 0,
    skipped: found - promoted.length,
    success_rate: successRate(promoted.length, found),
    duration_ms: Date.now() - started,
  };
}

export async function promotionStats(deps: NotificationsDeps) {
  const counts = await repo.countsByStatus(
    deps.db.orm,
    promotionHorizon(deps.clock.now(), deps.config.PROMOTION_WINDOW_DAYS),
  );
  return {
    pending_mongodb: counts.pending ?? 0,
    ready_for_promotion: counts.ready ?? 0,
    promoted: counts.promoted ?? 0,
    failed: counts.failed ?? 0,
    promotion_window_days: deps.config.PROMOTION_WINDOW_DAYS,
    promoter_batch_size: deps.config.PROMOTER_BATCH_SIZE,
  };
}

/** healthy; degraded when the task tier (broker) is down; unhealthy when the database is. */
export async function notificationsHealth(deps: NotificationsDeps) {
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
