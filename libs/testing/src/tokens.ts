import { generateKeyPairSync } from 'node:crypto';
import { createTokenSigner } from '@salon/service-kit';

export interface TestKeys {
  publicKeyPem: string;
  privateKeyPem: string;
}

export const TEST_ISSUER = 'salon-identity';
export const TEST_AUDIENCE = 'salon-api';

/** An ES256 key pair made for this test run; nothing is shared with any deployment. */
export function createTestKeys(): TestKeys {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/** Mints real signed tokens, exactly as identity does. */
export function testTokenSigner(keys: TestKeys) {
  return createTokenSigner({
    privateKeyPem: keys.privateKeyPem,
    issuer: TEST_ISSUER,
    audience: TEST_AUDIENCE,
  });
}
