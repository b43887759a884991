import { z } from 'zod';
import { createPrivateKey } from 'node:crypto';
import {
  commonConfigSchema,
  intQuery,
  retentionDays,
  pemBlocksOf,
  privateKeyPemSchema,
  publicKeyPemSchema,
  verificationKeyOf,
} from '@salon/service-kit';
import { DEFAULT_COST_LOG2, MAX_COST_LOG2, MIN_COST_LOG2 } from './domain/passwords';

export const identityConfigSchema = commonConfigSchema
  .extend({
    /** Identity is the only service that signs tokens. */
    JWT_PRIVATE_KEY: privateKeyPemSchema,
    /**
     * Key rotation (docs/operations.md): public keys identity publishes in its JWKS beside the signing key's
     * and accepts itself (refresh tokens included). Previous: retiring keys, kept for the longest token
     * lifetime (30 days). Next: published before identity signs with them. One PEM or several concatenated.
     */
    JWT_PREVIOUS_PUBLIC_KEYS: publicKeyPemSchema.optional(),
    JWT_NEXT_PUBLIC_KEYS: publicKeyPemSchema.optional(),
    /**
     * scrypt's cost as log2(N) for new password hashes (r=8, p=1): 17 is OWASP's recommendation (128 MiB per
     * hash). Lower hashes are rehashed at this cost on the next successful login. Tests lower it for speed.
     */
    PASSWORD_HASH_COST_LOG2: intQuery
      .pipe(z.int().min(MIN_COST_LOG2).max(MAX_COST_LOG2))
      .default(DEFAULT_COST_LOG2),
    /** The platform administrator created at start-up when both are set and the account does not exist. */
    SUPER_ADMIN_EMAIL: z.email().optional(),
    SUPER_ADMIN_PASSWORD: z.string().min(12, { error: 'must be at least 12 characters' }).optional(),
    /**
     * Where account deletion asks its pre-checks. Optional while those services are not deployed alongside;
     * unset means the pre-check cannot be answered, so account deletion fails closed (503), never open.
     */
    SCHEDULING_URL: z.url().optional(),
    COMMERCE_URL: z.url().optional(),
    /**
     * The payment provider (Xendit protocol) where tenant creation opens the tenant's sub-account. Both or
     * neither: unset (embedded mode, most tests) keeps the local partner id generator.
     */
    PAYMENT_PROVIDER_URL: z.url().optional(),
    PAYMENT_PROVIDER_SECRET_KEY: z.string().min(1).optional(),
    /** Days an audit entry is kept: the longest retention period, for disputes and investigations. */
    RETENTION_AUDIT_DAYS: retentionDays(730),
  })
  .superRefine((config, ctx) => {
    if ((config.PAYMENT_PROVIDER_URL === undefined) !== (config.PAYMENT_PROVIDER_SECRET_KEY === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER_SECRET_KEY'],
        message: 'PAYMENT_PROVIDER_URL and PAYMENT_PROVIDER_SECRET_KEY must be set together',
      });
  })
  // Identity verifies with the set it publishes (signing key, previous, next) as well as JWT_PUBLIC_KEY.
  .transform((config) => ({ ...config, JWT_PUBLIC_KEY: acceptedKeysPem(config) }));

/** Identity's published set as PEM text: the signing key's public key, then the previous and next keys. */
export function publishedKeysPem(config: {
  JWT_PRIVATE_KEY: string;
  JWT_PREVIOUS_PUBLIC_KEYS?: string | undefined;
  JWT_NEXT_PUBLIC_KEYS?: string | undefined;
}): string[] {
  const current = verificationKeyOf(createPrivateKey(config.JWT_PRIVATE_KEY));
  return [
    current.key.export({ type: 'spki', format: 'pem' }).toString().trim(),
    ...pemBlocksOf(config.JWT_PREVIOUS_PUBLIC_KEYS ?? ''),
    ...pemBlocksOf(config.JWT_NEXT_PUBLIC_KEYS ?? ''),
  ];
}

function acceptedKeysPem(
  config: Parameters<typeof publishedKeysPem>[0] & { JWT_PUBLIC_KEY: string },
): string {
  const blocks = [...pemBlocksOf(config.JWT_PUBLIC_KEY), ...publishedKeysPem(config)];
  return [...new Set(blocks)].join('\n');
}

export type IdentityConfig = z.output<typeof identityConfigSchema>;
