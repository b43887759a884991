import { badRequest, type RequestContext } from '@salon/service-kit';
import { updateCustomer, type CustomerRecord } from '../db/customer.repository';
import {
  countFailedAttempt,
  deleteVerificationCode,
  lockVerificationCode,
  type VerificationChannel,
} from '../db/customer-session.repository';
import { currentCustomer } from './customer-access';
import { MAX_CODE_ATTEMPTS, hashVerificationCode } from './customer-rules';
import type { IdentityDeps } from './deps';
import { publishCustomerUpdated } from './events';

const invalidCode = () => badRequest('Invalid or expired verification code');

/**
 * POST /customer/auth/verify-email and verify-phone: the channel's current code, unexpired, with fewer than
 * 5 wrong attempts. A wrong attempt is counted (that commits) and answers 400.
 */
export async function verifyContact(
  deps: IdentityDeps,
  ctx: RequestContext,
  { channel, code }: { channel: VerificationChannel; code: string },
) {
  const outcome = await deps.db.withTx(async (tx): Promise<CustomerRecord | 'invalid'> => {
    const customer = await currentCustomer(tx, ctx, { forUpdate: true });
    const stored = await lockVerificationCode(tx, customer.id, channel);
    if (!stored || stored.expired || stored.attempts >= MAX_CODE_ATTEMPTS) return 'invalid';
    if (stored.code_hash !== hashVerificationCode(customer.id, channel, code)) {
      await countFailedAttempt(tx, customer.id, channel);
      return 'invalid';
    }
    await deleteVerificationCode(tx, customer.id, channel);
    const updated = await updateCustomer(
      tx,
      customer.id,
      channel === 'email' ? { email_verified: true } : { phone_verified: true },
    );
    await publishCustomerUpdated(deps, tx, ctx, updated);
    return updated;
  });
  if (outcome === 'invalid') throw invalidCode();
  return {
    success: true as const,
    message: channel === 'email' ? 'Email verified' : 'Phone verified',
    email_verified: outcome.email_verified,
    phone_verified: outcome.phone_verified,
  };
}
