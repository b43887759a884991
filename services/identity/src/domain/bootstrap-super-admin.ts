import { newId, uniqueViolation, type Logger } from '@salon/service-kit';
import { findUserByEmail, insertUser } from '../db/user.repository';
import type { IdentityDeps } from './deps';
import { hashPassword } from './passwords';

/** Creates the platform administrator when it does not exist yet; an existing account is left as it is. */
export async function bootstrapSuperAdmin(
  deps: IdentityDeps,
  logger: Logger,
  { email, password }: { email?: string; password?: string },
): Promise<void> {
  if (!email || !password) {
    logger.warn('SUPER_ADMIN_EMAIL / SUPER_ADMIN_PASSWORD not set: no platform administrator created');
    return;
  }
  if (await findUserByEmail(deps.db.orm, email)) return;
  const passwordHash = await hashPassword(password, deps.passwordCostLog2);
  try {
    await deps.db.withTx((tx) =>
      insertUser(tx, {
        id: newId(),
        email: email.toLowerCase(),
        password_hash: passwordHash,
        first_name: 'Platform',
        last_name: 'Administrator',
        is_super_admin: true,
      }),
    );
    logger.info({ email }, 'platform administrator created');
  } catch (error) {
    // Another replica created it at the same moment.
    if (uniqueViolation(error) === undefined) throw error;
  }
}
