import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { createTokenSigner, jwkThumbprint, tokenKidOf } from '@salon/service-kit';
import {
  TEST_AUDIENCE,
  TEST_INTERNAL_TOKEN,
  TEST_ISSUER,
  createTestKeys,
  startTestService,
  type TestService,
} from '@salon/testing';
import { identityService } from '../src';
import { registeredTenant } from './helpers';

const previous = createTestKeys();
const next = (() => {
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return publicKey.export({ type: 'spki', format: 'pem' }).toString();
})();
const kidOfPem = (pem: string) => jwkThumbprint(createPublicKey(pem));

let service: TestService;

beforeAll(async () => {
  service = await startTestService(identityService, {
    JWT_PREVIOUS_PUBLIC_KEYS: previous.publicKeyPem,
    JWT_NEXT_PUBLIC_KEYS: next,
  });
});

afterAll(() => service.stop());

const internal = { 'x-internal-token': TEST_INTERNAL_TOKEN };

describe('GET /internal/jwks', () => {
  it('publishes the signing key, the previous and the next keys as RFC 7517 JWKs', async () => {
    const answer = await service.request('GET', '/internal/jwks', { headers: internal });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const current = kidOfPem(service.keys.publicKeyPem);
    expect(answer.body).toEqual({
      keys: [
        {
          kty: 'EC',
          crv: 'P-256',
          x: expect.any(String),
          y: expect.any(String),
          kid: current,
          alg: 'ES256',
          use: 'sig',
        },
        {
          kty: 'EC',
          crv: 'P-256',
          x: expect.any(String),
          y: expect.any(String),
          kid: kidOfPem(previous.publicKeyPem),
          alg: 'ES256',
          use: 'sig',
        },
        { kty: 'RSA', n: expect.any(String), e: 'AQAB', kid: kidOfPem(next), alg: 'RS256', use: 'sig' },
      ],
    });
    // Each JWK is the key it names: the public key rebuilt from it has that thumbprint.
    for (const jwk of answer.body.keys) {
      expect(jwkThumbprint(createPublicKey({ key: jwk, format: 'jwk' }))).toBe(jwk.kid);
      expect(jwk).not.toHaveProperty('d');
    }
  });

  it('is internal: without the internal token, or with a wrong one, the route does not exist', async () => {
    expect((await service.request('GET', '/internal/jwks')).status).toBe(404);
    const wrong = { 'x-internal-token': 'not-the-internal-token-at-all' };
    expect((await service.request('GET', '/internal/jwks', { headers: wrong })).status).toBe(404);
  });

  it('signs with the published current key (its kid in every token) and accepts a previous key', async () => {
    const tenant = await registeredTenant(service);
    const current = kidOfPem(service.keys.publicKeyPem);
    expect(tokenKidOf(tenant.token)).toBe(current);
    expect(tokenKidOf(tenant.refreshToken)).toBe(current);

    // A token signed with the previous key (minted before the switch) is still accepted by identity.
    const old = createTokenSigner({
      privateKeyPem: previous.privateKeyPem,
      issuer: TEST_ISSUER,
      audience: TEST_AUDIENCE,
    }).signStaffAccess({
      sub: tenant.userId,
      role: 'TENANT_ADMIN',
      tenant_id: tenant.tenantId,
      outlet_ids: [],
    });
    expect(tokenKidOf(old)).toBe(kidOfPem(previous.publicKeyPem));
    const answer = await service.request('GET', `/tenants/${tenant.tenantId}`, { token: old });
    expect(answer.status).toBe(200);
  });
});
