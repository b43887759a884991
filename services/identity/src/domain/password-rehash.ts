import { replaceCustomerPasswordHash } from '../db/customer.repository';
import { replaceUserPasswordHash } from '../db/user.repository';
import type { IdentityDeps } from './deps';
import { hashPassword, needsRehash } from './passwords';

/**
 * After a successful login: a password hash made at a lower cost than PASSWORD_HASH_COST_LOG2 is stored again
 * at today's cost. It never fails the login: a failed rehash is logged and tried again at the next login.
 */
export async function rehashOnLogin(
  deps: IdentityDeps,
  account: { kind: 'user' | 'customer'; id: string; password_hash: string },
  password: string,
): Promise<void> {
  if (!needsRehash(account.password_hash, deps.passwordCostLog2)) return;
  try {
    const rehashed = await hashPassword(password, deps.passwordCostLog2);
    const change = { from: account.password_hash, to: rehashed };
    await deps.db.withTx((tx) =>
      account.kind === 'user'
        ? replaceUserPasswordHash(tx, account.id, change)
        : replaceCustomerPasswordHash(tx, account.id, change),
    );
  } catch (error) {
    deps.logger.error({ err: error, account: account.kind, id: account.id }, 'password rehash failed');
  }
}
