import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';

export interface PlatformSecrets {
  jwtPublicKeyPem: string;
  jwtPrivateKeyPem: string;
  internalToken: string;
  superAdminEmail: string;
  superAdminPassword: string;
  /** What the payment provider sends in `x-callback-token`; an integrator posts callbacks by hand with it. */
  paymentCallbackToken: string;
}

/**
 * Embedded mode only: secrets come from the environment when given, else from `<dataDir>/secrets.json`,
 * generated on the first start and announced once (on stderr, not through the logger, which redacts
 * secrets). Deployed services never generate secrets: a missing one stops them at start-up.
 */
export function loadOrCreateSecrets(
  dataDir: string,
  env: NodeJS.ProcessEnv,
  logger: Logger,
): PlatformSecrets {
  const file = join(dataDir, 'secrets.json');
  const stored = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<PlatformSecrets>) : {};
  // Generated once: the values written to the file are the ones this start uses and prints.
  const fromFile = generated(stored);
  const secrets: PlatformSecrets = {
    ...fromFile,
    ...definedOnly({
      jwtPublicKeyPem: env.JWT_PUBLIC_KEY,
      jwtPrivateKeyPem: env.JWT_PRIVATE_KEY,
      internalToken: env.INTERNAL_TOKEN,
      superAdminEmail: env.SUPER_ADMIN_EMAIL,
      superAdminPassword: env.SUPER_ADMIN_PASSWORD,
      paymentCallbackToken: env.PAYMENT_CALLBACK_TOKEN,
    }),
  };
  if (Object.keys(stored).length < Object.keys(secrets).length) {
    writeFileSync(file, JSON.stringify(fromFile, null, 2), { mode: 0o600 });
    logger.warn({ file }, 'generated embedded-mode secrets; shown once, kept in the file');
    process.stderr.write(
      `\nEmbedded-mode secrets (kept in ${file}):\n` +
        `  platform administrator: ${secrets.superAdminEmail} / ${secrets.superAdminPassword}\n` +
        `  internal token (X-Internal-Token): ${secrets.internalToken}\n` +
        `  payment callback token (x-callback-token): ${secrets.paymentCallbackToken}\n\n`,
    );
  }
  return secrets;
}

function generated(stored: Partial<PlatformSecrets>): PlatformSecrets {
  const keys =
    stored.jwtPublicKeyPem && stored.jwtPrivateKeyPem
      ? { jwtPublicKeyPem: stored.jwtPublicKeyPem, jwtPrivateKeyPem: stored.jwtPrivateKeyPem }
      : newKeyPair();
  return {
    ...keys,
    internalToken: stored.internalToken ?? randomBytes(24).toString('hex'),
    superAdminEmail: stored.superAdminEmail ?? 'admin@salon.local',
    superAdminPassword: stored.superAdminPassword ?? randomBytes(12).toString('base64url'),
    // Its own random value, not derived from the internal token: it is handed to a provider.
    paymentCallbackToken: stored.paymentCallbackToken ?? randomBytes(24).toString('hex'),
  };
}

function newKeyPair() {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    jwtPublicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    jwtPrivateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

function definedOnly<T extends Record<string, string | undefined>>(
  values: T,
): Partial<Record<keyof T, string>> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value)) as Partial<
    Record<keyof T, string>
  >;
}
