import { z } from 'zod';
import { commonConfigSchema, intQuery, retentionDays } from '@salon/service-kit';

/** The common settings plus the payment provider; a missing key or token stops the process at start-up. */
export const commerceConfigSchema = commonConfigSchema.extend({
  PAYMENT_PROVIDER_URL: z.url(),
  PAYMENT_PROVIDER_SECRET_KEY: z.string().min(1),
  /** The verification token the provider sends in `x-callback-token`. */
  PAYMENT_CALLBACK_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }),
  /** Where the provider reaches the gateway: webhook addresses are `<PUBLIC_BASE_URL>/api/v1/webhooks/…`. */
  PUBLIC_BASE_URL: z.url(),
  /** Scheduling's address, read when a customer pays for an appointment whose event has not arrived yet. */
  SCHEDULING_URL: z.url().optional(),
  PAYMENT_PROVIDER_TIMEOUT_MS: intQuery.pipe(z.int().min(100).max(60_000)).default(10_000),
  /** How often stored provider callbacks are swept for rows a crash or a failure left unapplied. */
  GATEWAY_CALLBACK_SWEEP_MS: intQuery.pipe(z.int().min(50).max(600_000)).default(5_000),
  /** The first retry delay of a failed callback; each further attempt doubles it (capped at ten minutes). */
  GATEWAY_CALLBACK_RETRY_BASE_MS: intQuery.pipe(z.int().min(10).max(600_000)).default(2_000),
  /** Attempts before a callback stays failed (an ERROR log and `gateway_callbacks_total{outcome="failed"}`). */
  GATEWAY_CALLBACK_MAX_ATTEMPTS: intQuery.pipe(z.int().min(1).max(100)).default(10),
  /** Days a stored provider callback is kept once applied or given up; one still to apply is never deleted. */
  RETENTION_CALLBACK_DAYS: retentionDays(90),
  /** Days an audit entry is kept: the longest retention period, for disputes and investigations. */
  RETENTION_AUDIT_DAYS: retentionDays(730),
});

export type CommerceConfig = z.output<typeof commerceConfigSchema>;
