import { sql } from 'drizzle-orm';
import type { BillingPeriod, PlanType, SubscriptionStatus } from '@salon/contracts';
import { isoOf, selectRows, type Executor } from '@salon/service-kit';

export interface ScheduledChange {
  target_plan: PlanType;
  effective_date: string;
  reason: string | null;
  scheduled_at: string;
}

export interface SubscriptionRecord {
  id: string;
  tenant_id: string;
  plan: PlanType;
  status: SubscriptionStatus;
  billing_period: BillingPeriod;
  current_period_start: string;
  current_period_end: string;
  is_trial: boolean;
  trial_ends_at: string | null;
  auto_renew: boolean;
  metadata: Record<string, unknown>;
  scheduled_changes: ScheduledChange | null;
  version: number;
  created_at: string;
  updated_at: string;
}

/** What a use case may change; `version` grows by one with every save. */
export type SubscriptionChanges = Pick<
  SubscriptionRecord,
  | 'plan'
  | 'status'
  | 'billing_period'
  | 'current_period_start'
  | 'current_period_end'
  | 'metadata'
  | 'scheduled_changes'
>;

const columns = sql`id, tenant_id, plan, status, billing_period,
  ${isoOf(sql`current_period_start`)} AS current_period_start, ${isoOf(sql`current_period_end`)} AS current_period_end,
  is_trial, ${isoOf(sql`trial_ends_at`)} AS trial_ends_at, auto_renew, metadata, scheduled_changes, version,
  ${isoOf(sql`created_at`)} AS created_at, ${isoOf(sql`updated_at`)} AS updated_at`;

/** Creates the tenant's subscription unless it has one (a redelivered registration); undefined then. */
export async function insertSubscription(
  tx: Executor,
  subscription: Pick<
    SubscriptionRecord,
    'id' | 'tenant_id' | 'plan' | 'status' | 'billing_period' | 'current_period_start' | 'current_period_end'
  > & { at: string },
): Promise<SubscriptionRecord | undefined> {
  const [row] = await selectRows<SubscriptionRecord>(
    tx,
    sql`INSERT INTO billing.subscriptions
          (id, tenant_id, plan, status, billing_period, current_period_start, current_period_end, created_at, updated_at)
        VALUES (${subscription.id}, ${subscription.tenant_id}, ${subscription.plan}, ${subscription.status},
                ${subscription.billing_period}, ${subscription.current_period_start}::timestamptz,
                ${subscription.current_period_end}::timestamptz, ${subscription.at}::timestamptz,
                ${subscription.at}::timestamptz)
        ON CONFLICT DO NOTHING
        RETURNING ${columns}`,
  );
  return row;
}

/** The tenant's subscription; `forUpdate` locks it for the rest of the transaction. */
export async function findSubscription(
  executor: Executor,
  tenantId: string,
  { forUpdate = false } = {},
): Promise<SubscriptionRecord | undefined> {
  const [row] = await selectRows<SubscriptionRecord>(
    executor,
    sql`SELECT ${columns} FROM billing.subscriptions WHERE tenant_id = ${tenantId}
        ${forUpdate ? sql`FOR UPDATE` : sql``}`,
  );
  return row;
}

export async function saveSubscription(
  tx: Executor,
  tenantId: string,
  changes: SubscriptionChanges,
  at: Date,
): Promise<SubscriptionRecord> {
  const [row] = await selectRows<SubscriptionRecord>(
    tx,
    sql`UPDATE billing.subscriptions SET
          plan = ${changes.plan}, status = ${changes.status}, billing_period = ${changes.billing_period},
          current_period_start = ${changes.current_period_start}::timestamptz,
          current_period_end = ${changes.current_period_end}::timestamptz,
          metadata = ${JSON.stringify(changes.metadata)}::jsonb,
          scheduled_changes = ${changes.scheduled_changes === null ? null : JSON.stringify(changes.scheduled_changes)}::jsonb,
          version = version + 1, updated_at = ${at.toISOString()}::timestamptz
        WHERE tenant_id = ${tenantId}
        RETURNING ${columns}`,
  );
  if (!row) throw new Error(`subscription of tenant ${tenantId} vanished`);
  return row;
}

/** Tenants whose scheduled change is due at `asOf`, locked; others running the job skip them. */
export async function lockDueScheduledChanges(
  tx: Executor,
  asOf: Date,
  limit: number,
): Promise<SubscriptionRecord[]> {
  return selectRows<SubscriptionRecord>(
    tx,
    sql`SELECT ${columns} FROM billing.subscriptions
        WHERE scheduled_changes IS NOT NULL
          AND (scheduled_changes ->> 'effective_date')::timestamptz <= ${asOf.toISOString()}::timestamptz
        ORDER BY id LIMIT ${limit}
        FOR UPDATE SKIP LOCKED`,
  );
}

/**
 * Subscriptions whose period ended by `asOf` and that the daily job must move: FREE (also `expired`) to roll
 * into its next month, an `active` paid plan to fall `past_due`, a `past_due` one past its grace to expire.
 * A moved row leaves this set, so batches always make progress; `suspended` ones are left to the admin.
 */
export async function lockLapsed(
  tx: Executor,
  asOf: Date,
  graceDays: number,
  limit: number,
): Promise<SubscriptionRecord[]> {
  const at = asOf.toISOString();
  return selectRows<SubscriptionRecord>(
    tx,
    sql`SELECT ${columns} FROM billing.subscriptions
        WHERE current_period_end <= ${at}::timestamptz
          AND ((plan = 'FREE' AND status IN ('active', 'expired'))
               OR (plan <> 'FREE' AND status = 'active')
               OR (plan <> 'FREE' AND status = 'past_due'
                   AND current_period_end + make_interval(days => ${graceDays}) <= ${at}::timestamptz))
        ORDER BY id LIMIT ${limit}
        FOR UPDATE SKIP LOCKED`,
  );
}

/** Every subscription in id order, a page at a time (for the full re-publish). */
export async function subscriptionsAfter(
  executor: Executor,
  afterId: string,
  limit: number,
): Promise<SubscriptionRecord[]> {
  return selectRows<SubscriptionRecord>(
    executor,
    sql`SELECT ${columns} FROM billing.subscriptions WHERE id > ${afterId} ORDER BY id LIMIT ${limit}`,
  );
}
