import { hashToken, newId, newSecretToken, type RequestContext, type Role } from '@salon/service-kit';
import { insertLoginToken } from '../db/token.repository';
import { activeMembershipsOf, findUserByEmail } from '../db/user.repository';
import type { IdentityDeps } from './deps';
import { rehashOnLogin } from './password-rehash';
import { verifyAgainstNothing, verifyPassword } from './passwords';
import { invalidCredentials, issueTokens, type StaffTokens } from './staff-tokens';

export const LOGIN_TOKEN_TTL_SECONDS = 5 * 60;

export interface OrganizationSelection {
  requires_organization_selection: true;
  login_token: string;
  organizations: { tenant_id: string; name: string; slug: string; role: Role }[];
}

/** POST /auth/login: one membership (or SUPER_ADMIN) → tokens; several → organisation selection. */
export async function staffLogin(
  deps: IdentityDeps,
  _ctx: RequestContext,
  { email, password }: { email: string; password: string },
): Promise<StaffTokens | OrganizationSelection> {
  const user = await findUserByEmail(deps.db.orm, email);
  const valid = user
    ? await verifyPassword(password, user.password_hash)
    : await verifyAgainstNothing(password, deps.passwordCostLog2);
  if (!user || !valid || !user.is_active) throw invalidCredentials();
  await rehashOnLogin(deps, { kind: 'user', id: user.id, password_hash: user.password_hash }, password);

  return deps.db.withTx(async (tx) => {
    if (user.is_super_admin) return issueTokens(deps, tx, user, null, newId());
    const memberships = await activeMembershipsOf(tx, user.id);
    if (memberships.length === 0) throw invalidCredentials();
    if (memberships.length === 1) return issueTokens(deps, tx, user, memberships[0]!, newId());

    const loginToken = newSecretToken();
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
