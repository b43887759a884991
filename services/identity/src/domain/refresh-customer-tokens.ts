import { AppError, newId, type RequestContext } from '@salon/service-kit';
import { findCustomer } from '../db/customer.repository';
import { endSession, lockSession, rotateSessionRefresh } from '../db/customer-session.repository';
import { findTenant } from '../db/tenant.repository';
import { signCustomerTokens, type CustomerTokens } from './customer-tokens';
import type { IdentityDeps } from './deps';

const invalidRefresh = () =>
  new AppError(401, 'Invalid or expired refresh token', { headers: { 'WWW-Authenticate': 'Bearer' } });

/**
 * POST /customer/auth/refresh: the session must be active and unexpired and the token its current one. A
 * refresh token presented after it was rotated means it leaked: the session is invalidated (commits), 401.
 */
export async function refreshCustomerTokens(
  deps: IdentityDeps,
  _ctx: RequestContext,
  { refreshToken }: { refreshToken: string },
): Promise<CustomerTokens> {
  let claims;
  try {
    claims = deps.verifier.verifyRefresh(refreshToken);
  } catch {
    throw invalidRefresh();
  }
  const sessionId = claims.session_id;
  if (claims.kind !== 'customer' || typeof sessionId !== 'string') throw invalidRefresh();

  const outcome = await deps.db.withTx(async (tx): Promise<CustomerTokens | 'invalid'> => {
    const session = await lockSession(tx, sessionId);
    if (!session || session.status !== 'active' || session.customer_id !== claims.sub) return 'invalid';
    if (session.past_expiry) {
      await endSession(tx, session.id, 'expired', 'expired');
      return 'invalid';
    }
    if (session.refresh_jti !== claims.jti) {
      await endSession(tx, session.id, 'invalidated', 'security');
      return 'invalid';
    }
    const customer = await findCustomer(tx, session.tenant_id, session.customer_id);
    const tenant = await findTenant(tx, session.tenant_id);
    if (!customer?.is_active || !tenant?.is_active) return 'invalid';
    const refreshJti = newId();
    await rotateSessionRefresh(tx, session.id, refreshJti);
    const remaining = Math.max(1, Math.floor((Date.parse(session.expires_at) - Date.now()) / 1000));
    return signCustomerTokens(deps, customer, session.id, refreshJti, remaining);
  });
  if (outcome === 'invalid') throw invalidRefresh();
  return outcome;
}
