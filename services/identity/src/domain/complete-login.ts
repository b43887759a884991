import { AppError, hashToken, newId, type RequestContext } from '@salon/service-kit';
import { consumeLoginToken } from '../db/token.repository';
import { activeMembershipsOf, findUser } from '../db/user.repository';
import type { IdentityDeps } from './deps';
import { invalidCredentials, issueTokens, type StaffTokens } from './staff-tokens';

const invalidLoginToken = () =>
  new AppError(401, 'Invalid or expired login token', { headers: { 'WWW-Authenticate': 'Bearer' } });

/** POST /auth/complete-login: the login token works once, within 5 minutes, for one of the user's tenants. */
export async function completeLogin(
  deps: IdentityDeps,
  _ctx: RequestContext,
  { loginToken, tenantId }: { loginToken: string; tenantId: string },
): Promise<StaffTokens> {
  return deps.db.withTx(async (tx) => {
    const userId = await consumeLoginToken(tx, hashToken(loginToken));
    if (!userId) throw invalidLoginToken();
    const user = await findUser(tx, userId);
    const [membership] = await activeMembershipsOf(tx, userId, tenantId);
    if (!user?.is_active || !membership) throw invalidCredentials();
    return issueTokens(deps, tx, user, membership, newId());
  });
}
