import type { KeyObject } from 'node:crypto';

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
