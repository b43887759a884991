import { forbidden, tenantIn, type Executor, type RequestContext } from '@salon/service-kit';
import type { QuotaRecord } from '../db/token.repository';
import { findSubscription } from '../db/subscription.repository';
import type { BillingDeps } from './deps';
import { resolveQuota, type EffectiveQuota } from './token-rules';

// What the customer's token-usage use cases share.

export interface CustomerKey {
  tenantId: string;
  customerId: string;
}

/** The calling customer and its tenant (the token-usage routes take customer tokens only). */
export function customerKeyIn(ctx: RequestContext): CustomerKey {
  if (ctx.caller?.kind !== 'customer') throw forbidden('Insufficient permissions');
  return { tenantId: tenantIn(ctx), customerId: ctx.caller.customerId };
}

/** customer override → tenant's plan (its subscription) → defaults when billing knows no subscription. */
export async function effectiveQuota(
  deps: BillingDeps,
  executor: Executor,
  key: CustomerKey,
  record: QuotaRecord,
): Promise<EffectiveQuota> {
  const subscription = await findSubscription(executor, key.tenantId);
  return resolveQuota(record, subscription?.plan, deps.config);
}

export const blockOf = (record: QuotaRecord) =>
  record.blocked_reason && record.blocked_until
    ? { reason: record.blocked_reason, until: new Date(record.blocked_until) }
    : null;
