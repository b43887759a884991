import { PLAN_CATALOGUE, type PlanType, type TenantRegisteredV1 } from '@salon/contracts';
import type { EventOrigin } from '@salon/messaging';
import { badRequest, notFound, type Executor } from '@salon/service-kit';
import { listPayments, type PaymentRecord, type PaymentStatus } from '../db/invoice.repository';
import {
  findSubscription,
  insertSubscription,
  lockDueScheduledChanges,
  lockLapsed,
  saveSubscription,
  subscriptionsAfter,
  type SubscriptionChanges,
  type SubscriptionRecord,
} from '../db/subscription.repository';
import { usageCounts } from '../db/usage.repository';
import type { BillingDeps } from './deps';
import { publishChanged } from './events';
import { addPeriod, comparePlans, planPrice } from './plan-rules';
import { utcMonth } from './token-rules';
import { staffLimit, upgradeRecommended, usageItem, usageWarnings } from './usage-rules';

/** Who acts: the user id recorded in metadata (cancelled_by, deactivated_by …). */
export interface Actor {
  userId: string;
  requestId?: string;
}

const originOf = (actor: Actor): Partial<EventOrigin> => ({ correlationId: actor.requestId });

export const changesOf = (subscription: SubscriptionRecord): SubscriptionChanges => ({
  plan: subscription.plan,
  status: subscription.status,
  billing_period: subscription.billing_period,
  current_period_start: subscription.current_period_start,
  current_period_end: subscription.current_period_end,
  metadata: subscription.metadata,
  scheduled_changes: subscription.scheduled_changes,
});

/** The tenant's subscription, locked for the transaction; 404 when billing has none yet. */
export async function lockedSubscription(tx: Executor, tenantId: string): Promise<SubscriptionRecord> {
  const subscription = await findSubscription(tx, tenantId, { forUpdate: true });
  if (!subscription) throw notFound('Subscription not found');
  return subscription;
}

/** Saves the changes, bumps the version and publishes the new snapshot, in one transaction. */
export async function changeSubscription(
  deps: BillingDeps,
  tx: Executor,
  tenantId: string,
  changes: SubscriptionChanges,
  origin: Partial<EventOrigin> = {},
): Promise<SubscriptionRecord> {
  const saved = await saveSubscription(tx, tenantId, changes, deps.clock.now());
  await publishChanged(deps, tx, [saved], origin);
  return saved;
}

/** identity.tenant.registered.v1: the FREE plan, active, one monthly period from registration. */
export async function createFreeSubscription(
  deps: BillingDeps,
  tx: Executor,
  data: TenantRegisteredV1,
  origin: Partial<EventOrigin>,
): Promise<void> {
  const start = new Date(data.created_at);
  const created = await insertSubscription(tx, {
    id: data.subscription_id,
    tenant_id: data.tenant_id,
    plan: 'FREE',
    status: 'active',
    billing_period: 'monthly',
    current_period_start: start.toISOString(),
    current_period_end: addPeriod(start, 'monthly').toISOString(),
    at: deps.clock.now().toISOString(),
  });
  if (created) await publishChanged(deps, tx, [created], origin);
}

/** Tenant deactivation and reactivation (identity's events): suspended ⇄ active, plan kept. */
export async function setTenantSuspended(
  deps: BillingDeps,
  tx: Executor,
  tenantId: string,
  suspended: boolean,
  at: string,
  origin: Partial<EventOrigin>,
): Promise<void> {
  const subscription = await findSubscription(tx, tenantId, { forUpdate: true });
  // Registration not applied yet: throwing retries later, after the registered event.
  if (!subscription) throw new Error(`no subscription yet for tenant ${tenantId}`);
  const status = suspended ? 'suspended' : 'active';
  if (subscription.status === status) return;
  const metadata = suspended
    ? {
        ...subscription.metadata,
        deactivated_at: at,
        deactivated_by: 'identity',
        deactivation_reason: 'tenant deactivated',
      }
    : { ...withoutDeactivation(subscription.metadata), activated_at: at, activated_by: 'identity' };
  await changeSubscription(deps, tx, tenantId, { ...changesOf(subscription), status, metadata }, origin);
}

const withoutDeactivation = ({
  deactivated_at: _at,
  deactivated_by: _by,
  deactivation_reason: _reason,
  ...rest
}: Record<string, unknown>) => rest;

export interface CurrentSubscription {
  subscription: SubscriptionRecord;
  usage: { outlets: number; staff: number; appointments_this_month: number; services: number };
}

export async function currentSubscription(deps: BillingDeps, tenantId: string): Promise<CurrentSubscription> {
  const subscription = await findSubscription(deps.db.orm, tenantId);
  if (!subscription) throw notFound('Subscription not found');
  const usage = await usageCounts(deps.db.orm, tenantId, utcMonth(deps.clock.now()));
  return { subscription, usage };
}

/** GET /subscriptions/usage: every counter against its plan limit, warnings and the recommendation. */
export async function usageReport(deps: BillingDeps, tenantId: string) {
  const { subscription, usage } = await currentSubscription(deps, tenantId);
  const limits = PLAN_CATALOGUE[subscription.plan].limits;
  const items = {
    outlets: usageItem(usage.outlets, limits.max_outlets),
    staff: usageItem(usage.staff, staffLimit(limits.max_staff_per_outlet, usage.outlets)),
    appointments_this_month: usageItem(usage.appointments_this_month, limits.max_appointments_per_month),
    services: usageItem(usage.services, limits.max_services),
  };
  return {
    subscription_id: subscription.id,
    plan: subscription.plan.toLowerCase(),
    billing_period: { start: subscription.current_period_start, end: subscription.current_period_end },
    usage: items,
    warnings: usageWarnings(items),
    upgrade_recommended: subscription.plan !== 'ENTERPRISE' && upgradeRecommended(items),
  };
}

/** POST /subscriptions/cancel: FREE at once, status active; refused on FREE. */
export async function cancelSubscription(deps: BillingDeps, tenantId: string, actor: Actor) {
  return deps.db.withTx(async (tx) => {
    const subscription = await lockedSubscription(tx, tenantId);
    if (subscription.plan === 'FREE') throw badRequest('Subscription is already on the FREE plan');
    const now = deps.clock.now();
    return changeSubscription(
      deps,
      tx,
      tenantId,
      {
        ...changesOf(subscription),
        plan: 'FREE',
        status: 'active',
        scheduled_changes: null,
        metadata: {
          ...subscription.metadata,
          cancelled_at: now.toISOString(),
          cancelled_by: actor.userId,
          previous_plan: subscription.plan.toLowerCase(),
        },
      },
      originOf(actor),
    );
  });
}

/** POST /subscriptions/deactivate (SUPER_ADMIN): suspended, plan kept, access blocked everywhere. */
export async function deactivateSubscription(
  deps: BillingDeps,
  tenantId: string,
  actor: Actor,
  reason: string | null,
) {
  return deps.db.withTx(async (tx) => {
    const subscription = await lockedSubscription(tx, tenantId);
    return changeSubscription(
      deps,
      tx,
      tenantId,
      {
        ...changesOf(subscription),
        status: 'suspended',
        metadata: {
          ...subscription.metadata,
          deactivated_at: deps.clock.now().toISOString(),
          deactivated_by: actor.userId,
          deactivation_reason: reason,
        },
      },
      originOf(actor),
    );
  });
}

/** POST /subscriptions/activate (SUPER_ADMIN): active again, deactivation metadata cleared. */
export async function activateSubscription(deps: BillingDeps, tenantId: string, actor: Actor) {
  return deps.db.withTx(async (tx) => {
    const subscription = await lockedSubscription(tx, tenantId);
    if (subscription.status !== 'suspended') throw badRequest('Subscription is not suspended');
    return changeSubscription(
      deps,
      tx,
      tenantId,
      {
        ...changesOf(subscription),
        status: 'active',
        metadata: {
          ...withoutDeactivation(subscription.metadata),
          activated_at: deps.clock.now().toISOString(),
          activated_by: actor.userId,
        },
      },
      originOf(actor),
    );
  });
}

/** POST /subscriptions/downgrade: scheduled for the end of the period; the plan stays until then. */
export async function scheduleDowngrade(
  deps: BillingDeps,
  tenantId: string,
  actor: Actor,
  target: PlanType,
  reason: string | null,
) {
  return deps.db.withTx(async (tx) => {
    const subscription = await lockedSubscription(tx, tenantId);
    if (comparePlans(target, subscription.plan) >= 0)
      throw badRequest(
        `Target plan must be lower than the current plan (${subscription.plan.toLowerCase()}); use upgrade for a higher plan`,
      );
    return changeSubscription(
      deps,
      tx,
      tenantId,
      {
        ...changesOf(subscription),
        scheduled_changes: {
          target_plan: target,
          effective_date: subscription.current_period_end,
          reason,
          scheduled_at: deps.clock.now().toISOString(),
        },
      },
      originOf(actor),
    );
  });
}

/** DELETE /subscriptions/scheduled-changes: 404 when nothing is scheduled. */
export async function cancelScheduledChanges(deps: BillingDeps, tenantId: string, actor: Actor) {
  return deps.db.withTx(async (tx) => {
    const subscription = await lockedSubscription(tx, tenantId);
    if (!subscription.scheduled_changes) throw notFound('No scheduled changes');
    return changeSubscription(
      deps,
      tx,
      tenantId,
      { ...changesOf(subscription), scheduled_changes: null },
      originOf(actor),
    );
  });
}

const JOB_BATCH = 100;

/**
 * POST /internal/jobs/apply-scheduled-changes: every downgrade whose effective date is at or before `asOf`
 * takes effect; the new plan's period starts at the effective date. Batches of 100, each in its own
 * transaction with SKIP LOCKED, so concurrent runs share the work and a re-run finds nothing to do.
 */
export async function applyScheduledChanges(deps: BillingDeps, asOf: Date): Promise<{ applied: number }> {
  let applied = 0;
  for (;;) {
    const count = await deps.db.withTx(async (tx) => {
      const due = await lockDueScheduledChanges(tx, asOf, JOB_BATCH);
      for (const subscription of due) {
        const change = subscription.scheduled_changes!;
        const start = new Date(change.effective_date);
        const period = change.target_plan === 'FREE' ? 'monthly' : subscription.billing_period;
        await changeSubscription(deps, tx, subscription.tenant_id, {
          ...changesOf(subscription),
          plan: change.target_plan,
          billing_period: period,
          current_period_start: start.toISOString(),
          current_period_end: addPeriod(start, period).toISOString(),
          scheduled_changes: null,
          metadata: {
            ...subscription.metadata,
            downgraded_at: asOf.toISOString(),
            previous_plan: subscription.plan.toLowerCase(),
          },
        });
      }
      return due.length;
    });
    applied += count;
    if (count < JOB_BATCH) return { applied };
  }
}

export interface LapseCounts {
  past_due: number;
  expired: number;
  free_periods_renewed: number;
}

/**
 * The other half of the daily job: periods that ended by `asOf` without a scheduled change. FREE renews itself
 * month by month. A paid plan unpaid at its period end turns `past_due` and keeps its limits for
 * PAST_DUE_GRACE_DAYS, so a salon is not cut off mid-week by a late transfer; after that it `expired`: FREE
 * limits from `asOf`, never blocked (only `suspended` blocks). A paid renewal or upgrade makes it active again.
 */
export async function lapseEndedPeriods(deps: BillingDeps, asOf: Date): Promise<LapseCounts> {
  const counts: LapseCounts = { past_due: 0, expired: 0, free_periods_renewed: 0 };
  for (;;) {
    const moved = await deps.db.withTx(async (tx) => {
      const due = await lockLapsed(tx, asOf, deps.config.PAST_DUE_GRACE_DAYS, JOB_BATCH);
      for (const subscription of due) {
        const changes = changesOf(subscription);
        if (subscription.plan === 'FREE') {
          let start = new Date(subscription.current_period_end);
          while (addPeriod(start, 'monthly').getTime() <= asOf.getTime()) start = addPeriod(start, 'monthly');
          changes.current_period_start = start.toISOString();
          changes.current_period_end = addPeriod(start, 'monthly').toISOString();
          counts.free_periods_renewed += 1;
        } else if (subscription.status === 'active') {
          changes.status = 'past_due';
          changes.metadata = { ...subscription.metadata, past_due_since: subscription.current_period_end };
          counts.past_due += 1;
        } else {
          Object.assign(changes, {
            plan: 'FREE',
            status: 'expired',
            billing_period: 'monthly',
            current_period_start: asOf.toISOString(),
            current_period_end: addPeriod(asOf, 'monthly').toISOString(),
            metadata: {
              ...subscription.metadata,
              expired_at: asOf.toISOString(),
              previous_plan: subscription.plan.toLowerCase(),
            },
          });
          counts.expired += 1;
        }
        await changeSubscription(deps, tx, subscription.tenant_id, changes);
      }
      return due.length;
    });
    if (moved < JOB_BATCH) return counts;
  }
}

/** POST /internal/jobs/republish-plans: every tenant's current snapshot again (same version), for new replicas. */
export async function republishPlans(deps: BillingDeps): Promise<{ published: number }> {
  let published = 0;
  let after = '';
  for (;;) {
    const page = await subscriptionsAfter(deps.db.orm, after, 500);
    if (page.length === 0) return { published };
    await deps.db.withTx((tx) => publishChanged(deps, tx, page));
    published += page.length;
    after = page[page.length - 1]!.id;
  }
}

export async function subscriptionPayments(
  deps: BillingDeps,
  tenantId: string,
  filter: { status?: PaymentStatus; limit: number; offset: number },
): Promise<PaymentRecord[]> {
  return listPayments(deps.db.orm, tenantId, filter);
}

/** The price of the tenant's current plan for its billing period (plan_details.price). */
export const currentPrice = (subscription: SubscriptionRecord): string =>
  planPrice(subscription.plan, subscription.billing_period);
