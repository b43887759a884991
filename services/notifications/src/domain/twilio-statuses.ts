import type { NotificationsDeps } from './deps';
import type { ReportedDeliveryStatus } from './notification-rules';
import { recordProviderStatus } from './provider-statuses';

/** Twilio's final message statuses and what the delivery becomes; queued, sending, sent… change nothing. */
const REPORTED: Partial<Record<string, ReportedDeliveryStatus>> = {
  delivered: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
};

/**
 * Applies one Twilio status callback to the SMS delivery it names (by message sid): delivered, undelivered or
 * failed (with the error code as the reason). Redeliveries and out-of-order callbacks are harmless.
 */
export async function recordTwilioStatus(
  deps: NotificationsDeps,
  callback: { MessageSid: string; MessageStatus: string; ErrorCode?: string },
) {
  const status = REPORTED[callback.MessageStatus];
  const updated =
    status !== undefined &&
    (await recordProviderStatus(deps, {
      channel: 'sms',
      providerMessageId: callback.MessageSid,
      status,
      reason: callback.ErrorCode ? `twilio error ${callback.ErrorCode}` : null,
    }));
  return { received: 1, updated: updated ? 1 : 0 };
}
