import { tooManyRequests, type RequestContext } from '@salon/service-kit';
import { addUsage, blockCustomer, ensureQuota, insertUsageLog } from '../db/token.repository';
import type { BillingDeps } from './deps';
import { customerKeyIn, effectiveQuota } from './token-quota';
import {
  DAILY_QUOTA_EXCEEDED,
  MONTHLY_QUOTA_EXCEEDED,
  estimateCostUsd,
  nextUtcMidnight,
  nextUtcMonth,
  trackOutcome,
  utcDay,
  utcMonth,
} from './token-rules';

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
export async function trackUsage(deps: BillingDeps, ctx: RequestContext, input: TrackInput) {
  const key = customerKeyIn(ctx);
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
