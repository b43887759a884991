import { newEvent, originOf } from '@salon/messaging';
import type { Executor, RequestContext } from '@salon/service-kit';
import type { OutletRecord } from '../db/outlet.repository';
import type { TenantRecord } from '../db/tenant.repository';
import { findMember, type MemberRecord } from '../db/user.repository';
import { PRODUCER, type IdentityDeps } from './deps';
import { outletUpsertedData, publishUserUpserted, tenantUpdatedData } from './events';

/**
 * Deactivation and reactivation: `identity.tenant.<change>.v1` (billing suspends or restores the plan), the
 * tenant's new state, and every outlet and membership that the change switched.
 */
export async function publishTenantSwitch(
  deps: IdentityDeps,
  tx: Executor,
  ctx: RequestContext,
  change: 'deactivated' | 'reactivated',
  { tenant, outlets, userIds }: { tenant: TenantRecord; outlets: OutletRecord[]; userIds: string[] },
): Promise<void> {
  const origin = originOf(ctx, PRODUCER, tenant.id);
  const switched = { tenant_id: tenant.id, at: tenant.updated_at };
  await deps.store.enqueue(tx, [
    change === 'deactivated'
      ? newEvent('identity.tenant.deactivated.v1', switched, origin)
      : newEvent('identity.tenant.reactivated.v1', switched, origin),
    newEvent('identity.tenant.updated.v1', tenantUpdatedData(tenant), origin),
    ...outlets.map((outlet) => newEvent('identity.outlet.upserted.v1', outletUpsertedData(outlet), origin)),
  ]);
  await publishUserUpserted(deps, tx, ctx, await membersOf(tx, tenant.id, userIds));
}

async function membersOf(tx: Executor, tenantId: string, userIds: string[]): Promise<MemberRecord[]> {
  const members = await Promise.all(userIds.map((userId) => findMember(tx, tenantId, userId)));
  return members.filter((member): member is MemberRecord => member !== undefined);
}
