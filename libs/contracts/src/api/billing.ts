import { z } from 'zod';
import { instantField } from '../date-fields';
import { objectIdSchema as id } from '../envelope';
import { planLimitsShape } from '../events/billing';
import { moneyStringSchema } from '../events/catalog';
import { intQuery, objectId, returnUrl } from '../http';
import { BILLING_PERIODS, subscriptionInvoice } from '../internal';
import { PLAN_TYPES, SUBSCRIPTION_STATUSES } from '../plans';
import type { OperationSchemaMap } from './operation';

export const PAYMENT_STATUSES = ['completed', 'pending', 'failed', 'refunded'] as const;
export const QUOTA_TYPES = ['daily', 'monthly', 'unlimited'] as const;
export const USAGE_STATUSES = [
  'within_limit',
  'approaching_limit',
  'at_limit',
  'exceeded',
  'unlimited',
] as const;

// ── requests ─────────────────────────────────────────────────────────────────────────────────────────
/** SUPER_ADMIN (bound to no tenant) names the tenant it acts on; other roles act on their token's tenant. */
export const subscriptionTenantQuery = z.object({ tenant_id: objectId.optional() });

/** Plan names arrive lowercase (spec) or uppercase; anything else is a 422. */
const planField = z
  .string()
  .meta({ examples: ['pro'] })
  .transform((value) => value.toUpperCase())
  .pipe(z.enum(PLAN_TYPES));

export const upgradeBody = z.object({
  target_plan: planField,
  billing_period: z.enum(BILLING_PERIODS).optional(),
  prorate_charges: z.boolean().default(true),
  /** Extension (docs/decisions.md): where the hosted payment page sends the payer back. */
  return_url: returnUrl.optional(),
});
export const renewBody = z.object({ subscription_id: objectId });
export const downgradeBody = z.object({
  target_plan: planField,
  reason: z.string().trim().max(500).nullish(),
});
export const deactivateBody = z.object({ reason: z.string().trim().max(500).nullish() });
export const paymentsQuery = z.object({
  limit: intQuery.pipe(z.int().min(1).max(100)).default(20),
  offset: intQuery.pipe(z.int().min(0)).default(0),
  status: z.enum(PAYMENT_STATUSES).optional(),
});

const MAX_TOKENS = 100_000_000;
const tokenCount = z.int().min(0).max(MAX_TOKENS);
/** A quota: non-negative, or -1 for unlimited (other negatives are a 422). */
const quota = z.int().min(-1).max(2_000_000_000);

export const trackUsageBody = z.object({
  tokens: tokenCount,
  prompt_tokens: tokenCount.optional(),
  completion_tokens: tokenCount.optional(),
  system_tokens: tokenCount.optional(),
  conversation_id: z.string().trim().min(1).max(200),
  message_count: z.int().min(0).max(1_000_000),
  function_calls: z.array(z.string().max(200)).max(100).optional(),
  model: z.string().trim().min(1).max(100).optional(),
});
export const usageHistoryQuery = z.object({ days: intQuery.pipe(z.int().min(1).max(90)).default(30) });
export const quotaOverrideBody = z
  .object({
    daily_quota: quota.optional(),
    monthly_quota: quota.optional(),
    quota_type: z.enum(QUOTA_TYPES).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'At least one of daily_quota, monthly_quota or quota_type is required',
  });

/** The internal jobs' optional body: `as_of` replaces "now" (a CronJob that ran late, or fixed test dates). */
export const jobBody = z.object({ as_of: instantField.optional() });

// ── responses ────────────────────────────────────────────────────────────────────────────────────────
const timestamp = z.iso.datetime({ offset: true });
const lowerPlan = z.enum(['free', 'pro', 'enterprise']);
const status = z.enum(SUBSCRIPTION_STATUSES);
const period = z.enum(BILLING_PERIODS);
/** A plan's limits as billing's event carries them (-1 means unlimited), with no field more. */
const limits = z.strictObject(planLimitsShape);

export const planCatalogue = z.strictObject({
  plans: z.array(
    z.strictObject({
      plan_type: z.enum(PLAN_TYPES),
      display_name: z.string(),
      description: z.string(),
      price: z.strictObject({
        monthly: moneyStringSchema,
        quarterly: moneyStringSchema,
        yearly: moneyStringSchema,
        currency: z.string().length(3),
      }),
      limits,
      features: z.array(z.string()),
    }),
  ),
});

const scheduledChanges = z
  .strictObject({
    target_plan: lowerPlan,
    effective_date: timestamp,
    reason: z.string().nullable(),
    scheduled_at: timestamp,
  })
  .nullable();

export const currentSubscription = z.strictObject({
  subscription_id: id,
  tenant_id: id,
  plan_type: z.enum(PLAN_TYPES),
  billing_cycle: period,
  status,
  current_period_start: timestamp,
  current_period_end: timestamp,
  next_billing_date: timestamp.nullable(),
  is_trial: z.boolean(),
  trial_ends_at: timestamp.nullable(),
  auto_renew: z.boolean(),
  plan_details: z.strictObject({
    display_name: z.string(),
    price: moneyStringSchema,
    currency: z.string().length(3),
    limits,
  }),
  usage: z.strictObject({ outlets: z.int(), staff: z.int(), appointments_this_month: z.int() }),
  scheduled_changes: scheduledChanges,
});

/** Every subscription answer but GET current: `id`, lowercase `plan` and `billing_period` (spec). */
export const subscription = z
  .strictObject({
    id,
    tenant_id: id,
    plan: lowerPlan,
    status,
    billing_period: period,
    current_period_start: timestamp,
    current_period_end: timestamp,
    next_billing_date: timestamp.nullable(),
    is_trial: z.boolean(),
    trial_ends_at: timestamp.nullable(),
    auto_renew: z.boolean(),
    scheduled_changes: scheduledChanges,
    /** cancelled_at/by and previous_plan, deactivated_at/by and deactivation_reason, activated_at/by. */
    metadata: z.record(z.string(), z.unknown()),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Subscription' });

export const upgradeRequested = z.strictObject({
  status: z.literal('payment_pending'),
  message: z.string(),
  subscription: z.strictObject({ id, plan: lowerPlan, status, current_period_end: timestamp }),
  invoice: z.strictObject(subscriptionInvoice.shape),
  upgrade_details: z.strictObject({
    from_plan: lowerPlan,
    to_plan: lowerPlan,
    prorated_amount: moneyStringSchema,
    days_remaining: z.int(),
    total_days: z.int(),
    billing_period: period,
    prorated: z.boolean(),
  }),
  next_steps: z.array(z.string()),
});

export const renewalRequested = z.strictObject({
  status: z.literal('payment_pending'),
  message: z.string(),
  subscription: z.strictObject({
    id,
    plan: lowerPlan,
    billing_period: period,
    current_period_end: timestamp,
  }),
  invoice: subscriptionInvoice
    .pick({
      id: true,
      invoice_number: true,
      amount: true,
      currency: true,
      due_date: true,
      gateway_invoice_url: true,
      gateway_pdf_url: true,
      gateway_payment_url: true,
    })
    .strict(),
  renewal_details: z.strictObject({
    renewing_plan: lowerPlan,
    billing_period: period,
    renewal_amount: moneyStringSchema,
    next_period_start: timestamp,
    next_period_end: timestamp,
  }),
  next_steps: z.array(z.string()),
});

const usageItem = z.strictObject({
  current: z.int(),
  limit: z.int(),
  percentage: z.number(),
  status: z.enum(USAGE_STATUSES),
});

export const usageReport = z.strictObject({
  subscription_id: id,
  plan: lowerPlan,
  billing_period: z.strictObject({ start: timestamp, end: timestamp }),
  usage: z.strictObject({
    outlets: usageItem,
    staff: usageItem,
    appointments_this_month: usageItem,
    services: usageItem,
  }),
  warnings: z.array(z.string()),
  upgrade_recommended: z.boolean(),
});

export const subscriptionPayment = z
  .strictObject({
    id,
    tenant_id: id,
    invoice_id: id,
    subscription_id: id,
    amount: moneyStringSchema,
    currency: z.string().length(3),
    status: z.enum(PAYMENT_STATUSES),
    payment_type: z.string(),
    failure_reason: z.string().nullable(),
    paid_at: timestamp.nullable(),
    created_at: timestamp,
  })
  .meta({ id: 'SubscriptionPayment' });

export const tokenQuota = z
  .strictObject({
    allowed: z.boolean(),
    used_today: z.int(),
    used_this_month: z.int(),
    /** -1 when unlimited, as are the remaining counts (percentages are then 0). */
    daily_quota: z.int(),
    monthly_quota: z.int(),
    remaining_today: z.int(),
    remaining_this_month: z.int(),
    percentage_used_today: z.number(),
    percentage_used_this_month: z.number(),
    resets_at: timestamp,
    blocked: z.boolean(),
    blocked_reason: z.string().nullable(),
  })
  .meta({ id: 'TokenQuota' });

export const usageTracked = z.strictObject({
  success: z.literal(true),
  recorded: z.literal(true),
  new_total_today: z.int(),
  new_total_month: z.int(),
  quota_exceeded: z.boolean(),
  /** Set at 80 % or more of the daily quota. */
  warning: z.string().nullable(),
});

export const usageHistory = z.strictObject({
  daily_usage: z.array(
    z.strictObject({
      date: z.iso.date(),
      total_tokens: z.int(),
      total_conversations: z.int(),
      total_messages: z.int(),
      average_tokens_per_message: z.number(),
      estimated_cost_usd: z.number(),
      quota_exceeded: z.boolean(),
    }),
  ),
  total_tokens: z.int(),
  total_cost_usd: z.number(),
  average_tokens_per_day: z.number(),
});

export const quotaUpdated = z.strictObject({ success: z.literal(true), updated_count: z.int() });
export const quotaReset = z.strictObject({
  success: z.literal(true),
  reset_count: z.int(),
  as_of: timestamp,
});

/** The billing service's HTTP contracts: request schemas its routes validate with, and the OpenAPI entries. */
export const billingOperations: OperationSchemaMap = {
  'GET /subscriptions/plans': { response: planCatalogue },
  'GET /subscriptions/current': { query: subscriptionTenantQuery, response: currentSubscription },
  'POST /subscriptions/upgrade': {
    query: subscriptionTenantQuery,
    body: upgradeBody,
    response: upgradeRequested,
    errors: [400, 502],
  },
  'POST /subscriptions/renew': {
    query: subscriptionTenantQuery,
    body: renewBody,
    response: renewalRequested,
    errors: [400, 502],
  },
  'POST /subscriptions/downgrade': {
    query: subscriptionTenantQuery,
    body: downgradeBody,
    response: subscription,
    errors: [400],
  },
  'DELETE /subscriptions/scheduled-changes': { query: subscriptionTenantQuery, response: subscription },
  'GET /subscriptions/usage': { query: subscriptionTenantQuery, response: usageReport },
  'POST /subscriptions/cancel': { query: subscriptionTenantQuery, response: subscription, errors: [400] },
  'POST /subscriptions/deactivate': {
    query: subscriptionTenantQuery,
    body: deactivateBody,
    response: subscription,
  },
  'POST /subscriptions/activate': { query: subscriptionTenantQuery, response: subscription, errors: [400] },
  'GET /subscriptions/payments': {
    query: paymentsQuery.extend(subscriptionTenantQuery.shape),
    response: z.array(subscriptionPayment),
  },
  'POST /internal/jobs/apply-scheduled-changes': {
    body: jobBody,
    response: z.strictObject({
      applied: z.int(),
      past_due: z.int(),
      expired: z.int(),
      free_periods_renewed: z.int(),
      as_of: timestamp,
    }),
  },
  'POST /internal/jobs/republish-plans': { response: z.strictObject({ published: z.int() }) },
  'GET /token-usage/quota': { response: tokenQuota },
  'POST /token-usage/track': { body: trackUsageBody, response: usageTracked },
  'GET /token-usage/history': { query: usageHistoryQuery, response: usageHistory },
  'PATCH /token-usage/quota/{customer_id}': { body: quotaOverrideBody, response: quotaUpdated },
  'POST /token-usage/quota-reset': { body: jobBody, response: quotaReset },
  'POST /token-usage/quota-reset-monthly': { body: jobBody, response: quotaReset },
};
