import { z } from 'zod';
import { objectIdSchema } from '../envelope';
import { moneyStringSchema } from './catalog';
import { PLAN_TYPES, SUBSCRIPTION_STATUSES, type PlanLimits } from '../plans';

const limit = z.number().int().min(-1);

/**
 * A plan's limits, -1 meaning unlimited: the event's `limits` and, strict, the API's. `satisfies` keeps the list
 * in step with `PlanLimits`.
 */
export const planLimitsShape = {
  max_outlets: limit,
  max_staff_per_outlet: limit,
  max_appointments_per_month: limit,
  max_services: limit,
  max_packages: limit,
  max_package_items: limit,
  daily_tokens: limit,
  monthly_tokens: limit,
  email_per_month: limit,
  whatsapp_per_month: limit,
  sms_per_month: limit,
  push_per_month: limit,
} satisfies Record<keyof PlanLimits, z.ZodNumber>;

/** The tenant's full plan snapshot, published at every change; replicas keep the newest `version`. */
export const subscriptionChangedV1 = z.object({
  tenant_id: objectIdSchema,
  subscription_id: objectIdSchema,
  plan: z.enum(PLAN_TYPES),
  status: z.enum(SUBSCRIPTION_STATUSES),
  billing_period: z.enum(['monthly', 'quarterly', 'yearly']),
  current_period_start: z.string().datetime({ offset: true }),
  current_period_end: z.string().datetime({ offset: true }),
  /** When the trial ends; null when not on a trial (absent in snapshots published before it was added). */
  trial_ends_at: z.string().datetime({ offset: true }).nullish(),
  limits: z.object(planLimitsShape),
  appointment_fee_percent: z.number().min(0).max(100),
  version: z.number().int().nonnegative(),
});
export type SubscriptionChangedV1 = z.infer<typeof subscriptionChangedV1>;

const timestamp = z.string().datetime({ offset: true });

/**
 * A paid subscription invoice was applied: the plan changed (`upgrade`) or the period was extended
 * (`renewal`). Published once per invoice, in the transaction that applied it, with the subscription as it now
 * is, so the business's confirmation e-mail says what actually happened. `next_billing_date` is the new period
 * end (a paid plan is billed again then).
 */
export const subscriptionPaymentAppliedV1 = z.object({
  tenant_id: objectIdSchema,
  subscription_id: objectIdSchema,
  invoice_id: objectIdSchema,
  kind: z.enum(['upgrade', 'renewal']),
  plan: z.enum(PLAN_TYPES),
  previous_plan: z.enum(PLAN_TYPES),
  billing_period: z.enum(['monthly', 'quarterly', 'yearly']),
  current_period_start: timestamp,
  current_period_end: timestamp,
  next_billing_date: timestamp,
  amount: moneyStringSchema,
  currency: z.string().length(3),
  paid_at: timestamp,
});
export type SubscriptionPaymentAppliedV1 = z.infer<typeof subscriptionPaymentAppliedV1>;

/**
 * Billing's own task, sent through the delay ladder to arrive at a scheduled downgrade's `effective_date`: the
 * downgrade is applied then, if it is still scheduled for that date.
 */
export const scheduledChangeDueV1 = z.object({
  tenant_id: objectIdSchema,
  subscription_id: objectIdSchema,
  effective_date: timestamp,
});
export type ScheduledChangeDueV1 = z.infer<typeof scheduledChangeDueV1>;
