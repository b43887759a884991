import { PLAN_CATALOGUE, type PlanLimits, type PlanType, type SubscriptionStatus } from '@salon/contracts';
import { newId } from '@salon/service-kit';
import type { TestService } from './service';

/** Increases with every snapshot a test file writes, as billing's versions do (newest wins). */
let version = 0;

/**
 * Puts a tenant on a plan in a service's replica, as billing's `billing.subscription.changed.v1` would:
 * the catalogue's limits (or `limits` over them), `status` active unless given.
 */
export async function setTenantPlan(
  service: TestService,
  tenantId: string,
  plan: PlanType,
  options: { status?: SubscriptionStatus; limits?: Partial<PlanLimits> } = {},
): Promise<void> {
  const { context } = service.running;
  version += 1;
  await context.db.withTx((tx) =>
    context.plans.apply(tx, {
      tenant_id: tenantId,
      subscription_id: newId(),
      plan,
      status: options.status ?? 'active',
      billing_period: 'monthly',
      current_period_start: new Date().toISOString(),
      current_period_end: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      limits: { ...PLAN_CATALOGUE[plan].limits, ...options.limits },
      appointment_fee_percent: PLAN_CATALOGUE[plan].appointment_fee_percent,
      version,
    }),
  );
}
