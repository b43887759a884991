import type { MessageStatus, StatusWebhook } from '../channels/whatsapp-cloud';
import type { NotificationsDeps } from './deps';
import type { ReportedDeliveryStatus } from './notification-rules';
import { recordProviderStatus } from './provider-statuses';

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
    const changed = await recordProviderStatus(deps, {
      channel: 'whatsapp',
      providerMessageId: reported.id,
      status,
      reason: error ? `whatsapp error ${error.code}${error.title ? `: ${error.title}` : ''}` : null,
    });
    if (changed) updated += 1;
  }
  return { received: statuses.length, updated };
}
