import { newEvent, originOf } from '@salon/messaging';
import { badRequest, notFound, type Executor, type RequestContext } from '@salon/service-kit';
import { insertAuditEntry } from '../db/audit.repository';
import { switchOutletsWithTenant, type OutletRecord } from '../db/outlet.repository';
import { findTenant, updateTenant, type TenantRecord } from '../db/tenant.repository';
import { findMember, switchMembershipsWithTenant, type MemberRecord } from '../db/user.repository';
import { staffIn } from './caller';
import { PRODUCER, type IdentityDeps } from './deps';
import { outletUpsertedData, publishUserUpserted, tenantUpdatedData } from './events';

type TenantSwitch = 'deactivated' | 'reactivated';

/** What each direction of the switch sets (on the tenant, its outlets and memberships), refuses and audits as. */
const SWITCHES = {
  deactivated: {
    isActive: false,
    already: 'Tenant is already inactive',
    action: 'TENANT_DEACTIVATED',
  },
  reactivated: {
    isActive: true,
    already: 'Tenant is already active',
    action: 'TENANT_REACTIVATED',
  },
} as const;

/**
 * Deactivation and reactivation, in one transaction: the tenant (404 unknown, 400 already so) switched, its
 * outlets and memberships with it, the audit entry, and the events. Answers the tenant after the switch.
 */
export async function switchTenant(
  deps: IdentityDeps,
  ctx: RequestContext,
  tenantId: string,
  change: TenantSwitch,
): Promise<TenantRecord> {
  const caller = staffIn(ctx);
  const how = SWITCHES[change];
  return deps.db.withTx(async (tx) => {
    const current = await findTenant(tx, tenantId, { forUpdate: true });
    if (!current) throw notFound('Tenant not found');
    if (current.is_active === how.isActive) throw badRequest(how.already);

    const tenant = await updateTenant(tx, tenantId, { is_active: how.isActive });
    const outlets = await switchOutletsWithTenant(tx, tenantId, how.isActive);
    const userIds = await switchMembershipsWithTenant(tx, tenantId, how.isActive);
    await insertAuditEntry(tx, {
      tenant_id: tenantId,
      actor_type: 'staff',
      actor_id: caller.userId,
      action: how.action,
      entity_type: 'tenant',
      entity_id: tenantId,
      details: { [`outlets_${change}`]: outlets.length, [`memberships_${change}`]: userIds.length },
    });
    await publishTenantSwitch(deps, tx, ctx, change, { tenant, outlets, userIds });
    return tenant;
  });
}

/**
 * `identity.tenant.<change>.v1` (billing suspends or restores the plan), the tenant's new state, and every
 * outlet and membership that the change switched.
 */
async function publishTenantSwitch(
  deps: IdentityDeps,
  tx: Executor,
  ctx: RequestContext,
  change: TenantSwitch,
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
