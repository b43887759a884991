import { originOf, type EventOrigin } from '@salon/messaging';
import { forbidden, notFound, tenantIn, type Executor, type RequestContext } from '@salon/service-kit';
import {
  findSubscription,
  saveSubscription,
  type SubscriptionChanges,
  type SubscriptionRecord,
} from '../db/subscription.repository';
import { PRODUCER, type BillingDeps } from './deps';
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

type Change = (subscription: SubscriptionRecord) => Partial<SubscriptionChanges>;

/**
 * A request's change of its tenant's subscription, in one transaction: the subscription locked (404 when there
 * is none), `change` checks it and answers what changes, saved and published with the request's origin.
 */
export const changeRequested = (deps: BillingDeps, ctx: RequestContext, change: Change) =>
  changeLocked(deps, ctx, tenantIn(ctx), change);

/** The same, by a staff user (403 for anyone else), whom `change` records in the metadata. */
export function changeByStaff(
  deps: BillingDeps,
  ctx: RequestContext,
  change: (subscription: SubscriptionRecord, userId: string) => Partial<SubscriptionChanges>,
): Promise<SubscriptionRecord> {
  const tenantId = tenantIn(ctx);
  const userId = actingUser(ctx);
  return changeLocked(deps, ctx, tenantId, (subscription) => change(subscription, userId));
}

async function changeLocked(
  deps: BillingDeps,
  ctx: RequestContext,
  tenantId: string,
  change: Change,
): Promise<SubscriptionRecord> {
  return deps.db.withTx(async (tx) => {
    const subscription = await lockedSubscription(tx, tenantId);
    return changeSubscription(
      deps,
      tx,
      tenantId,
      { ...changesOf(subscription), ...change(subscription) },
      originOf(ctx, PRODUCER),
    );
  });
}

type Metadata = Record<string, unknown>;

/** Suspended: when, by whom and why, in the subscription's metadata. */
export const deactivatedMetadata = (
  metadata: Metadata,
  { at, by, reason }: { at: string; by: string; reason: string | null },
): Metadata => ({ ...metadata, deactivated_at: at, deactivated_by: by, deactivation_reason: reason });

/** Active again: the deactivation forgotten, when and by whom recorded. */
export const activatedMetadata = (
  { deactivated_at: _at, deactivated_by: _by, deactivation_reason: _reason, ...rest }: Metadata,
  { at, by }: { at: string; by: string },
): Metadata => ({ ...rest, activated_at: at, activated_by: by });

/** The staff user acting, recorded in metadata (cancelled_by, deactivated_by …). */
export function actingUser(ctx: RequestContext): string {
  if (ctx.caller?.kind !== 'staff') throw forbidden('Insufficient permissions');
  return ctx.caller.userId;
}
