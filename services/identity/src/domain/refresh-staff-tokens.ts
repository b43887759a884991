import { AppError, type RequestContext } from '@salon/service-kit';
import { lockRefreshToken, markRefreshTokenUsed, revokeFamily } from '../db/token.repository';
import { findTenant } from '../db/tenant.repository';
import { activeMembershipsOf, findUser } from '../db/user.repository';
import type { IdentityDeps } from './deps';
import { issueTokens, type StaffTokens } from './staff-tokens';

const invalidRefresh = () =>
  new AppError(401, 'Invalid or expired refresh token', { headers: { 'WWW-Authenticate': 'Bearer' } });

/**
 * POST /auth/refresh: a refresh token works once and is replaced by a new pair of the same family. A token
 * presented a second time means it leaked: the whole family is revoked (that commits), then 401.
 */
export async function refreshStaffTokens(
  deps: IdentityDeps,
  _ctx: RequestContext,
  { refreshToken }: { refreshToken: string },
): Promise<StaffTokens> {
  let claims;
  try {
    claims = deps.verifier.verifyRefresh(refreshToken);
  } catch {
    throw invalidRefresh();
  }
  if (claims.kind !== 'staff') throw invalidRefresh();
  const outcome = await deps.db.withTx(async (tx): Promise<StaffTokens | 'reused' | 'invalid'> => {
    const stored = await lockRefreshToken(tx, claims.jti);
    if (!stored || stored.revoked || stored.expired) return 'invalid';
    if (stored.used) {
      await revokeFamily(tx, stored.family_id);
      return 'reused';
    }
    await markRefreshTokenUsed(tx, stored.jti);
    const user = await findUser(tx, stored.user_id);
    if (!user?.is_active) return 'invalid';
    if (user.is_super_admin) {
      // A tenant-scoped SUPER_ADMIN stays in its tenant (gone: the family ends).
      if (!stored.tenant_id) return issueTokens(deps, tx, user, null, stored.family_id);
      const tenant = await findTenant(tx, stored.tenant_id);
      if (!tenant) return 'invalid';
      return issueTokens(deps, tx, user, null, stored.family_id, tenant);
    }
    const [membership] = stored.tenant_id ? await activeMembershipsOf(tx, user.id, stored.tenant_id) : [];
    if (!membership) return 'invalid';
    return issueTokens(deps, tx, user, membership, stored.family_id);
  });
  if (typeof outcome === 'string') throw invalidRefresh();
  return outcome;
}
