import type { CustomerDeletedV1, CustomerRegisteredV1, EventEnvelope } from '@salon/contracts';
import type { Executor } from '@salon/service-kit';
import type { Channel } from '../../channels/channel';
import * as repo from '../../db/notification.repository';
import * as replicas from '../../db/replica.repository';
import { sendOnChannels } from '../../domain/deliver-notification';
import type { NotificationsDeps } from '../../domain/deps';
import { renderTemplate, templateLanguage } from '../../domain/templates';

const fullName = (first: string, last: string | null) => [first, last].filter(Boolean).join(' ');

export type VerificationMessage = Parameters<typeof sendOnChannels>[1];

/**
 * identity.customer.registered.v1, inside the inbox transaction: keeps the replica and prepares the
 * verification codes (the e-mail code by e-mail, the phone code by SMS). The codes are never stored, not even
 * in a scheduled notification; `sendVerificationCodes` sends them once the transaction has committed.
 */
export async function applyCustomerRegistered(
  event: EventEnvelope,
  tx: Executor,
): Promise<VerificationMessage[]> {
  const data = event.data as CustomerRegisteredV1;
  const name = fullName(data.first_name, data.last_name);
  await replicas.upsertCustomer(tx, {
    customer_id: data.customer_id,
    tenant_id: data.tenant_id,
    name,
    email: data.email,
    phone: data.phone,
    preferences: data.preferences,
    version: data.version,
  });
  const tenant = await replicas.findTenant(tx, data.tenant_id);
  const language = templateLanguage(data.preferences.language ?? tenant?.language);
  const codes: Array<[Channel, string | undefined]> = [
    ['email', data.verification.email?.code],
    ['sms', data.verification.phone?.code],
  ];
  return codes
    .filter((entry): entry is [Channel, string] => Boolean(entry[1]))
    .map(([channel, code]) => ({
      tenantId: data.tenant_id,
      notificationId: null,
      kind: 'verification_code' as const,
      recipient: { type: 'customer' as const, id: data.customer_id, email: data.email, phone: data.phone },
      preferences: data.preferences,
      channels: [channel],
      message: renderTemplate('verification_code', language, {
        tenantName: tenant?.name ?? 'Salon',
        timezone: tenant?.timezone ?? 'UTC',
        currency: tenant?.currency ?? 'USD',
        recipientName: name,
        code,
      }),
      reference: event.id,
    }));
}

/**
 * Sends prepared codes outside any transaction: sending is slow and `sendOnChannels` opens its own short
 * transactions (quota, delivery rows). A crash between the commit and the send loses the codes (at most
 * once); the customer can still book, as the spec allows, and a resend endpoint is the remedy.
 */
export async function sendVerificationCodes(deps: NotificationsDeps, messages: VerificationMessage[]) {
  for (const message of messages) await sendOnChannels(deps, message);
}

/** identity.customer.deleted.v1: the customer's notifications, deliveries and replica row are deleted. */
export async function applyCustomerDeleted(event: EventEnvelope, tx: Executor): Promise<void> {
  const data = event.data as CustomerDeletedV1;
  await repo.deleteForCustomer(tx, data.tenant_id, data.customer_id);
  await replicas.deleteCustomer(tx, data.tenant_id, data.customer_id);
}
