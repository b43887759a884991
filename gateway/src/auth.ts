import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import {
  AppError,
  forbidden,
  notFound,
  tokenKidOf,
  unauthorized,
  type AuthContext,
  VerifiedTokenCache,
  type TokenVerifier,
} from '@salon/service-kit';
import type { Area } from './routes';

const bearerToken = (header: string | undefined): string | undefined =>
  header === undefined ? undefined : /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];

const ALLOWED_KINDS: Partial<Record<Area, readonly AuthContext['kind'][]>> = {
  customer: ['customer'],
  staff: ['staff'],
  either: ['staff', 'customer'],
};

export interface Authenticator {
  /**
   * The verified caller from the bearer token. No token or an invalid one (bad signature, another
   * algorithm, wrong issuer or audience, expired, a refresh or other kind of token) → 401.
   */
  authenticate(headers: IncomingHttpHeaders): AuthContext;
  /**
   * As `authenticate`, but a token naming a `kid` the verifier does not hold first refreshes its JWKS (one
   * shared, rate-limited fetch), so a key identity has just published is accepted without a restart. A
   * cached or known-`kid` token takes the synchronous path.
   */
  authenticateAsync(headers: IncomingHttpHeaders): Promise<AuthContext>;
  /** The 403 for a valid token of a kind the area does not serve (a customer on a staff route), if any. */
  kindError(area: Area, auth: AuthContext): AppError | undefined;
  /** Internal routes: a valid X-Internal-Token (constant-time comparison), or 404 as if the path did not exist. */
  requireInternal(headers: IncomingHttpHeaders): void;
}

/**
 * Token checks with service-kit's verifier (a pre-built KeyObject, the algorithm pinned by the key type,
 * issuer, audience and expiry), in front of service-kit's bounded cache of tokens already verified
 * (`VerifiedTokenCache`, which the services use too). A token of a session identity has ended is refused
 * whether it was cached or not.
 */
export function createAuthenticator(
  verifier: TokenVerifier,
  {
    cacheSize,
    internalToken,
    isRevoked = () => false,
  }: {
    cacheSize: number;
    internalToken: string;
    /** Whether a session has ended (identity's list): its tokens are refused, cached or not. */
    isRevoked?: (sessionId: string) => boolean;
  },
): Authenticator {
  const cache = new VerifiedTokenCache(verifier, cacheSize);
  // As service-kit's requireInternalToken (which needs express's request): hashing both sides gives equal
  // lengths, so the comparison time reveals neither the token nor its length.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  const expectedDigest = digest(internalToken);

  const verify = (token: string): AuthContext => {
    const auth = verifySignature(token);
    if (auth.sessionId !== undefined && isRevoked(auth.sessionId)) throw sessionEnded();
    return auth;
  };

  const verifySignature = (token: string): AuthContext => {
    verifier.refreshIfStale();
    return cache.verifyAccess(token);
  };

  return {
    authenticate(headers) {
      const token = bearerToken(headers.authorization);
      if (token === undefined) throw unauthorized('Not authenticated');
      return verify(token);
    },
    async authenticateAsync(headers) {
      const token = bearerToken(headers.authorization);
      if (token === undefined) throw unauthorized('Not authenticated');
      const kid = tokenKidOf(token);
      if (typeof kid === 'string' && !cache.has(token) && !verifier.knows(kid)) await verifier.refresh();
      return verify(token);
    },
    kindError(area, auth) {
      const allowed = ALLOWED_KINDS[area];
      if (allowed === undefined) throw new Error(`area ${area} takes no access token`);
      return allowed.includes(auth.kind) ? undefined : forbidden('Insufficient permissions');
    },
    requireInternal(headers) {
      const given = headers['x-internal-token'];
      if (typeof given !== 'string' || !timingSafeEqual(digest(given), expectedDigest)) throw notFound();
    },
  };
}

const sessionEnded = () =>
  new AppError(401, 'Session has ended; sign in again', {
    headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
  });

export const isUnauthenticated = (error: unknown): error is AppError =>
  error instanceof AppError && error.status === 401;
