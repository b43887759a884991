import { badRequest, notFound, type RequestContext } from '@salon/service-kit';
import { findUser, replaceUserPasswordHash } from '../db/user.repository';
import { staffIn } from './caller';
import type { IdentityDeps } from './deps';
import { assertNewPassword } from './password-change';
import { PASSWORD_CHANGED, passwordChanged, staffAccount } from './password-resets';

/** POST /auth/password/change: the current password and a new one; every session ends, this one included. */
export async function changeStaffPassword(
  deps: IdentityDeps,
  ctx: RequestContext,
  input: { current_password: string; new_password: string },
) {
  const caller = staffIn(ctx);
  const user = await findUser(deps.db.orm, caller.userId);
  if (!user?.is_active) throw notFound('User not found');
  const newHash = await assertNewPassword(deps, user.password_hash, input);
  const changed = await deps.db.withTx(async (tx) => {
    // A concurrent change or reset won: this one, checked against the old password, must not overwrite it.
    if (!(await replaceUserPasswordHash(tx, user.id, { from: user.password_hash, to: newHash })))
      return false;
    await passwordChanged(deps, tx, ctx, staffAccount(user), 'change');
    return true;
  });
  if (!changed) throw badRequest('Current password is incorrect');
  return PASSWORD_CHANGED;
}
