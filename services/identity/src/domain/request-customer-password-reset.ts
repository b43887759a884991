import type { RequestContext } from '@salon/service-kit';
import type { IdentityDeps } from './deps';
import { RESET_REQUESTED, customerAccount, customerForReset, issueResetCode } from './password-resets';

/**
 * POST /customer/auth/password/forgot: a reset code to the business's active customer with that e-mail (by
 * e-mail) or phone (by SMS); the same answer whether or not there is one. A customer created by staff without
 * a password sets one this way.
 */
export async function requestCustomerPasswordReset(
  deps: IdentityDeps,
  ctx: RequestContext,
  input: { tenant_slug: string; email?: string; phone?: string },
) {
  const customer = await customerForReset(deps, input);
  if (customer)
    await deps.db.withTx((tx) =>
      issueResetCode(deps, tx, ctx, customerAccount(customer), input.email ? 'email' : 'phone'),
    );
  return RESET_REQUESTED;
}
