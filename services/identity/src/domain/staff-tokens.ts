import {
  AppError,
  REFRESH_TTL_SECONDS,
  STAFF_ACCESS_TTL_SECONDS,
  newId,
  type Executor,
  type Role,
} from '@salon/service-kit';
import { insertRefreshToken } from '../db/token.repository';
import type { MembershipWithTenant, UserRecord } from '../db/user.repository';
import type { IdentityDeps } from './deps';

// One answer for every refusal: which part was wrong is nobody's business but the account owner's.
export const invalidCredentials = () =>
  new AppError(401, 'Incorrect email or password', { headers: { 'WWW-Authenticate': 'Bearer' } });

export interface StaffTokens {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
  user: { id: string; email: string; first_name: string; last_name: string; role: Role };
  tenant: { id: string; name: string; slug: string } | null;
}

/** The tenant a token acts in, as its answer names it. */
export type TokenTenant = { id: string; name: string; slug: string };

/**
 * An access token for the membership (none: SUPER_ADMIN, platform-wide or, with `adminTenant`, scoped to that
 * tenant) and a refresh token of the family, which keeps the same tenant.
 */
export async function issueTokens(
  deps: IdentityDeps,
  tx: Executor,
  user: UserRecord,
  membership: MembershipWithTenant | null,
  familyId: string,
  adminTenant: TokenTenant | null = null,
): Promise<StaffTokens> {
  const role: Role = membership ? membership.role : 'SUPER_ADMIN';
  const tenant: TokenTenant | null = membership
    ? { id: membership.tenant_id, name: membership.tenant_name, slug: membership.tenant_slug }
    : adminTenant;
  const tenantId = tenant?.id ?? null;
  const accessToken = deps.signer.signStaffAccess(
    {
      sub: user.id,
      role,
      tenant_id: tenantId,
      outlet_ids: membership?.outlet_ids ?? [],
      staff_id: membership?.staff_id ?? null,
      sid: familyId,
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
    tenant,
  };
}
