import type { RequestContext } from '@salon/service-kit';
import type { Channel } from '../channels/channel';
import * as repo from '../db/notification.repository';
import { describeOutcome, executeNotification } from './deliver-notification';
import type { NotificationsDeps } from './deps';
import { triggerSkipReason } from './notification-rules';

export type TriggerResult =
  | { status: 'skipped'; reason: string; notification_id: string }
  | { status: 'success'; notification_id: string; sent_via: Channel[]; message: string }
  | { status: 'error'; notification_id: string; error: string };

/**
 * The trigger endpoint and the task consumer: skip when the version differs (rescheduled) or the status is not
 * PROMOTED; otherwise PROCESSING under the row lock (so one of two concurrent triggers wins) and send.
 */
export async function triggerNotification(
  deps: NotificationsDeps,
  ctx: RequestContext,
  input: { id: string; tenantId?: string; version: number; source: 'webhook' | 'task' },
): Promise<TriggerResult> {
  const claimed = await deps.db.withTx(async (tx) => {
    const row = await repo.findForUpdate(tx, input.id);
    if (!row || (input.tenantId !== undefined && row.tenant_id !== input.tenantId))
      return { skip: 'Scheduled notification not found', row: null } as const;
    const reason = triggerSkipReason(row, input.version);
    if (reason) {
      await repo.audit(tx, {
        tenantId: row.tenant_id,
        notificationId: row.id,
        action: 'trigger_skipped',
        details: { reason, version: input.version, source: input.source },
      });
      return { skip: reason, row } as const;
    }
    await repo.setStatus(tx, row.id, 'PROCESSING');
    return { skip: null, row } as const;
  });
  if (claimed.skip !== null) {
    if (!claimed.row) return { status: 'error', notification_id: input.id, error: claimed.skip };
    return { status: 'skipped', reason: claimed.skip, notification_id: input.id };
  }
  const outcome = await executeNotification(deps, ctx, claimed.row);
  if (outcome.status === 'FAILED')
    return { status: 'error', notification_id: input.id, error: outcome.lastError ?? 'All channels failed' };
  return {
    status: 'success',
    notification_id: input.id,
    sent_via: outcome.sent,
    message: describeOutcome(outcome.sent, outcome.failed),
  };
}
