import { newEvent } from '@salon/messaging';
import type { Executor } from '@salon/service-kit';
import * as repo from '../db/notification.repository';
import { PRODUCER, TASK_CONSUMER, TASK_EVENT, type NotificationsDeps } from './deps';
import { initialTier } from './notification-rules';

/** Puts the task of a PROMOTED notification on the task tier, in the caller's transaction (outbox). */
export async function enqueueTask(
  deps: NotificationsDeps,
  tx: Executor,
  row: Pick<repo.NotificationRow, 'id' | 'tenant_id' | 'version' | 'scheduled_at'>,
  correlationId?: string,
): Promise<void> {
  const task = newEvent(
    TASK_EVENT,
    { notification_id: row.id, tenant_id: row.tenant_id, version: row.version },
    { producer: PRODUCER, tenantId: row.tenant_id, correlationId },
  );
  const now = deps.clock.now();
  const at = new Date(row.scheduled_at);
  await deps.store.enqueue(tx, [task], {
    deliverAt: at > now ? at : now,
    target: { kind: 'consumer', consumer: TASK_CONSUMER },
  });
}

/**
 * Creates a scheduled notification on its tier: more than CLOUD_TASKS_MAX_DAYS ahead it waits PENDING in the
 * database, otherwise it is PROMOTED and its task enqueued at once. A duplicate (same dedupe key) is ignored.
 */
export async function scheduleNotification(
  deps: NotificationsDeps,
  tx: Executor,
  input: Omit<repo.NewNotification, 'status'>,
  correlationId?: string,
): Promise<repo.NotificationRow | null> {
  const status = deps.config.TASK_TIER_ENABLED
    ? initialTier(input.scheduled_at, deps.clock.now(), deps.config.CLOUD_TASKS_MAX_DAYS)
    : 'PENDING';
  const row = await repo.insertNotification(tx, { ...input, status });
  if (row && row.status === 'PROMOTED') await enqueueTask(deps, tx, row, correlationId);
  return row;
}

/**
 * Moves an existing notification to a new time: the version grows so the old task skips, and the tier is
 * chosen again; a time already past cancels it. Creates it when it does not exist yet.
 */
export async function rescheduleNotification(
  deps: NotificationsDeps,
  tx: Executor,
  input: Omit<repo.NewNotification, 'status'>,
  correlationId?: string,
): Promise<void> {
  const existing = await repo.findByDedupeKey(tx, input.tenant_id, input.dedupe_key);
  const now = deps.clock.now();
  if (!existing) {
    if (input.scheduled_at > now) await scheduleNotification(deps, tx, input, correlationId);
    return;
  }
  if (!['PENDING', 'PROMOTED', 'CANCELLED', 'EXPIRED'].includes(existing.status)) return; // already sent or sending
  const status =
    input.scheduled_at <= now
      ? 'CANCELLED'
      : deps.config.TASK_TIER_ENABLED
        ? initialTier(input.scheduled_at, now, deps.config.CLOUD_TASKS_MAX_DAYS)
        : 'PENDING';
  const row = await repo.reschedule(tx, existing.id, input.scheduled_at, status);
  if (row.status === 'PROMOTED') await enqueueTask(deps, tx, row, correlationId);
}
