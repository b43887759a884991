import type { RequestContext } from '@salon/service-kit';
import { dailyUsage } from '../db/token.repository';
import type { BillingDeps } from './deps';
import { DAY_MS } from './plan-rules';
import { customerKeyIn } from './token-quota';
import { utcDay } from './token-rules';

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** GET /token-usage/history: the last `days` UTC days (today included), newest first. */
export async function getUsageHistory(deps: BillingDeps, ctx: RequestContext, { days }: { days: number }) {
  const key = customerKeyIn(ctx);
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
