import { createHmac } from 'node:crypto';
import { createTokenSigner } from '@salon/service-kit';
import { createTestKeys } from '@salon/testing';

// What identity signs with unless JWT_ISSUER / JWT_AUDIENCE say otherwise (service-kit's common config).
const ISSUER = 'salon-identity';
const AUDIENCE = 'salon-api';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const payloadOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

/** Claims of a real access token, re-signed by the platform's own key with the expiry already passed. */
export function expiredCopyOf(token: string, privateKeyPem: string): string {
  const claims = payloadOf(token);
  const signer = createTokenSigner({ privateKeyPem, issuer: ISSUER, audience: AUDIENCE });
  return claims.typ === 'customer'
    ? signer.signCustomerAccess(
        {
          sub: claims.sub as string,
          tenant_id: claims.tenant_id as string,
          session_id: claims.session_id as string,
        },
        -60,
      )
    : signer.signStaffAccess(
        {
          sub: claims.sub as string,
          role: claims.role as never,
          tenant_id: claims.tenant_id as string | null,
          outlet_ids: claims.outlet_ids as string[],
        },
        -60,
      );
}

/**
 * Forgeries of a real staff access token (`token`, signed by the platform): each must be refused with 401 on
 * every token-protected route. `refreshToken` is a real refresh token of the same user.
 */
export function forgedTokens(
  token: string,
  {
    publicKeyPem,
    privateKeyPem,
    refreshToken,
  }: { publicKeyPem: string; privateKeyPem: string; refreshToken: string },
): Record<string, string> {
  const [header, , signature] = token.split('.');
  // The most a forger would ask for: platform administrator, no tenant bound.
  const escalated: Record<string, unknown> = { ...payloadOf(token), role: 'SUPER_ADMIN', tenant_id: null };
  const unsigned = (alg: string) => `${b64({ alg, typ: 'JWT' })}.${b64(escalated)}`;
  const signerWith = (options: { privateKeyPem?: string; issuer?: string; audience?: string }) =>
    createTokenSigner({ privateKeyPem, issuer: ISSUER, audience: AUDIENCE, ...options });
  const claims = {
    sub: escalated.sub as string,
    role: 'SUPER_ADMIN' as const,
    tenant_id: null,
    outlet_ids: [],
  };
  return {
    'alg none': `${unsigned('none')}.`,
    'alg none, signature kept': `${unsigned('none')}.${signature}`,
    'HS256 signed with the public key (key confusion)': `${unsigned('HS256')}.${createHmac(
      'sha256',
      publicKeyPem,
    )
      .update(unsigned('HS256'))
      .digest('base64url')}`,
    'tampered payload, original signature': `${header}.${b64(escalated)}.${signature}`,
    'refresh token as access token': refreshToken,
    'wrong issuer': signerWith({ issuer: 'someone-else' }).signStaffAccess(claims),
    'wrong audience': signerWith({ audience: 'another-api' }).signStaffAccess(claims),
    'signed by another key': signerWith({ privateKeyPem: createTestKeys().privateKeyPem }).signStaffAccess(
      claims,
    ),
    'signature stripped': `${header}.${b64(escalated)}.`,
  };
}
