import { createHash, createPublicKey, type KeyObject } from 'node:crypto';

export type JwtAlgorithm = 'ES256' | 'RS256';

/**
 * The one algorithm a key may be used with. Pinning it by key type is what defeats `alg: none` and the
 * HS256-with-the-public-key-as-secret confusion: the token's header never chooses.
 */
export function algorithmFor(key: KeyObject): JwtAlgorithm {
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return 'ES256';
  if (key.asymmetricKeyType === 'rsa') return 'RS256';
  const details = key.asymmetricKeyDetails?.namedCurve ?? '';
  throw new Error(
    `Unsupported JWT key: ${key.asymmetricKeyType ?? key.type} ${details} (use EC P-256 or RSA)`.trim(),
  );
}

/** A public key a verifier accepts: its `kid` (the JWK thumbprint) and the one algorithm pinned to it. */
export interface VerificationKey {
  kid: string;
  key: KeyObject;
  algorithm: JwtAlgorithm;
}

/** A public key as a JWKS document carries it (RFC 7517 / 7518). */
export interface PublicJwk {
  kty: 'EC' | 'RSA';
  crv?: string;
  x?: string;
  y?: string;
  n?: string;
  e?: string;
  kid: string;
  alg: JwtAlgorithm;
  use: 'sig';
}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----\n[\s\S]+?\n-----END \1-----/g;

/** The PEM blocks of a text holding one or several concatenated PEMs (in order). */
export function pemBlocksOf(text: string): string[] {
  const normalized = text.replace(/\\n/g, '\n').replace(/\r\n/g, '\n');
  return [...normalized.matchAll(PEM_BLOCK)].map((match) => match[0]);
}

const publicOf = (key: KeyObject): KeyObject => (key.type === 'private' ? createPublicKey(key) : key);

/**
 * The RFC 7638 JWK thumbprint (SHA-256, base64url) of a key's public part: the `kid` identity puts in every
 * token's header, derived from the key itself so no configuration can let a `kid` name the wrong key.
 */
export function jwkThumbprint(key: KeyObject): string {
  const jwk = publicOf(key).export({ format: 'jwk' });
  // The required members only, in lexicographic order, no whitespace (RFC 7638 section 3).
  const canonical =
    jwk.kty === 'EC'
      ? JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y })
      : JSON.stringify({ e: jwk.e, kty: jwk.kty, n: jwk.n });
  return createHash('sha256').update(canonical).digest('base64url');
}

/** A public (or private: its public part is taken) key as a verifier holds it. */
export function verificationKeyOf(key: KeyObject): VerificationKey {
  const publicKey = publicOf(key);
  return { kid: jwkThumbprint(publicKey), key: publicKey, algorithm: algorithmFor(publicKey) };
}

/** Every public key of a text holding one or several concatenated PEMs; throws on anything else. */
export function verificationKeysFromPem(text: string): VerificationKey[] {
  const blocks = pemBlocksOf(text);
  if (blocks.length === 0) throw new Error('no PEM block found');
  return blocks.map((block) => verificationKeyOf(createPublicKey(block)));
}

/** The key's public JWK for a JWKS document: `kid` is its thumbprint, `alg` the algorithm pinned to it. */
export function publicJwkOf(key: KeyObject): PublicJwk {
  const { kid, key: publicKey, algorithm } = verificationKeyOf(key);
  const jwk = publicKey.export({ format: 'jwk' });
  const material =
    jwk.kty === 'EC'
      ? { kty: 'EC' as const, crv: jwk.crv, x: jwk.x, y: jwk.y }
      : { kty: 'RSA' as const, n: jwk.n, e: jwk.e };
  return { ...material, kid, alg: algorithm, use: 'sig' };
}

/**
 * A key of a JWKS document, or undefined when it is not one a verifier may use: not a signing key, not
 * EC P-256 or RSA, a private key, or an `alg` other than the one its type pins. The `kid` is recomputed from
 * the key (a document's `kid` that disagrees with the thumbprint is refused), so a token's `kid` can only
 * ever select the key it names.
 */
export function verificationKeyFromJwk(jwk: unknown): VerificationKey | undefined {
  if (typeof jwk !== 'object' || jwk === null) return undefined;
  const fields = jwk as Record<string, unknown>;
  if (fields.use !== undefined && fields.use !== 'sig') return undefined;
  if ('d' in fields) return undefined; // a private key never belongs in a JWKS document
  let verification: VerificationKey;
  try {
    verification = verificationKeyOf(createPublicKey({ key: fields as never, format: 'jwk' }));
  } catch {
    return undefined;
  }
  if (fields.alg !== undefined && fields.alg !== verification.algorithm) return undefined;
  if (fields.kid !== undefined && fields.kid !== verification.kid) return undefined;
  return verification;
}
