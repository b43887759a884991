import { badRequest, notFound, type RequestContext } from '@salon/service-kit';
import * as repo from '../db/notification.repository';
import { describeOutcome, executeNotification } from './deliver-notification';
import type { NotificationsDeps } from './deps';
import { permanentlyRejected, retryDecision } from './notification-rules';

/**
 * Spec retry: FAILED only, at most NOTIFICATION_MAX_RETRIES unless force; audit entry; send again now. A channel
 * the provider rejected for good (an invalid number) is not sent again unless force (the address was corrected).
 */
export async function retryNotification(
  deps: NotificationsDeps,
  ctx: RequestContext,
  { id, force }: { id: string; force: boolean },
) {
  const { row, skipped } = await deps.db.withTx(async (tx) => {
    const found = await repo.findForUpdate(tx, id);
    if (!found) throw notFound('Scheduled notification not found');
    const decision = retryDecision(
      found.status,
      found.retry_count,
      deps.config.NOTIFICATION_MAX_RETRIES,
      force,
    );
    if (!decision.ok) throw badRequest(decision.detail);
    const rejected = permanentlyRejected(found.failed_channels);
    if (!force && found.channels.every((channel) => rejected.some((r) => r.channel === channel)))
      throw badRequest(
        `Not retried: every channel was rejected for good (${rejected.map((f) => `${f.channel}: ${f.error ?? f.reason}`).join('; ')}); use force after correcting the address`,
      );
    const retryCount = await repo.markForRetry(tx, id);
    await repo.audit(tx, {
      tenantId: found.tenant_id,
      notificationId: id,
      action: 'retry',
      details: { retry_count: retryCount, force, previous_error: found.last_error },
    });
    await repo.setStatus(tx, id, 'PROCESSING');
    return { row: { ...found, retry_count: retryCount }, skipped: force ? [] : rejected };
  });
  const outcome = await executeNotification(deps, ctx, row, skipped);
  if (outcome.status === 'FAILED')
    return {
      status: 'error' as const,
      notification_id: id,
      retry_count: row.retry_count,
      sent_via: outcome.sent,
      error: outcome.lastError ?? 'All channels failed',
    };
  return {
    status: 'success' as const,
    notification_id: id,
    retry_count: row.retry_count,
    sent_via: outcome.sent,
    message: describeOutcome(outcome.sent, outcome.failed),
  };
}
