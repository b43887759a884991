import type { PasswordChangedV1, PasswordResetRequestedV1 } from '@salon/contracts';
import type { Executor } from '@salon/service-kit';
import * as replicas from '../db/replica.repository';
import type { OutgoingMessage } from './deliver-notification';
import type { Recipient } from './notification-rules';
import { fullName } from './replica-updates';
import {
  PLATFORM_NAME,
  renderTemplate,
  templateLanguage,
  type Language,
  type TemplateContext,
} from './templates';

/**
 * Who a message about an account comes from, and its language: the tenant replica's name, timezone and
 * language for a customer (tenant set); the platform (`PLATFORM_NAME`, UTC) for a staff user's account, which
 * belongs to no tenant. `language` (the account's own) wins over the tenant's; English when neither is known.
 */
export async function messageSender(
  tx: Executor,
  tenantId: string | null,
  language: string | null | undefined,
): Promise<{ language: Language; context: Pick<TemplateContext, 'tenantName' | 'timezone' | 'currency'> }> {
  const tenant = tenantId ? await replicas.findTenant(tx, tenantId) : null;
  return {
    language: templateLanguage(language ?? tenant?.language),
    context: {
      tenantName: tenant?.name ?? (tenantId ? 'Salon' : PLATFORM_NAME),
      timezone: tenant?.timezone ?? 'UTC',
      currency: tenant?.currency ?? 'USD',
    },
  };
}

type PasswordAccount = Pick<
  PasswordResetRequestedV1,
  'account_type' | 'account_id' | 'tenant_id' | 'email' | 'phone' | 'first_name' | 'last_name' | 'language'
>;

const recipientOf = (account: PasswordAccount): Recipient => ({
  type: account.account_type,
  id: account.account_id,
  email: account.email,
  phone: account.phone,
});

/**
 * A password reset code (identity.account.password_reset_requested.v1), rendered inside the inbox transaction
 * for `sendPrepared` after the commit: by e-mail when the reset was asked with the e-mail, by SMS when asked with
 * the phone. The code is never stored or logged. A code already expired when it is handled (the event waited on
 * the retry ladder) is not sent: nothing, rather than a code that cannot work.
 */
export async function preparePasswordResetCode(
  tx: Executor,
  data: PasswordResetRequestedV1,
  reference: string,
  now: Date,
): Promise<OutgoingMessage[]> {
  const validMs = Date.parse(data.expires_at) - now.getTime();
  if (validMs <= 0) return [];
  const { language, context } = await messageSender(tx, data.tenant_id, data.language);
  return [
    {
      tenantId: data.tenant_id,
      notificationId: null,
      kind: 'password_reset_code',
      recipient: recipientOf(data),
      preferences: null,
      channels: [data.channel === 'email' ? 'email' : 'sms'],
      message: renderTemplate('password_reset_code', language, {
        ...context,
        recipientName: fullName(data.first_name, data.last_name),
        code: data.code,
        validMinutes: Math.max(1, Math.round(validMs / 60_000)),
      }),
      reference,
    },
  ];
}

/**
 * "Your password was changed" (identity.account.password_changed.v1), by e-mail when the account has an
 * e-mail, else by SMS; rendered inside the inbox transaction for `sendPrepared` after the commit.
 */
export async function preparePasswordChanged(
  tx: Executor,
  data: PasswordChangedV1,
  reference: string,
): Promise<OutgoingMessage[]> {
  const { language, context } = await messageSender(tx, data.tenant_id, data.language);
  return [
    {
      tenantId: data.tenant_id,
      notificationId: null,
      kind: 'password_changed',
      recipient: recipientOf(data),
      preferences: null,
      // Neither contact known: e-mail is tried, and recorded as blocked for no address.
      channels: [data.email || !data.phone ? 'email' : 'sms'],
      message: renderTemplate('password_changed', language, {
        ...context,
        recipientName: fullName(data.first_name, data.last_name),
        changedAt: data.changed_at,
        changeReason: data.reason,
      }),
      reference,
    },
  ];
}
