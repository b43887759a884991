import { originOf } from '@salon/messaging';
import type { RequestContext } from '@salon/service-kit';
import * as repo from '../db/notification.repository';
import { PRODUCER, type NotificationsDeps } from './deps';
import { promotionHorizon, successRate } from './notification-rules';
import { enqueueTask } from './schedule-notification';

/**
 * The promotion run (CronJob every 5 minutes): PENDING rows due within PROMOTION_WINDOW_DAYS, at most
 * PROMOTER_BATCH_SIZE, locked with SKIP LOCKED so overlapping runs share the work and never promote a row
 * twice; each promoted row gets its task in the same transaction (carrying the notification's own correlation
 * id; the run's request id for a row that has none). PENDING rows past their TTL expire, and
 * PROCESSING rows a stopped process left behind become FAILED (retryable).
 */
export async function promoteNotifications(deps: NotificationsDeps, ctx: RequestContext) {
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
    for (const row of result.promoted)
      await enqueueTask(deps, tx, row, originOf(ctx, PRODUCER, row.tenant_id));
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
