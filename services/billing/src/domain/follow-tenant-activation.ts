import type { EventOrigin } from '@salon/messaging';
import type { Executor } from '@salon/service-kit';
import { findSubscription } from '../db/subscription.repository';
import type { BillingDeps } from './deps';
import {
  activatedMetadata,
  changeSubscription,
  changesOf,
  deactivatedMetadata,
} from './subscription-changes';

/**
 * identity.tenant.deactivated.v1 and reactivated.v1, inside their inbox transaction: suspended ⇄ active,
 * plan kept.
 */
export async function setTenantSuspended(
  deps: BillingDeps,
  tx: Executor,
  { tenantId, suspended, at }: { tenantId: string; suspended: boolean; at: string },
  origin: EventOrigin,
): Promise<void> {
  const subscription = await findSubscription(tx, tenantId, { forUpdate: true });
  // Registration not applied yet: throwing retries later, after the registered event.
  if (!subscription) throw new Error(`no subscription yet for tenant ${tenantId}`);
  const status = suspended ? 'suspended' : 'active';
  if (subscription.status === status) return;
  const metadata = suspended
    ? deactivatedMetadata(subscription.metadata, { at, by: 'identity', reason: 'tenant deactivated' })
    : activatedMetadata(subscription.metadata, { at, by: 'identity' });
  await changeSubscription(deps, tx, tenantId, { ...changesOf(subscription), status, metadata }, origin);
}
