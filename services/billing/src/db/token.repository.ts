import { sql } from 'drizzle-orm';
import { isoOf, newId, selectRows, type Executor } from '@salon/service-kit';
import type { QuotaOverride, QuotaType } from '../domain/token-rules';

export interface QuotaRecord extends QuotaOverride {
  blocked_reason: string | null;
  blocked_until: string | null;
}

const quotaColumns = sql`daily_quota::int AS daily_quota, monthly_quota::int AS monthly_quota, quota_type,
  blocked_reason, ${isoOf(sql`blocked_until`)} AS blocked_until`;

/** The customer's quota record, created on first use (no overrides: the plan decides). */
export async function ensureQuota(tx: Executor, tenantId: string, customerId: string): Promise<QuotaRecord> {
  await tx.execute(sql`
    INSERT INTO billing.token_quotas (tenant_id, customer_id) VALUES (${tenantId}, ${customerId})
    ON CONFLICT DO NOTHING`);
  const [row] = await selectRows<QuotaRecord>(
    tx,
    sql`SELECT ${quotaColumns} FROM billing.token_quotas WHERE tenant_id = ${tenantId} AND customer_id = ${customerId}`,
  );
  if (!row) throw new Error('token quota record vanished');
  return row;
}

/** Sets the fields given (the others stay); returns the number of records changed (1). */
export async function setQuota(
  tx: Executor,
  tenantId: string,
  customerId: string,
  patch: { daily_quota?: number; monthly_quota?: number; quota_type?: QuotaType },
  at: Date,
): Promise<number> {
  await ensureQuota(tx, tenantId, customerId);
  const rows = await selectRows<{ customer_id: string }>(
    tx,
    sql`UPDATE billing.token_quotas SET
          daily_quota = ${patch.daily_quota === undefined ? sql`daily_quota` : sql`${patch.daily_quota}`},
          monthly_quota = ${patch.monthly_quota === undefined ? sql`monthly_quota` : sql`${patch.monthly_quota}`},
          quota_type = ${patch.quota_type ?? sql`quota_type`},
          -- new limits take effect at once: a block made under the old ones is lifted
          blocked_reason = NULL, blocked_until = NULL,
          updated_at = ${at.toISOString()}::timestamptz
        WHERE tenant_id = ${tenantId} AND customer_id = ${customerId}
        RETURNING customer_id`,
  );
  return rows.length;
}

/** Atomic increments of the day's and the month's counters; returns both new totals. */
export async function addUsage(
  tx: Executor,
  key: { tenantId: string; customerId: string; day: string; month: string },
  tokens: number,
): Promise<{ today: number; month: number }> {
  const [daily] = await selectRows<{ tokens: string }>(
    tx,
    sql`INSERT INTO billing.token_usage_daily (tenant_id, customer_id, day, tokens)
        VALUES (${key.tenantId}, ${key.customerId}, ${key.day}::date, ${tokens})
        ON CONFLICT (tenant_id, customer_id, day) DO UPDATE SET tokens = billing.token_usage_daily.tokens + EXCLUDED.tokens
        RETURNING tokens::text`,
  );
  const [monthly] = await selectRows<{ tokens: string }>(
    tx,
    sql`INSERT INTO billing.token_usage_monthly (tenant_id, customer_id, month, tokens)
        VALUES (${key.tenantId}, ${key.customerId}, ${key.month}::date, ${tokens})
        ON CONFLICT (tenant_id, customer_id, month) DO UPDATE SET tokens = billing.token_usage_monthly.tokens + EXCLUDED.tokens
        RETURNING tokens::text`,
  );
  return { today: Number(daily?.tokens ?? 0), month: Number(monthly?.tokens ?? 0) };
}

export async function usageTotals(
  executor: Executor,
  key: { tenantId: string; customerId: string; day: string; month: string },
): Promise<{ today: number; month: number }> {
  const [row] = await selectRows<{ today: string; month: string }>(
    executor,
    sql`SELECT
      coalesce((SELECT tokens FROM billing.token_usage_daily
        WHERE tenant_id = ${key.tenantId} AND customer_id = ${key.customerId} AND day = ${key.day}::date), 0)::text AS today,
      coalesce((SELECT tokens FROM billing.token_usage_monthly
        WHERE tenant_id = ${key.tenantId} AND customer_id = ${key.customerId} AND month = ${key.month}::date), 0)::text AS month`,
  );
  return { today: Number(row?.today ?? 0), month: Number(row?.month ?? 0) };
}

/** Marks the day as over quota and blocks the customer until `until`. */
export async function blockCustomer(
  tx: Executor,
  key: { tenantId: string; customerId: string; day: string },
  reason: string,
  until: Date,
): Promise<void> {
  await tx.execute(sql`
    UPDATE billing.token_usage_daily SET quota_exceeded = true
    WHERE tenant_id = ${key.tenantId} AND customer_id = ${key.customerId} AND day = ${key.day}::date`);
  await tx.execute(sql`
    UPDATE billing.token_quotas SET blocked_reason = ${reason}, blocked_until = ${until.toISOString()}::timestamptz
    WHERE tenant_id = ${key.tenantId} AND customer_id = ${key.customerId}`);
}

export async function insertUsageLog(
  tx: Executor,
  entry: {
    tenantId: string;
    customerId: string;
    day: string;
    conversationId: string;
    tokens: number;
    promptTokens?: number;
    completionTokens?: number;
    systemTokens?: number;
    messageCount: number;
    functionCalls: string[];
    model: string;
    estimatedCostUsd: string;
    at: Date;
  },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO billing.token_usage_log
      (id, tenant_id, customer_id, day, conversation_id, tokens, prompt_tokens, completion_tokens, system_tokens,
       message_count, function_calls, model, estimated_cost_usd, created_at)
    VALUES (${newId(entry.at)}, ${entry.tenantId}, ${entry.customerId}, ${entry.day}::date, ${entry.conversationId},
            ${entry.tokens}, ${entry.promptTokens ?? null}, ${entry.completionTokens ?? null},
            ${entry.systemTokens ?? null}, ${entry.messageCount}, ${JSON.stringify(entry.functionCalls)}::jsonb,
            ${entry.model}, ${entry.estimatedCostUsd}::numeric, ${entry.at.toISOString()}::timestamptz)`);
}

export interface DailyUsageRow {
  date: string;
  total_tokens: number;
  total_conversations: number;
  total_messages: number;
  estimated_cost_usd: string;
  quota_exceeded: boolean;
}

/** Per UTC day from `fromDay` on, newest first: days with at least one tracking call. */
export async function dailyUsage(
  executor: Executor,
  tenantId: string,
  customerId: string,
  fromDay: string,
): Promise<DailyUsageRow[]> {
  const rows = await selectRows<{
    date: string;
    total_tokens: string;
    total_conversations: number;
    total_messages: string;
    estimated_cost_usd: string;
    quota_exceeded: boolean | null;
  }>(
    executor,
    sql`SELECT to_char(l.day, 'YYYY-MM-DD') AS date, sum(l.tokens)::text AS total_tokens,
          count(DISTINCT l.conversation_id)::int AS total_conversations, sum(l.message_count)::text AS total_messages,
          sum(l.estimated_cost_usd)::text AS estimated_cost_usd, bool_or(d.quota_exceeded) AS quota_exceeded
        FROM billing.token_usage_log l
        LEFT JOIN billing.token_usage_daily d
          ON d.tenant_id = l.tenant_id AND d.customer_id = l.customer_id AND d.day = l.day
        WHERE l.tenant_id = ${tenantId} AND l.customer_id = ${customerId} AND l.day >= ${fromDay}::date
        GROUP BY l.day ORDER BY l.day DESC`,
  );
  return rows.map((row) => ({
    date: row.date,
    total_tokens: Number(row.total_tokens),
    total_conversations: row.total_conversations,
    total_messages: Number(row.total_messages),
    estimated_cost_usd: row.estimated_cost_usd,
    quota_exceeded: row.quota_exceeded ?? false,
  }));
}

/** Lifts blocks of the given kind that have lapsed by `asOf`; idempotent. Returns how many were lifted. */
export async function liftLapsedBlocks(tx: Executor, reason: string, asOf: Date): Promise<number> {
  const rows = await selectRows<{ customer_id: string }>(
    tx,
    sql`UPDATE billing.token_quotas SET blocked_reason = NULL, blocked_until = NULL
        WHERE blocked_reason = ${reason} AND blocked_until <= ${asOf.toISOString()}::timestamptz
        RETURNING customer_id`,
  );
  return rows.length;
}

/** A customer's erasure: quota, counters and log go. */
export async function deleteCustomerTokenData(
  tx: Executor,
  tenantId: string,
  customerId: string,
): Promise<void> {
  for (const table of ['token_usage_log', 'token_usage_daily', 'token_usage_monthly', 'token_quotas']) {
    await tx.execute(
      sql`DELETE FROM ${sql.identifier('billing')}.${sql.identifier(table)}
          WHERE tenant_id = ${tenantId} AND customer_id = ${customerId}`,
    );
  }
}
