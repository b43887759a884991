import { notFound, tooManyRequests, type Executor } from '@salon/service-kit';
import {
  addUsage,
  blockCustomer,
  dailyUsage,
  ensureQuota,
  insertUsageLog,
  liftLapsedBlocks,
  setQuota,
  usageTotals,
  type QuotaRecord,
} from '../db/token.repository';
import { findSubscription } from '../db/subscription.repository';
import { customerTenant } from '../db/usage.repository';
import type { BillingDeps } from './deps';
import {
  DAILY_QUOTA_EXCEEDED,
  MONTHLY_QUOTA_EXCEEDED,
  estimateCostUsd,
  nextUtcMidnight,
  nextUtcMonth,
  quotaStatus,
  resolveQuota,
  trackOutcome,
  utcDay,
  utcMonth,
  type EffectiveQuota,
  type QuotaType,
} from './token-rules';
import { DAY_MS } from './plan-rules';

export interface CustomerKey {
  tenantId: string;
  customerId: string;
}

/** customer override → tenant's plan (its subscription) → defaults when billing knows no subscription. */
async function effectiveQuota(
  deps: BillingDeps,
  executor: Executor,
  key: CustomerKey,
  record: QuotaRecord,
): Promise<EffectiveQuota> {
  const subscription = await findSubscription(executor, key.tenantId);
  return resolveQuota(record, subscription?.plan, deps.config);
}

const blockOf = (record: QuotaRecord) =>
  record.blocked_reason && record.blocked_until
    ? { reason: record.blocked_reason, until: new Date(record.blocked_until) }
    : null;

/** GET /token-usage/quota: creates the record on first use; the counters of the current UTC day and month. */
export async function quotaOf(deps: BillingDeps, key: CustomerKey) {
  const now = deps.clock.now();
  return deps.db.withTx(async (tx) => {
    const record = await ensureQuota(tx, key.tenantId, key.customerId);
    const quota = await effectiveQuota(deps, tx, key, record);
    const used = await usageTotals(tx, { ...key, day: utcDay(now), month: utcMonth(now) });
    return quotaStatus({
      usedToday: used.today,
      usedThisMonth: used.month,
      quota,
      block: blockOf(record),
      now,
    });
  });
}

export interface TrackInput {
  tokens: number;
  prompt_tokens?: number;
  completion_tokens?: number;
  system_tokens?: number;
  conversation_id: string;
  message_count: number;
  function_calls?: string[];
  model?: string;
}

/**
 * POST /token-usage/track: always records (log entry, cost estimate, both counters by atomic increments),
 * then answers 429 when a new total passes its quota (the block lapses at the next UTC midnight or month).
 */
export async function trackUsage(deps: BillingDeps, key: CustomerKey, input: TrackInput) {
  const now = deps.clock.now();
  const day = utcDay(now);
  const result = await deps.db.withTx(async (tx) => {
    const record = await ensureQuota(tx, key.tenantId, key.customerId);
    const quota = await effectiveQuota(deps, tx, key, record);
    const totals = await addUsage(tx, { ...key, day, month: utcMonth(now) }, input.tokens);
    await insertUsageLog(tx, {
      ...key,
      day,
      conversationId: input.conversation_id,
      tokens: input.tokens,
      promptTokens: input.prompt_tokens,
      completionTokens: input.completion_tokens,
      systemTokens: input.system_tokens,
      messageCount: input.message_count,
      functionCalls: input.function_calls ?? [],
      model: input.model ?? deps.config.DEFAULT_CHAT_MODEL,
      estimatedCostUsd: estimateCostUsd(input.tokens, input.prompt_tokens, input.completion_tokens),
      at: now,
    });
    const outcome = trackOutcome(totals.today, totals.month, quota);
    if (outcome.exceeded === 'daily')
      await blockCustomer(tx, { ...key, day }, 'daily_quota_exceeded', nextUtcMidnight(now));
    else if (outcome.exceeded === 'monthly')
      await blockCustomer(tx, { ...key, day }, 'monthly_quota_exceeded', nextUtcMonth(now));
    return { totals, outcome };
  });
  // The usage is committed before the refusal: a 429 never loses a recorded call.
  if (result.outcome.exceeded === 'daily') throw tooManyRequests(DAILY_QUOTA_EXCEEDED);
  if (result.outcome.exceeded === 'monthly') throw tooManyRequests(MONTHLY_QUOTA_EXCEEDED);
  return {
    success: true,
    recorded: true,
    new_total_today: result.totals.today,
    new_total_month: result.totals.month,
    quota_exceeded: false,
    warning: result.outcome.warning,
  };
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** GET /token-usage/history: the last `days` UTC days (today included), newest first. */
export async function usageHistory(deps: BillingDeps, key: CustomerKey, days: number) {
  const now = deps.clock.now();
  const from = utcDay(new Date(now.getTime() - (days - 1) * DAY_MS));
  const rows = await dailyUsage(deps.db.orm, key.tenantId, key.customerId, from);
  const totalTokens = rows.reduce((sum, row) => sum + row.total_tokens, 0);
  const totalCost = rows.reduce((sum, row) => sum + Number(row.estimated_cost_usd), 0);
  return {
    daily_usage: rows.map((row) => ({
      date: row.date,
      total_tokens: row.total_tokens,
      total_conversations: row.total_conversations,
      total_messages: row.total_messages,
      average_tokens_per_message:
        row.total_messages === 0 ? 0 : round(row.total_tokens / row.total_messages, 2),
      estimated_cost_usd: round(Number(row.estimated_cost_usd), 6),
      quota_exceeded: row.quota_exceeded,
    })),
    total_tokens: totalTokens,
    total_cost_usd: round(totalCost, 6),
    average_tokens_per_day: round(totalTokens / days, 2),
  };
}

/**
 * PATCH /token-usage/quota/{customer_id}: a TENANT_ADMIN for its own tenant's customers, a SUPER_ADMIN for
 * any (404 for a customer billing does not know, or of another tenant).
 */
export async function updateQuota(
  deps: BillingDeps,
  customerId: string,
  scope: { tenantId: string | null },
  patch: { daily_quota?: number; monthly_quota?: number; quota_type?: QuotaType },
) {
  const tenantId = await customerTenant(deps.db.orm, customerId, scope.tenantId ?? undefined);
  if (!tenantId) throw notFound('Customer not found');
  const updated = await deps.db.withTx((tx) => setQuota(tx, tenantId, customerId, patch, deps.clock.now()));
  return { success: true, updated_count: updated };
}

/** The reset jobs: lift lapsed daily (or monthly) blocks. Counters need no reset: they are keyed by day. */
export async function resetBlocks(deps: BillingDeps, kind: 'daily' | 'monthly', asOf: Date) {
  const reason = kind === 'daily' ? 'daily_quota_exceeded' : 'monthly_quota_exceeded';
  const reset = await deps.db.withTx((tx) => liftLapsedBlocks(tx, reason, asOf));
  return { success: true, reset_count: reset, as_of: asOf.toISOString() };
}
