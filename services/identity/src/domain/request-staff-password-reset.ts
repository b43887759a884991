import type { RequestContext } from '@salon/service-kit';
import { findUserByEmail } from '../db/user.repository';
import type { IdentityDeps } from './deps';
import { RESET_REQUESTED, issueResetCode, staffAccount } from './password-resets';

/** POST /auth/password/forgot: a reset code by e-mail to an active staff user; the same answer for anyone. */
export async function requestStaffPasswordReset(
  deps: IdentityDeps,
  ctx: RequestContext,
  { email }: { email: string },
) {
  const user = await findUserByEmail(deps.db.orm, email);
  if (user?.is_active)
    await deps.db.withTx((tx) => issueResetCode(deps, tx, ctx, staffAccount(user), 'email'));
  return RESET_REQUESTED;
}
