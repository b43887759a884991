import jwt from 'jsonwebtoken';
import { accessClaimsSchema, refreshClaimsSchema, type AuthContext, type RefreshClaims } from './auth-claims';
import { AppError } from './errors';
import {
  verificationKeyFromJwk,
  verificationKeysFromPem,
  type JwtAlgorithm,
  type VerificationKey,
} from './jwt-keys';

/** Where a verifier loads more keys from: identity's JWKS document (`GET /internal/jwks`). */
export interface JwksSourceOptions {
  url: string;
  /** Sent as X-Internal-Token: identity serves its JWKS on an internal route. */
  internalToken?: string;
  /** A token with an unknown `kid` refetches at most this often (default 5 s); concurrent misses share one fetch. */
  minRefreshIntervalMs?: number;
  /** A document older than this is refetched in the background on the next verification (default 5 min). */
  maxAgeMs?: number;
  /** Per fetch (default 3 s). */
  timeoutMs?: number;
  /** A failed fetch keeps the keys already held; this hears why (the verifier has no logger). */
  onError?: (error: unknown) => void;
}

export interface TokenVerifierOptions {
  /** One PEM public key or several concatenated: every one is accepted (each with its own algorithm). */
  publicKeyPem: string;
  issuer: string;
  audience: string;
  clockToleranceSeconds?: number;
  /** Optional: keys published by identity, loaded at start and refreshed when a token names an unknown `kid`. */
  jwks?: JwksSourceOptions;
}

export interface TokenVerifier {
  /** The algorithm of the first configured key (each key keeps its own; see `VerificationKey`). */
  readonly algorithm: JwtAlgorithm;
  /** Counts key removals (a JWKS refresh that dropped a key): caches of verified tokens compare it. */
  readonly revision: number;
  /** Verifies a staff or customer access token; anything else (refresh tokens included) is a 401. */
  verifyAccess(token: string): AuthContext;
  /**
   * As `verifyAccess`, but a token whose `kid` is unknown first refreshes the JWKS (when one is configured),
   * so a newly published key is accepted without a restart. A known `kid` costs what `verifyAccess` costs.
   */
  verifyAccessAsync(token: string): Promise<AuthContext>;
  /** Verifies a refresh token (identity's refresh endpoint is its only reader). */
  verifyRefresh(token: string): RefreshClaims;
  /** Whether a key with this `kid` is held now (configured or loaded). */
  knows(kid: string): boolean;
  /**
   * Loads the JWKS document now, unless one was fetched within the minimum interval; concurrent calls share
   * one fetch. Never rejects: a failure keeps the keys already held. Without a JWKS source, does nothing.
   */
  refresh(): Promise<void>;
  /** Starts a background refresh when the JWKS document is older than its maximum age (cheap otherwise). */
  refreshIfStale(): void;
}

// One message for every failure: telling a caller *why* a token failed helps only an attacker.
const invalidToken = (cause?: unknown) =>
  new AppError(401, 'Invalid or expired token', {
    cause,
    headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
  });

/**
 * The `kid` of a token's header: a string, `undefined` when the header has none (tokens minted before
 * identity put one there), or `null` when the token is not a JWT or its `kid` is not a string.
 */
export function tokenKidOf(token: string): string | undefined | null {
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  try {
    const header: unknown = JSON.parse(Buffer.from(token.slice(0, dot), 'base64url').toString('utf8'));
    if (typeof header !== 'object' || header === null) return null;
    const kid = (header as { kid?: unknown }).kid;
    if (kid === undefined) return undefined;
    return typeof kid === 'string' ? kid : null;
  } catch {
    return null;
  }
}

export function createTokenVerifier({
  publicKeyPem,
  issuer,
  audience,
  clockToleranceSeconds = 5,
  jwks,
}: TokenVerifierOptions): TokenVerifier {
  // Built once: parsing the PEM on every request is the expensive part of verification.
  const configured = new Map<string, VerificationKey>();
  for (const key of verificationKeysFromPem(publicKeyPem)) configured.set(key.kid, key);
  const first = configured.values().next().value as VerificationKey;
  let published = new Map<string, VerificationKey>();
  let revision = 0;

  // One set of options per algorithm: the key's type pins it, the token's `alg` header never chooses.
  const optionsFor = (algorithm: JwtAlgorithm): jwt.VerifyOptions => ({
    algorithms: [algorithm],
    issuer,
    audience,
    clockTolerance: clockToleranceSeconds,
  });
  const options = { ES256: optionsFor('ES256'), RS256: optionsFor('RS256') };

  const keyFor = (kid: string) => configured.get(kid) ?? published.get(kid);
  const knows = (kid: string) => configured.has(kid) || published.has(kid);

  const verified = (token: string): unknown => {
    refreshIfStale();
    const kid = tokenKidOf(token);
    if (kid === null) throw invalidToken();
    if (kid !== undefined) {
      const key = keyFor(kid);
      if (key === undefined) throw invalidToken();
      try {
        return jwt.verify(token, key.key, options[key.algorithm]);
      } catch (error) {
        throw invalidToken(error);
      }
    }
    // No `kid`: minted before tokens carried one; tried against every key held, each with its own algorithm.
    let failure: unknown;
    for (const key of [...configured.values(), ...published.values()]) {
      try {
        return jwt.verify(token, key.key, options[key.algorithm]);
      } catch (error) {
        failure = error;
      }
    }
    throw invalidToken(failure);
  };

  // The JWKS source: loaded at start, on an unknown kid (rate-limited), and in the background when stale.
  const maxAge = jwks?.maxAgeMs ?? 5 * 60_000;
  // Never longer than the max age: a document must not be held past it because a refresh came too soon.
  const minInterval = Math.min(jwks?.minRefreshIntervalMs ?? 5_000, maxAge);
  let lastAttemptAt = Number.NEGATIVE_INFINITY;
  let inflight: Promise<void> | undefined;

  const load = async (source: JwksSourceOptions) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (source.internalToken !== undefined) headers['x-internal-token'] = source.internalToken;
    const response = await fetch(source.url, {
      headers,
      signal: AbortSignal.timeout(source.timeoutMs ?? 3_000),
    });
    if (!response.ok) throw new Error(`JWKS ${source.url} answered ${response.status}`);
    const document = (await response.json()) as { keys?: unknown };
    if (!Array.isArray(document.keys)) throw new Error(`JWKS ${source.url} has no "keys" array`);
    const next = new Map<string, VerificationKey>();
    for (const jwk of document.keys) {
      const key = verificationKeyFromJwk(jwk);
      if (key !== undefined) next.set(key.kid, key);
    }
    // An empty set is a broken publisher, not a retirement of every key: keep what is held.
    if (next.size === 0) throw new Error(`JWKS ${source.url} holds no usable signing key`);
    if ([...published.keys()].some((kid) => !next.has(kid))) revision += 1;
    published = next;
  };

  const refresh = (): Promise<void> => {
    if (jwks === undefined) return Promise.resolve();
    if (inflight !== undefined) return inflight;
    const now = Date.now();
    if (now - lastAttemptAt < minInterval) return Promise.resolve();
    lastAttemptAt = now;
    inflight = load(jwks)
      .catch((error: unknown) => jwks.onError?.(error))
      .finally(() => {
        inflight = undefined;
      });
    return inflight;
  };

  function refreshIfStale() {
    if (jwks !== undefined && inflight === undefined && Date.now() - lastAttemptAt >= maxAge) void refresh();
  }

  if (jwks !== undefined) void refresh();

  const verifyAccess = (token: string): AuthContext => {
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
      ...(claims.sid ? { sessionId: claims.sid } : {}),
    };
  };

  return {
    algorithm: first.algorithm,
    get revision() {
      return revision;
    },
    verifyAccess,
    async verifyAccessAsync(token) {
      const kid = tokenKidOf(token);
      if (typeof kid === 'string' && !knows(kid)) await refresh();
      return verifyAccess(token);
    },
    verifyRefresh(token) {
      const parsed = refreshClaimsSchema.safeParse(verified(token));
      if (!parsed.success) throw invalidToken();
      return parsed.data;
    },
    knows,
    refresh,
    refreshIfStale,
  };
}
