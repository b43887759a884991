import type { MessageStatus, StatusWebhook } from '../channels/whatsapp-cloud';
import * as repo from '../db/notification.repository';
import { countDelivery } from './delivery-metrics';
import type { NotificationsDeps } from './deps';
import { DELIVERY_STATUS_FOLLOWS, type ReportedDeliveryStatus } from './notification-rules';

const REPORTED = new Set<string>(['delivered', 'read', 'failed']);

/**
 * Applies the statuses of a WhatsApp status webhook to the deliveries they name (by wamid): delivered, read,
 * failed (with the error code as the reason). `sent` and a status the delivery is already past change nothing,
 * so Meta's redeliveries and out-of-order callbacks are harmless. Returns how many deliveries changed.
 */
export async function recordWhatsAppStatuses(deps: NotificationsDeps, webhook: StatusWebhook) {
  const statuses: MessageStatus[] = webhook.entry.flatMap((entry) =>
    entry.changes.filter((c) => c.field === 'messages').flatMap((c) => c.value.statuses ?? []),
  );
  let updated = 0;
  for (const reported of statuses) {
    if (!REPORTED.has(reported.status)) continue;
    const status = reported.status as ReportedDeliveryStatus;
    const error = reported.errors?.[0];
    const changed = await deps.db.withTx((tx) =>
      repo.recordDeliveryStatus(tx, {
        channel: 'whatsapp',
        providerMessageId: reported.id,
        status,
        follows: DELIVERY_STATUS_FOLLOWS[status],
        reason: error ? `whatsapp error ${error.code}${error.title ? `: ${error.title}` : ''}` : null,
      }),
    );
    if (changed) updated += 1;
    // Counted once, when the delivery moves to failed; a repeated callback changes nothing and counts nothing.
    if (changed && status === 'failed') countDelivery('whatsapp', 'undelivered');
  }
  return { received: statuses.length, updated };
}
