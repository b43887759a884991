import { newEvent, type EventOrigin } from '@salon/messaging';
import type { Executor } from '@salon/service-kit';
import * as repo from '../db/notification.repository';
import { TASK_CONSUMER, TASK_EVENT, type NotificationsDeps } from './deps';
import { initialTier } from './notification-rules';

/**
 * Puts the task of a PROMOTED notification on the task tier, in the caller's transaction (outbox). The task
 * keeps the notification's own correlation id (the event that scheduled it); `origin` gives the rest.
 */
export async function enqueueTask(
  deps: NotificationsDeps,
  tx: Executor,
  row: Pick<repo.NotificationRow, 'id' | 'tenant_id' | 'version' | 'scheduled_at' | 'correlation_id'>,
  origin: EventOrigin,
): Promise<void> {
  const task = newEvent(
    TASK_EVENT,
    { notification_id: row.id, tenant_id: row.tenant_id, version: row.version },
    { ...origin, tenantId: row.tenant_id, correlationId: row.correlation_id ?? origin.correlationId },
  );
  const now = deps.clock.now();
  const at = new Date(row.scheduled_at);
  await deps.store.enqueue(tx, [task], {
    deliverAt: at > now ? at : now,
    target: { kind: 'consumer', consumer: TASK_CONSUMER },
  });
}

export type NotificationInput = Omit<repo.NewNotification, 'status' | 'correlation_id'>;

/**
 * Creates a scheduled notification on its tier: more than CLOUD_TASKS_MAX_DAYS ahead it waits PENDING in the
 * database, otherwise it is PROMOTED and its task enqueued at once. A duplicate (same dedupe key) is ignored.
 * The notification keeps `origin`'s correlation id for its task.
 */
export async function scheduleNotification(
  deps: NotificationsDeps,
  tx: Executor,
  input: NotificationInput,
  origin: EventOrigin,
): Promise<repo.NotificationRow | null> {
  const status = deps.config.TASK_TIER_ENABLED
    ? initialTier(input.scheduled_at, deps.clock.now(), deps.config.CLOUD_TASKS_MAX_DAYS)
    : 'PENDING';
  const row = await repo.insertNotification(tx, {
    ...input,
    status,
    correlation_id: origin.correlationId ?? null,
  });
  if (row && row.status === 'PROMOTED') await enqueueTask(deps, tx, row, origin);
  return row;
}

/**
 * Moves an existing notification to a new time: the version grows so the old task skips, and the tier is
 * chosen again; a time already past cancels it. Creates it when it does not exist yet. The notification takes
 * `origin`'s correlation id: its task now follows the reschedule.
 */
export async function rescheduleNotification(
  deps: NotificationsDeps,
  tx: Executor,
  input: NotificationInput,
  origin: EventOrigin,
): Promise<void> {
  const existing = await repo.findByDedupeKey(tx, input.tenant_id, input.dedupe_key);
  const now = deps.clock.now();
  if (!existing) {
    if (input.scheduled_at > now) await scheduleNotification(deps, tx, input, origin);
    return;
  }
  if (!['PENDING', 'PROMOTED', 'CANCELLED', 'EXPIRED'].includes(existing.status)) return; // already sent or sending
  const status =
    input.scheduled_at <= now
      ? 'CANCELLED'
      : deps.config.TASK_TIER_ENABLED
        ? initialTier(input.scheduled_at, now, deps.config.CLOUD_TASKS_MAX_DAYS)
        : 'PENDING';
  const row = await repo.reschedule(tx, existing.id, {
    scheduledAt: input.scheduled_at,
    status,
    correlationId: origin.correlationId ?? existing.correlation_id,
  });
  if (row.status === 'PROMOTED') await enqueueTask(deps, tx, row, origin);
}
