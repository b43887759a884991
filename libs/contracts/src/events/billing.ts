import { z } from 'zod';
import { objectIdSchema } from '../envelope';
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
  limits: z.object(planLimitsShape),
  appointment_fee_percent: z.number().min(0).max(100),
  version: z.number().int().nonnegative(),
});
export type SubscriptionChangedV1 = z.infer<typeof subscriptionChangedV1>;
