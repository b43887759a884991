import { badRequest, type RequestContext } from '@salon/service-kit';
import { findUserByEmail, setUserPasswordHash } from '../db/user.repository';
import type { IdentityDeps } from './deps';
import {
  PASSWORD_RESET,
  consumeResetCode,
  invalidResetCode,
  passwordChanged,
  staffAccount,
} from './password-resets';
import { hashPassword } from './passwords';

/**
 * POST /auth/password/reset: the e-mailed code and a new password. The new hash is made before the
 * transaction (scrypt takes about a second); an unknown e-mail is refused exactly like a wrong code.
 */
export async function resetStaffPassword(
  deps: IdentityDeps,
  ctx: RequestContext,
  input: { email: string; code: string; new_password: string },
) {
  const newHash = await hashPassword(input.new_password, deps.passwordCostLog2);
  const user = await findUserByEmail(deps.db.orm, input.email);
  const reset =
    user?.is_active === true &&
    (await deps.db.withTx(async (tx) => {
      const account = staffAccount(user);
      if (!(await consumeResetCode(tx, account, input.code))) return false;
      await setUserPasswordHash(tx, user.id, newHash);
      await passwordChanged(deps, tx, ctx, account, 'reset');
      return true;
    }));
  if (!reset) throw badRequest(invalidResetCode);
  return PASSWORD_RESET;
}
