import { sql } from 'drizzle-orm';
import type { NextFunction, Request, Response } from 'express';
import {
  PLAN_CATALOGUE,
  isUnlimited,
  type PlanLimits,
  type PlanType,
  type SubscriptionChangedV1,
  type SubscriptionStatus,
} from '@salon/contracts';
import { InboxConsumer, type MessagingStore, type Subscription } from '@salon/messaging';
import { AppError, assertIdentifier, isoOf, selectRows, type Db, type Executor } from '@salon/service-kit';

export const SUBSCRIPTION_CHANGED = 'billing.subscription.changed.v1' as const;

const RECENT_PLAN_MS = 1_000;
export const CLOSED_TO_CUSTOMERS = 'This business is not taking bookings or purchases at the moment';
/** The 403 detail every service gives a suspended tenant's staff. */
export const SUBSCRIPTION_SUSPENDED = 'Subscription suspended';
/** Bounds the memory of `recentPlanOf`; past it the cache simply starts again. */
const RECENT_PLAN_ENTRIES = 10_000;

export interface TenantPlan {
  plan: PlanType;
  status: SubscriptionStatus;
  limits: PlanLimits;
  appointmentFeePercent: number;
  /** The subscription's dates (ISO); null before billing's snapshot reached this replica. */
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  trialEndsAt: string | null;
}

/** A tenant we have not heard of yet is on FREE and active (billing creates FREE on registration). */
export const DEFAULT_TENANT_PLAN: TenantPlan = {
  plan: 'FREE',
  status: 'active',
  limits: PLAN_CATALOGUE.FREE.limits,
  appointmentFeePercent: PLAN_CATALOGUE.FREE.appointment_fee_percent,
  currentPeriodStart: null,
  currentPeriodEnd: null,
  trialEndsAt: null,
};

export interface LimitContext {
  current: number;
  limit: number;
  plan: PlanType;
}

/**
 * Each service's copy of the tenants' plans, fed by `billing.subscription.changed.v1`: the service enforces
 * its own limits without calling billing. A snapshot applies only when its version is newer than the one
 * held, so redelivered or out-of-order events are harmless.
 */
export class PlanLimitsReplica {
  private readonly table;
  /** Plans read in the last moment, for the checks made on every request (see `recentPlanOf`). */
  private readonly recent = new Map<string, { plan: Promise<TenantPlan>; expires: number }>();

  constructor(
    private readonly db: Db,
    schema: string,
  ) {
    assertIdentifier(schema);
    this.table = sql`${sql.identifier(schema)}.plan_limits`;
  }

  /** The consumer that keeps the replica current; subscribe it on the service's bus. */
  subscription(service: string, store: MessagingStore): Subscription {
    const consumer = `${service}.plan-limits`;
    return new InboxConsumer(store, consumer)
      .on(SUBSCRIPTION_CHANGED, (snapshot, { tx }) => this.apply(tx, snapshot))
      .subscription();
  }

  async apply(tx: Executor, snapshot: SubscriptionChangedV1): Promise<void> {
    this.recent.delete(snapshot.tenant_id);
    await tx.execute(sql`
      INSERT INTO ${this.table} (tenant_id, plan, status, limits, appointment_fee_percent, version,
                                 current_period_start, current_period_end, trial_ends_at, updated_at)
      VALUES (${snapshot.tenant_id}, ${snapshot.plan}, ${snapshot.status}, ${JSON.stringify(snapshot.limits)}::jsonb,
              ${snapshot.appointment_fee_percent}, ${snapshot.version}, ${snapshot.current_period_start}::timestamptz,
              ${snapshot.current_period_end}::timestamptz, ${snapshot.trial_ends_at ?? null}::timestamptz, now())
      ON CONFLICT (tenant_id) DO UPDATE SET
        plan = EXCLUDED.plan, status = EXCLUDED.status, limits = EXCLUDED.limits,
        appointment_fee_percent = EXCLUDED.appointment_fee_percent, version = EXCLUDED.version,
        current_period_start = EXCLUDED.current_period_start, current_period_end = EXCLUDED.current_period_end,
        trial_ends_at = EXCLUDED.trial_ends_at, updated_at = now()
      -- The same version again fills the dates of a row replicated before they were kept (republish-plans).
      WHERE ${this.table}.version < EXCLUDED.version
         OR (${this.table}.version = EXCLUDED.version AND ${this.table}.current_period_end IS NULL)`);
  }

  async planOf(executor: Executor, tenantId: string): Promise<TenantPlan> {
    const [row] = await selectRows<{
      plan: PlanType;
      status: SubscriptionStatus;
      limits: PlanLimits;
      fee: string;
      period_start: string | null;
      period_end: string | null;
      trial_end: string | null;
    }>(
      executor,
      sql`SELECT plan, status, limits, appointment_fee_percent AS fee,
                 ${isoOf(sql`current_period_start`)} AS period_start, ${isoOf(sql`current_period_end`)} AS period_end,
                 ${isoOf(sql`trial_ends_at`)} AS trial_end
          FROM ${this.table} WHERE tenant_id = ${tenantId}`,
    );
    if (!row) return DEFAULT_TENANT_PLAN;
    return {
      plan: row.plan,
      status: row.status,
      limits: row.limits,
      appointmentFeePercent: Number(row.fee),
      currentPeriodStart: row.period_start,
      currentPeriodEnd: row.period_end,
      trialEndsAt: row.trial_end,
    };
  }

  /**
   * The plan as read at most `RECENT_PLAN_MS` ago. The replica is already eventually consistent (it follows
   * billing's events), so a change taking effect a second later costs nothing, and the suspended guard and
   * the booking path save a query per request. This process's own updates clear the entry at once.
   */
  async recentPlanOf(tenantId: string): Promise<TenantPlan> {
    const now = Date.now();
    const held = this.recent.get(tenantId);
    if (held && held.expires > now) return held.plan;
    // Concurrent misses share one read (a burst of requests after a quiet second asks once).
    const plan = this.planOf(this.db.orm, tenantId);
    if (this.recent.size >= RECENT_PLAN_ENTRIES) this.recent.clear();
    this.recent.set(tenantId, { plan, expires: now + RECENT_PLAN_MS });
    plan.catch(() => {
      if (this.recent.get(tenantId)?.plan === plan) this.recent.delete(tenantId);
    });
    return plan;
  }

  /**
   * Throws 402 when one more item would pass the limit. `current` is the count before the new item; count
   * it in the same transaction (under a lock) as the insert, or two concurrent creations can both pass.
   */
  async assertWithinLimit(
    executor: Executor,
    tenantId: string,
    limitName: keyof PlanLimits,
    current: number,
    describe: (context: LimitContext) => AppError = defaultLimitError(limitName),
  ): Promise<void> {
    const { plan, limits } = await this.planOf(executor, tenantId);
    const limit = limits[limitName];
    if (isUnlimited(limit) || current < limit) return;
    throw describe({ current, limit, plan });
  }

  /**
   * A suspended business takes no new bookings or purchases from customers (its staff are refused everything by
   * `suspendedGuard`). Customers still read, cancel and manage their account: only what creates work or money.
   */
  async assertOpenToCustomers(tenantId: string): Promise<void> {
    const { status } = await this.recentPlanOf(tenantId);
    if (status === 'suspended') throw new AppError(403, CLOSED_TO_CUSTOMERS);
  }

  /** Express guard for the routes by which customers book or buy: see `assertOpenToCustomers`. */
  openToCustomersGuard() {
    return async (req: Request, _res: Response, next: NextFunction) => {
      const auth = req.auth;
      if (auth?.kind === 'customer' && auth.tenantId) await this.assertOpenToCustomers(auth.tenantId);
      next();
    };
  }

  /**
   * Express guard for staff routes: a suspended tenant's staff get 403 until billing reactivates it. A
   * SUPER_ADMIN acting inside the tenant is never blocked (as in billing): it is the way back.
   */
  suspendedGuard() {
    return async (req: Request, _res: Response, next: NextFunction) => {
      const auth = req.auth;
      if (auth?.kind === 'staff' && auth.tenantId && auth.role !== 'SUPER_ADMIN') {
        const { status } = await this.recentPlanOf(auth.tenantId);
        if (status === 'suspended') throw new AppError(403, SUBSCRIPTION_SUSPENDED);
      }
      next();
    };
  }
}

function defaultLimitError(limitName: keyof PlanLimits) {
  return ({ current, limit, plan }: LimitContext) =>
    new AppError(
      402,
      `Plan limit reached: ${limitName} ${current}/${limit} on the ${plan} plan. Upgrade your plan to continue.`,
    );
}

/** The 402 body the spec gives for package limits. */
export function subscriptionLimitBody(message: string) {
  return { error: 'subscription_limit_reached', message, upgrade_required: true };
}
