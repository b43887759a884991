import type { Channel } from '../channels/channel';
import * as repo from '../db/notification.repository';
import { countDelivery } from './delivery-metrics';
import type { NotificationsDeps } from './deps';
import { DELIVERY_STATUS_FOLLOWS, type ReportedDeliveryStatus } from './notification-rules';

/**
 * Moves the delivery a provider's status callback names (by the provider's message id) to the reported status,
 * only forwards (DELIVERY_STATUS_FOLLOWS): a redelivered or late callback changes nothing. True when it changed.
 * A delivery that moves to a failure is counted `undelivered` once, whatever the callback count.
 */
export async function recordProviderStatus(
  deps: NotificationsDeps,
  report: {
    channel: Channel;
    providerMessageId: string;
    status: ReportedDeliveryStatus;
    reason: string | null;
  },
): Promise<boolean> {
  const changed = await deps.db.withTx((tx) =>
    repo.recordDeliveryStatus(tx, { ...report, follows: DELIVERY_STATUS_FOLLOWS[report.status] }),
  );
  if (changed && (report.status === 'failed' || report.status === 'undelivered')) {
    countDelivery(report.channel, 'undelivered');
  }
  return changed;
}
