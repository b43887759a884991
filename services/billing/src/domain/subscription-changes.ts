import type { EventOrigin } from '@salon/messaging';
import { forbidden, notFound, type Executor, type RequestContext } from '@salon/service-kit';
import {
  findSubscription,
  saveSubscription,
  type SubscriptionChanges,
  type SubscriptionRecord,
} from '../db/subscription.repository';
import type { BillingDeps } from './deps';
import { publishChanged } from './events';

// What the use cases and jobs that change a subscription share.

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

/** The tenant's subscription, unlocked; 404 when billing has none yet. */
export async function subscriptionOf(deps: BillingDeps, tenantId: string): Promise<SubscriptionRecord> {
  const subscription = await findSubscription(deps.db.orm, tenantId);
  if (!subscription) throw notFound('Subscription not found');
  return subscription;
}

/** Saves the changes, bumps the version and publishes the new snapshot, in one transaction. */
export async function changeSubscription(
  deps: BillingDeps,
  tx: Executor,
  tenantId: string,
  changes: SubscriptionChanges,
  origin: EventOrigin,
): Promise<SubscriptionRecord> {
  const saved = await saveSubscription(tx, tenantId, changes, deps.clock.now());
  await publishChanged(deps, tx, [saved], origin);
  return saved;
}

export const withoutDeactivation = ({
  deactivated_at: _at,
  deactivated_by: _by,
  deactivation_reason: _reason,
  ...rest
}: Record<string, unknown>) => rest;

/** The staff user acting, recorded in metadata (cancelled_by, deactivated_by …). */
export function actingUser(ctx: RequestContext): string {
  if (ctx.caller?.kind !== 'staff') throw forbidden('Insufficient permissions');
  return ctx.caller.userId;
}
