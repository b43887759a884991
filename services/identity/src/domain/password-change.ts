import { badRequest } from '@salon/service-kit';
import type { IdentityDeps } from './deps';
import { hashPassword, verifyPassword } from './passwords';

/**
 * A signed-in change: the current password must match (400 otherwise: a 401 would read as an expired token)
 * and the new one must differ from it. Answers the new hash, made outside any transaction.
 */
export async function assertNewPassword(
  deps: IdentityDeps,
  storedHash: string | null,
  { current_password, new_password }: { current_password: string; new_password: string },
): Promise<string> {
  if (storedHash === null || !(await verifyPassword(current_password, storedHash)))
    throw badRequest('Current password is incorrect');
  if (current_password === new_password)
    throw badRequest('The new password must differ from the current one');
  return hashPassword(new_password, deps.passwordCostLog2);
}
