import type { AuthContext } from './auth-claims';
import type { TokenVerifier } from './token-verifier';

/**
 * A bounded cache of access tokens already verified, in front of a verifier: it saves the signature check
 * (about 130 µs for ES256 on an idle machine, over a millisecond under load) on every request after a
 * client's first. A hit needs the byte-identical token string that verified before and is refused once its
 * `exp` has passed, so the cache cannot accept anything the verifier would not. An entry also records the
 * verifier's key revision: once a JWKS refresh has dropped a key (a retired one), every entry is verified
 * again. Revoked sessions are the caller's check (the gateway's), cached or not.
 */
export class VerifiedTokenCache {
  private readonly entries = new Map<string, { auth: AuthContext; expiresAtMs: number; revision: number }>();

  constructor(
    private readonly verifier: TokenVerifier,
    private readonly size: number,
  ) {}

  has(token: string): boolean {
    return this.entries.has(token);
  }

  /** The verified caller of `token` (a 401 from the verifier when it is not valid). */
  verifyAccess(token: string): AuthContext {
    const cached = this.entries.get(token);
    if (cached !== undefined) {
      if (cached.expiresAtMs > Date.now() && cached.revision === this.verifier.revision) return cached.auth;
      this.entries.delete(token);
    }
    const revision = this.verifier.revision;
    const auth = this.verifier.verifyAccess(token);
    if (this.size > 0) {
      const expiresAtMs = expiryOf(token);
      if (expiresAtMs !== undefined) {
        // Oldest first: a Map iterates in insertion order.
        if (this.entries.size >= this.size) this.entries.delete(this.entries.keys().next().value as string);
        this.entries.set(token, { auth, expiresAtMs, revision });
      }
    }
    return auth;
  }
}

/** `exp` of a token the verifier has just accepted (so its payload is well-formed JSON). */
function expiryOf(token: string): number | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp?: unknown;
    };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}
