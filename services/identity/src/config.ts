import { z } from 'zod';
import { commonConfigSchema, privateKeyPemSchema } from '@salon/service-kit';

export const identityConfigSchema = commonConfigSchema.extend({
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
});

export type IdentityConfig = z.output<typeof identityConfigSchema>;
