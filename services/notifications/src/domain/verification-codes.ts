import type { CustomerRegisteredV1, CustomerVerificationRequestedV1 } from '@salon/contracts';
import type { Executor } from '@salon/service-kit';
import type { Channel } from '../channels/channel';
import { messageSender } from './account-messages';
import type { OutgoingMessage } from './deliver-notification';
import { fullName } from './replica-updates';
import { renderTemplate } from './templates';

/**
 * A new customer's verification codes (the e-mail code by e-mail, the phone code by SMS), rendered inside the
 * inbox transaction. The codes are never stored, not even in a scheduled notification; `sendPrepared` sends
 * them once the transaction has committed.
 */
export async function prepareVerificationCodes(
  tx: Executor,
  data: Pick<
    CustomerRegisteredV1,
    | 'customer_id'
    | 'tenant_id'
    | 'email'
    | 'phone'
    | 'first_name'
    | 'last_name'
    | 'preferences'
    | 'verification'
  >,
  reference: string,
): Promise<OutgoingMessage[]> {
  const { language, context } = await messageSender(tx, data.tenant_id, data.preferences.language);
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
        ...context,
        recipientName: fullName(data.first_name, data.last_name),
        code,
      }),
      reference,
    }));
}

/**
 * A code asked for again or for a changed phone (identity.customer.verification_requested.v1): the e-mail code
 * by e-mail, the phone code by SMS, rendered as the registration's codes are and sent after commit too.
 */
export async function prepareRequestedCode(
  tx: Executor,
  data: CustomerVerificationRequestedV1,
  reference: string,
): Promise<OutgoingMessage[]> {
  return prepareVerificationCodes(
    tx,
    {
      ...data,
      verification: {
        email: data.channel === 'email' ? { code: data.code, expires_at: data.expires_at } : null,
        phone: data.channel === 'phone' ? { code: data.code, expires_at: data.expires_at } : null,
      },
    },
    reference,
  );
}
