import { createPublicKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { accessClaimsSchema, refreshClaimsSchema, type AuthContext, type RefreshClaims } from './auth-claims';
import { AppError } from './errors';
import { algorithmFor, type JwtAlgorithm } from './jwt-keys';

export interface TokenVerifierOptions {
  publicKeyPem: string;
  issuer: string;
  audience: string;
  clockToleranceSeconds?: number;
}

export interface TokenVerifier {
  readonly algorithm: JwtAlgorithm;
  /** Verifies a staff or customer access token; anything else (refresh tokens included) is a 401. */
  verifyAccess(token: string): AuthContext;
  /** Verifies a refresh token (identity's refresh endpoint is its only reader). */
  verifyRefresh(token: string): RefreshClaims;
}

// One message for every failure: telling a caller *why* a token failed helps only an attacker.
const invalidToken = (cause?: unknown) =>
  new AppError(401, 'Invalid or expired token', {
    cause,
    headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
  });

export function createTokenVerifier({
  publicKeyPem,
  issuer,
  audience,
  clockToleranceSeconds = 5,
}: TokenVerifierOptions): TokenVerifier {
  // Built once: parsing the PEM on every request is the expensive part of verification.
  const key = createPublicKey(publicKeyPem);
  const algorithm = algorithmFor(key);
  const options: jwt.VerifyOptions = {
    algorithms: [algorithm],
    issuer,
    audience,
    clockTolerance: clockToleranceSeconds,
  };

  const verified = (token: string): unknown => {
    try {
      return jwt.verify(token, key, options);
    } catch (error) {
      throw invalidToken(error);
    }
  };

  return {
    algorithm,
    verifyAccess(token) {
      const parsed = accessClaimsSchema.safeParse(verified(token));
      if (!parsed.success) throw invalidToken();
      const claims = parsed.data;
      if (claims.typ === 'customer') {
        return {
          kind: 'customer',
          customerId: claims.sub,
          tenantId: claims.tenant_id,
          sessionId: claims.session_id,
        };
      }
      return {
        kind: 'staff',
        userId: claims.sub,
        tenantId: claims.tenant_id,
        role: claims.role,
        outletIds: claims.outlet_ids,
        ...(claims.staff_id ? { staffId: claims.staff_id } : {}),
        tokenId: claims.jti,
      };
    },
    verifyRefresh(token) {
      const parsed = refreshClaimsSchema.safeParse(verified(token));
      if (!parsed.success) throw invalidToken();
      return parsed.data;
    },
  };
}
