import { newId } from '@salon/service-kit';
import type { SandboxChannel } from './sandbox-client';
import type { Platform } from './platform';

/** The base URL of a channel sandbox's provider API (its listing URL without `/sandbox/messages`). */
export const sandboxApi = (platform: Platform, channel: SandboxChannel) =>
  platform.sandbox.addresses.listUrls[channel].replace(/\/sandbox\/messages$/, '');

/**
 * A delivery row as notifications records it after sending `providerMessageId` on `channel`, for the status
 * callback tests (no journey sends on that channel, and the callback is what is under test), and a reader of
 * its status.
 */
export async function recordedDelivery(
  platform: Platform,
  channel: SandboxChannel,
  kind: string,
  providerMessageId: string,
) {
  const id = newId();
  await platform.query(
    'notifications',
    `INSERT INTO notifications.deliveries (id, tenant_id, kind, channel, status, provider_message_id)
     VALUES ($1, NULL, $2, $3, 'sent', $4)`,
    [id, kind, channel, providerMessageId],
  );
  const status = async () =>
    (
      await platform.query<{ status: string }>(
        'notifications',
        'SELECT status FROM notifications.deliveries WHERE id = $1',
        [id],
      )
    )[0]!.status;
  return { id, status };
}
