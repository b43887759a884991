import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';

export interface PlatformSecrets {
  jwtPublicKeyPem: string;
  jwtPrivateKeyPem: string;
  internalToken: string;
}

/**
 * Embedded mode only: secrets come from the environment when given, else from `<dataDir>/secrets.json`,
 * generated on the first start and announced once. Deployed services never generate secrets: a missing
 * one stops them at start-up.
 */
export function loadOrCreateSecrets(
  dataDir: string,
  env: NodeJS.ProcessEnv,
  logger: Logger,
): PlatformSecrets {
  if (env.JWT_PUBLIC_KEY && env.JWT_PRIVATE_KEY && env.INTERNAL_TOKEN) {
    return {
      jwtPublicKeyPem: env.JWT_PUBLIC_KEY,
      jwtPrivateKeyPem: env.JWT_PRIVATE_KEY,
      internalToken: env.INTERNAL_TOKEN,
    };
  }
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as PlatformSecrets;
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const secrets: PlatformSecrets = {
    jwtPublicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    jwtPrivateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    internalToken: randomBytes(24).toString('hex'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  logger.warn(
    { file, internalToken: secrets.internalToken },
    'generated embedded-mode secrets (JWT signing key pair and internal token); shown once, kept in the file',
  );
  return secrets;
}
