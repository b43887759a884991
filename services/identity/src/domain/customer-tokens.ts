import { CUSTOMER_ACCESS_TTL_SECONDS, REFRESH_TTL_SECONDS } from '@salon/service-kit';
import type { IdentityDeps } from './deps';

/** Spec: a session (and its refresh token) lasts 30 days after login. */
export const SESSION_TTL_SECONDS = REFRESH_TTL_SECONDS;

export interface CustomerTokens {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
}

/** A customer access token and the session's refresh token (`refreshJti` is the session's current one). */
export function signCustomerTokens(
  deps: IdentityDeps,
  customer: { id: string; tenant_id: string },
  sessionId: string,
  refreshJti: string,
  refreshTtlSeconds: number,
): CustomerTokens {
  const claims = { sub: customer.id, tenant_id: customer.tenant_id, session_id: sessionId };
  return {
    access_token: deps.signer.signCustomerAccess(claims, CUSTOMER_ACCESS_TTL_SECONDS),
    refresh_token: deps.signer.signRefresh(
      { ...claims, customer_id: customer.id, jti: refreshJti, kind: 'customer' },
      refreshTtlSeconds,
    ),
    token_type: 'bearer',
    expires_in: CUSTOMER_ACCESS_TTL_SECONDS,
  };
}
