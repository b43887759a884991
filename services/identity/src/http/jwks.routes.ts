import { createPublicKey } from 'node:crypto';
import { Router } from 'express';
import { publicJwkOf, requireInternalToken, type PublicJwk } from '@salon/service-kit';
import { publishedKeysPem, type IdentityConfig } from '../config';

/**
 * Identity's public keys as a JWKS document (RFC 7517) for the gateway's and services' verifiers
 * (`JWT_JWKS_URL`): the signing key, the previous keys still accepted and the next keys published before
 * identity signs with them. Each `kid` is the key's RFC 7638 thumbprint, as in the tokens' headers.
 * Internal: other services only, with the internal token.
 */
export function jwksDocument(config: IdentityConfig): { keys: PublicJwk[] } {
  const keys = new Map<string, PublicJwk>();
  for (const pem of publishedKeysPem(config)) {
    const jwk = publicJwkOf(createPublicKey(pem));
    keys.set(jwk.kid, jwk);
  }
  return { keys: [...keys.values()] };
}

export function jwksRoutes(config: IdentityConfig): Router {
  const router = Router();
  // Built once: the set changes only with the configuration, that is with a restart.
  const document = jwksDocument(config);
  router.get('/internal/jwks', requireInternalToken(config.INTERNAL_TOKEN), (_req, res) => {
    res.set('Cache-Control', 'no-store').json(document);
  });
  return router;
}
