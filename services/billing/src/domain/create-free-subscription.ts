import type { TenantRegisteredV1 } from '@salon/contracts';
import type { EventOrigin } from '@salon/messaging';
import type { Executor } from '@salon/service-kit';
import { insertSubscription } from '../db/subscription.repository';
import type { BillingDeps } from './deps';
import { publishChanged } from './events';
import { addPeriod } from './plan-rules';

/**
 * identity.tenant.registered.v1, inside its inbox transaction: the FREE plan, active, one monthly period from
 * registration, under the subscription id identity chose (a redelivery creates nothing more).
 */
export async function createFreeSubscription(
  deps: BillingDeps,
  tx: Executor,
  data: TenantRegisteredV1,
  origin: EventOrigin,
): Promise<void> {
  const start = new Date(data.created_at);
  const created = await insertSubscription(tx, {
    id: data.subscription_id,
    tenant_id: data.tenant_id,
    plan: 'FREE',
    status: 'active',
    billing_period: 'monthly',
    current_period_start: start.toISOString(),
    current_period_end: addPeriod(start, 'monthly').toISOString(),
    at: deps.clock.now().toISOString(),
  });
  if (created) await publishChanged(deps, tx, [created], origin);
}
