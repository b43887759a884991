import { badRequest, tooManyRequests, type RequestContext } from '@salon/service-kit';
import { secondsSinceCodeIssued, type VerificationChannel } from '../db/customer-session.repository';
import { currentCustomer } from './customer-access';
import { requestVerification } from './customer-creation';
import { RESEND_COOLDOWN_SECONDS } from './customer-rules';
import type { IdentityDeps } from './deps';

const NAMES = { email: 'Email', phone: 'Phone' } as const;

/**
 * POST /customer/auth/verify-email/resend and verify-phone/resend: a new code for the channel (the previous
 * one stops working), at most one per channel every 60 seconds (429 with Retry-After); 400 when the contact
 * is already verified or the customer has none.
 */
export async function resendVerificationCode(
  deps: IdentityDeps,
  ctx: RequestContext,
  { channel }: { channel: VerificationChannel },
) {
  await deps.db.withTx(async (tx) => {
    const customer = await currentCustomer(tx, ctx, { forUpdate: true });
    const [contact, verified] =
      channel === 'email'
        ? [customer.email, customer.email_verified]
        : [customer.phone, customer.phone_verified];
    if (contact === null)
      throw badRequest(`No ${channel === 'email' ? 'email address' : 'phone number'} to verify`);
    if (verified) throw badRequest(`${NAMES[channel]} already verified`);
    const since = await secondsSinceCodeIssued(tx, customer.id, channel);
    if (since !== undefined && since < RESEND_COOLDOWN_SECONDS) {
      const wait = Math.max(1, Math.ceil(RESEND_COOLDOWN_SECONDS - since));
      throw tooManyRequests(`Please wait ${wait} seconds before requesting a new code`, wait);
    }
    await requestVerification(deps, tx, ctx, customer, channel, 'resend');
  });
  return {
    success: true as const,
    message:
      channel === 'email'
        ? 'A new verification code has been sent to your email'
        : 'A new verification code has been sent to your phone',
  };
}
