import { z } from 'zod';
import { PLAN_CATALOGUE } from '@salon/contracts';
import { commonConfigSchema, intQuery, retentionDays } from '@salon/service-kit';

const tokens = (fallback: number) => intQuery.pipe(z.int().min(-1)).default(fallback);

export const billingConfigSchema = commonConfigSchema.extend({
  /**
   * Where billing asks commerce for subscription invoices. Optional while commerce is not deployed alongside;
   * unset means no invoice can be made, so upgrade and renewal answer 503 and nothing changes.
   */
  COMMERCE_URL: z.url().optional(),
  COMMERCE_TIMEOUT_MS: intQuery.pipe(z.int().min(100).max(60_000)).default(5000),
  /** Days an upgrade or renewal invoice stays payable (spec: 7). */
  SUBSCRIPTION_INVOICE_DUE_DAYS: intQuery.pipe(z.int().min(1).max(60)).default(7),
  /**
   * Days a paid plan stays usable `past_due` after its period ended unpaid; then the daily job moves the
   * tenant to FREE with status `expired` (see docs/decisions.md, Billing).
   */
  PAST_DUE_GRACE_DAYS: intQuery.pipe(z.int().min(0).max(90)).default(7),
  /** The spec's eight token-quota settings; -1 is unlimited. Plan defaults mirror the plan catalogue. */
  FREE_PLAN_DAILY_TOKENS: tokens(PLAN_CATALOGUE.FREE.limits.daily_tokens),
  FREE_PLAN_MONTHLY_TOKENS: tokens(PLAN_CATALOGUE.FREE.limits.monthly_tokens),
  PRO_PLAN_DAILY_TOKENS: tokens(PLAN_CATALOGUE.PRO.limits.daily_tokens),
  PRO_PLAN_MONTHLY_TOKENS: tokens(PLAN_CATALOGUE.PRO.limits.monthly_tokens),
  ENTERPRISE_PLAN_DAILY_TOKENS: tokens(PLAN_CATALOGUE.ENTERPRISE.limits.daily_tokens),
  ENTERPRISE_PLAN_MONTHLY_TOKENS: tokens(PLAN_CATALOGUE.ENTERPRISE.limits.monthly_tokens),
  DEFAULT_DAILY_TOKENS: tokens(16_000),
  DEFAULT_MONTHLY_TOKENS: tokens(480_000),
  /** The model name recorded when a tracking call names none. */
  DEFAULT_CHAT_MODEL: z.string().min(1).default('gemini-2.0-flash'),
  /**
   * Days a token-usage log row (one tracking call) is kept; the daily and monthly totals the quotas read
   * stay. Beyond it GET /token-usage/history has no detail to show.
   */
  RETENTION_TOKEN_USAGE_DAYS: retentionDays(400),
});

export type BillingConfig = z.output<typeof billingConfigSchema>;
