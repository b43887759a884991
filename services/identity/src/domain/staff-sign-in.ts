import { createHash, randomBytes } from 'node:crypto';
import {
  AppError,
  REFRESH_TTL_SECONDS,
  STAFF_ACCESS_TTL_SECONDS,
  newId,
  type Executor,
  type Role,
} from '@salon/service-kit';
import {
  consumeLoginToken,
  insertLoginToken,
  insertRefreshToken,
  lockRefreshToken,
  markRefreshTokenUsed,
  revokeFamily,
} from '../db/token.repository';
import {
  activeMembershipsOf,
  findUser,
  findUserByEmail,
  type MembershipWithTenant,
  type UserRecord,
} from '../db/user.repository';
import type { IdentityDeps } from './deps';
import { verifyAgainstNothing, verifyPassword } from './passwords';

export const LOGIN_TOKEN_TTL_SECONDS = 5 * 60;

// One answer for every refusal: which part was wrong is nobody's business but the account owner's.
const invalidCredentials = () =>
  new AppError(401, 'Incorrect email or password', { headers: { 'WWW-Authenticate': 'Bearer' } });
const invalidRefresh = () =>
  new AppError(401, 'Invalid or expired refresh token', { headers: { 'WWW-Authenticate': 'Bearer' } });
const invalidLoginToken = () =>
  new AppError(401, 'Invalid or expired login token', { headers: { 'WWW-Authenticate': 'Bearer' } });

export interface StaffTokens {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
  user: { id: string; email: string; first_name: string; last_name: string; role: Role };
  tenant: { id: string; name: string; slug: string } | null;
}

export interface OrganizationSelection {
  requires_organization_selection: true;
  login_token: string;
  organizations: { tenant_id: string; name: string; slug: string; role: Role }[];
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** POST /auth/login: one membership (or SUPER_ADMIN) → tokens; several → organisation selection. */
export async function staffLogin(
  deps: IdentityDeps,
  { email, password }: { email: string; password: string },
): Promise<StaffTokens | OrganizationSelection> {
  const user = await findUserByEmail(deps.db.orm, email);
  const valid = user
    ? await verifyPassword(password, user.password_hash)
    : await verifyAgainstNothing(password);
  if (!user || !valid || !user.is_active) throw invalidCredentials();

  return deps.db.withTx(async (tx) => {
    if (user.is_super_admin) return issueTokens(deps, tx, user, null, newId());
    const memberships = await activeMembershipsOf(tx, user.id);
    if (memberships.length === 0) throw invalidCredentials();
    if (memberships.length === 1) return issueTokens(deps, tx, user, memberships[0]!, newId());

    const loginToken = randomBytes(32).toString('base64url');
    await insertLoginToken(tx, {
      token_hash: hashToken(loginToken),
      user_id: user.id,
      ttlSeconds: LOGIN_TOKEN_TTL_SECONDS,
    });
    return {
      requires_organization_selection: true as const,
      login_token: loginToken,
      organizations: memberships.map((membership) => ({
        tenant_id: membership.tenant_id,
        name: membership.tenant_name,
        slug: membership.tenant_slug,
        role: membership.role,
      })),
    };
  });
}

/** POST /auth/complete-login: the login token works once, within 5 minutes, for one of the user's tenants. */
export async function completeLogin(
  deps: IdentityDeps,
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

/**
 * POST /auth/refresh: a refresh token works once and is replaced by a new pair of the same family. A token
 * presented a second time means it leaked: the whole family is revoked (that commits), then 401.
 */
export async function refreshStaffTokens(deps: IdentityDeps, refreshToken: string): Promise<StaffTokens> {
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
    if (user.is_super_admin) return issueTokens(deps, tx, user, null, stored.family_id);
    const [membership] = stored.tenant_id ? await activeMembershipsOf(tx, user.id, stored.tenant_id) : [];
    if (!membership) return 'invalid';
    return issueTokens(deps, tx, user, membership, stored.family_id);
  });
  if (typeof outcome === 'string') throw invalidRefresh();
  return outcome;
}

async function issueTokens(
  deps: IdentityDeps,
  tx: Executor,
  user: UserRecord,
  membership: MembershipWithTenant | null,
  familyId: string,
): Promise<StaffTokens> {
  const role: Role = membership ? membership.role : 'SUPER_ADMIN';
  const tenantId = membership?.tenant_id ?? null;
  const accessToken = deps.signer.signStaffAccess(
    {
      sub: user.id,
      role,
      tenant_id: tenantId,
      outlet_ids: membership?.outlet_ids ?? [],
      staff_id: membership?.staff_id ?? null,
    },
    STAFF_ACCESS_TTL_SECONDS,
  );
  const jti = newId();
  await insertRefreshToken(tx, {
    jti,
    family_id: familyId,
    user_id: user.id,
    tenant_id: tenantId,
    ttlSeconds: REFRESH_TTL_SECONDS,
  });
  const refreshToken = deps.signer.signRefresh({ sub: user.id, jti, kind: 'staff' }, REFRESH_TTL_SECONDS);
  return {
    access_token: accessToken,
    refresh_token: refreshToken,
    token_type: 'bearer',
    expires_in: STAFF_ACCESS_TTL_SECONDS,
    user: { id: user.id, email: user.email, first_name: user.first_name, last_name: user.last_name, role },
    tenant: membership
      ? { id: membership.tenant_id, name: membership.tenant_name, slug: membership.tenant_slug }
      : null,
  };
}
