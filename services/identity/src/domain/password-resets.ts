import type { PasswordChangedV1, PasswordResetRequestedV1 } from '@salon/contracts';
import { newEvent, originOf } from '@salon/messaging';
import { badRequest, normalisePhone, type Executor, type RequestContext } from '@salon/service-kit';
import { findLoginCandidates, type CustomerRecord } from '../db/customer.repository';
import {
  countFailedResetAttempt,
  countResetRequest,
  deleteResetCode,
  lockResetCode,
  upsertResetCode,
} from '../db/password-reset.repository';
import type { UserRecord } from '../db/user.repository';
import { activeTenantBySlug } from './customer-access';
import { tenantRegion } from './phone-region';
import { MAX_CODE_ATTEMPTS, hashVerificationCode, newVerificationCode } from './customer-rules';
import { PRODUCER, type IdentityDeps } from './deps';
import { endCustomerSessions, endStaffSessions } from './end-sessions';

export const RESET_CODE_TTL_SECONDS = 30 * 60;
/** Reset requests an account may make in an hour; beyond it nothing is sent (and the answer is the same). */
export const MAX_RESET_REQUESTS_PER_HOUR = 5;

/** The same answer whether or not the account exists, so the endpoint reveals nobody's address. */
export const RESET_REQUESTED = {
  success: true as const,
  message: 'If an account exists for these details, a password reset code has been sent to it',
};

/** An account a password message is about, in the events' terms. */
export type PasswordAccount = Omit<PasswordChangedV1, 'reason' | 'changed_at'>;

export const staffAccount = (user: UserRecord): PasswordAccount => ({
  account_type: 'staff',
  account_id: user.id,
  tenant_id: null,
  email: user.email,
  phone: null,
  first_name: user.first_name,
  last_name: user.last_name,
  language: null,
});

export const customerAccount = (customer: CustomerRecord): PasswordAccount => ({
  account_type: 'customer',
  account_id: customer.id,
  tenant_id: customer.tenant_id,
  email: customer.email,
  phone: customer.phone,
  first_name: customer.first_name,
  last_name: customer.last_name,
  language: customer.preferences.language,
});

const refOf = (account: PasswordAccount) => ({ type: account.account_type, id: account.account_id });
const hashResetCode = (account: PasswordAccount, code: string) =>
  hashVerificationCode(account.account_id, `password-reset:${account.account_type}`, code);

/**
 * A new reset code for the account (the previous one stops working), sent on the channel it was asked by,
 * unless the account has asked MAX_RESET_REQUESTS_PER_HOUR times within the hour: then nothing is sent and
 * the refusal is logged, never told (the caller's answer stays the same).
 */
export async function issueResetCode(
  deps: IdentityDeps,
  tx: Executor,
  ctx: RequestContext,
  account: PasswordAccount,
  channel: PasswordResetRequestedV1['channel'],
): Promise<void> {
  const requests = await countResetRequest(tx, refOf(account));
  if (requests > MAX_RESET_REQUESTS_PER_HOUR) {
    deps.logger.warn(
      { account_type: account.account_type, account_id: account.account_id, requests },
      'password reset requests over the hourly limit: no code sent',
    );
    return;
  }
  const code = newVerificationCode();
  const { expires_at } = await upsertResetCode(tx, refOf(account), {
    code_hash: hashResetCode(account, code),
    ttlSeconds: RESET_CODE_TTL_SECONDS,
  });
  await deps.store.enqueue(tx, [
    newEvent(
      'identity.account.password_reset_requested.v1',
      { ...account, channel, code, expires_at },
      originOf(ctx, PRODUCER, account.tenant_id),
    ),
  ]);
}

/**
 * Uses up the account's reset code: true for the current code, unexpired, with fewer than MAX_CODE_ATTEMPTS
 * wrong tries before it. A wrong code counts a try (the caller must commit even when refusing).
 */
export async function consumeResetCode(
  tx: Executor,
  account: PasswordAccount,
  code: string,
): Promise<boolean> {
  const stored = await lockResetCode(tx, refOf(account));
  if (!stored || stored.expired || stored.attempts >= MAX_CODE_ATTEMPTS) return false;
  if (stored.code_hash !== hashResetCode(account, code)) {
    await countFailedResetAttempt(tx, refOf(account));
    return false;
  }
  await deleteResetCode(tx, refOf(account));
  return true;
}

/**
 * After the new hash is stored: every session of the account ends (`password_changed`, the one that made a
 * change included), an unused reset code goes, and the owner is told.
 */
export async function passwordChanged(
  deps: IdentityDeps,
  tx: Executor,
  ctx: RequestContext,
  account: PasswordAccount,
  reason: PasswordChangedV1['reason'],
): Promise<void> {
  if (account.account_type === 'staff') await endStaffSessions(tx, account.account_id, 'password_changed');
  else await endCustomerSessions(tx, account.account_id, 'password_changed');
  await deleteResetCode(tx, refOf(account));
  await deps.store.enqueue(tx, [
    newEvent(
      'identity.account.password_changed.v1',
      { ...account, reason, changed_at: new Date().toISOString() },
      originOf(ctx, PRODUCER, account.tenant_id),
    ),
  ]);
}

export const invalidResetCode = 'Invalid or expired reset code';
export const PASSWORD_RESET = {
  success: true as const,
  message: 'Your password has been reset; sign in with the new password',
};
export const PASSWORD_CHANGED = {
  success: true as const,
  message: 'Your password has been changed; sign in again with the new password',
};

/** The business's active customer with the e-mail or phone given, if any (an unknown business is a 404). */
export async function customerForReset(
  deps: IdentityDeps,
  input: { tenant_slug: string; email?: string; phone?: string },
) {
  if (!input.email && !input.phone) throw badRequest('Either email or phone is required');
  const tenant = await activeTenantBySlug(deps.db.orm, input.tenant_slug);
  const contact = input.email
    ? { email: input.email }
    : { phone: normalisePhone(input.phone!, tenantRegion(tenant), ['body', 'phone']) };
  const [customer] = await findLoginCandidates(deps.db.orm, contact, tenant.id);
  return customer?.is_active ? customer : undefined;
}
