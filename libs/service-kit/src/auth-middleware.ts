import type { Request, RequestHandler } from 'express';
import type { AuthContext, CustomerAuth, Role, StaffAuth, TokenKind } from './auth-claims';
import { forbidden, unauthorized } from './errors';
import { tokenKidOf, type TokenVerifier } from './token-verifier';
import { VerifiedTokenCache } from './verified-token-cache';

const INSUFFICIENT = 'Insufficient permissions';

const bearerToken = (header: string | undefined): string | undefined =>
  /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];

/** Tokens per verifier: a client sends the same token on every request until it refreshes it. */
const TOKEN_CACHE_SIZE = 10_000;
// One cache per verifier (a service has one), shared by every route's middleware.
const caches = new WeakMap<TokenVerifier, VerifiedTokenCache>();
function cacheOf(verifier: TokenVerifier): VerifiedTokenCache {
  let cache = caches.get(verifier);
  if (cache === undefined) caches.set(verifier, (cache = new VerifiedTokenCache(verifier, TOKEN_CACHE_SIZE)));
  return cache;
}

/**
 * Verifies the bearer token (through the verifier's cache of tokens already verified, see
 * `VerifiedTokenCache`) and sets `req.auth`. No or bad token → 401; a valid token of a kind the route
 * does not serve (a customer on a staff route) → 403. A token naming a `kid` the verifier does not hold
 * first refreshes its JWKS (when it has one), so a newly published key works without a restart.
 */
export function authenticate(
  verifier: TokenVerifier,
  { allow }: { allow: readonly TokenKind[] },
): RequestHandler {
  const cache = cacheOf(verifier);
  return async (req, _res, next) => {
    const token = bearerToken(req.headers.authorization);
    if (token === undefined) throw unauthorized('Not authenticated');
    const kid = tokenKidOf(token);
    if (typeof kid === 'string' && !cache.has(token) && !verifier.knows(kid)) await verifier.refresh();
    verifier.refreshIfStale();
    const auth = cache.verifyAccess(token);
    if (!allow.includes(auth.kind)) throw forbidden(INSUFFICIENT);
    req.auth = auth;
    next();
  };
}

export function authOf(req: Request): AuthContext {
  if (!req.auth) throw unauthorized('Not authenticated');
  return req.auth;
}

export function staffOf(req: Request): StaffAuth {
  const auth = authOf(req);
  if (auth.kind !== 'staff') throw forbidden(INSUFFICIENT);
  return auth;
}

export function customerOf(req: Request): CustomerAuth {
  const auth = authOf(req);
  if (auth.kind !== 'customer') throw forbidden(INSUFFICIENT);
  return auth;
}

/** Lets only staff tokens with one of the roles through (use after `authenticate`). */
export const requireRoles =
  (...roles: Role[]): RequestHandler =>
  (req, _res, next) => {
    if (!roles.includes(staffOf(req).role)) throw forbidden(INSUFFICIENT);
    next();
  };
