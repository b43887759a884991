import { z } from 'zod';
import { commonConfigSchema, privateKeyPemSchema } from '@salon/service-kit';

export const identityConfigSchema = commonConfigSchema
  .extend({
    /** Identity is the only service that signs tokens. */
    JWT_PRIVATE_KEY: privateKeyPemSchema,
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
  })
  .superRefine((config, ctx) => {
    if ((config.PAYMENT_PROVIDER_URL === undefined) !== (config.PAYMENT_PROVIDER_SECRET_KEY === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER_SECRET_KEY'],
        message: 'PAYMENT_PROVIDER_URL and PAYMENT_PROVIDER_SECRET_KEY must be set together',
      });
  });

export type IdentityConfig = z.output<typeof identityConfigSchema>;
