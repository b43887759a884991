import type { TenantSettings } from '@salon/contracts';
import { newEvent } from '@salon/messaging';
import {
  badRequest,
  conflict,
  notFound,
  rethrowUnique,
  type Executor,
  type StaffAuth,
} from '@salon/service-kit';
import { insertAuditEntry } from '../db/audit.repository';
import { deactivateOutletsWithTenant, reactivateOutletsWithTenant } from '../db/outlet.repository';
import { findTenant, findTenantDuplicates, updateTenant, type TenantRecord } from '../db/tenant.repository';
import {
  deactivateMembershipsWithTenant,
  findMember,
  reactivateMembershipsWithTenant,
  type MemberRecord,
} from '../db/user.repository';
import { PRODUCER, type IdentityDeps } from './deps';
import { outletUpsertedData, publishUserUpserted, tenantUpdatedData } from './events';
import { normaliseWebsite } from './tenant-rules';

/** SUPER_ADMIN sees any tenant; everyone else only their own (another tenant's id is a 404, never data). */
export function canSeeTenant(auth: StaffAuth, tenantId: string): boolean {
  return auth.role === 'SUPER_ADMIN' || auth.tenantId === tenantId;
}

export async function getTenant(
  deps: IdentityDeps,
  auth: StaffAuth,
  tenantId: string,
): Promise<TenantRecord> {
  const tenant = canSeeTenant(auth, tenantId) ? await findTenant(deps.db.orm, tenantId) : undefined;
  if (!tenant) throw notFound('Tenant not found');
  return tenant;
}

export interface TenantUpdate {
  name?: string;
  email?: string;
  phone?: string;
  description?: string | null;
  website?: string | null;
  settings?: Partial<TenantSettings>;
}

/** PUT /tenants/{id}: partial; settings merge into the current ones; slug and subscription never change here. */
export async function updateTenantDetails(
  deps: IdentityDeps,
  auth: StaffAuth,
  tenantId: string,
  changes: TenantUpdate,
  correlationId?: string,
): Promise<TenantRecord> {
  try {
    return await deps.db.withTx(async (tx) => {
      const current = canSeeTenant(auth, tenantId)
        ? await findTenant(tx, tenantId, { forUpdate: true })
        : undefined;
      if (!current) throw notFound('Tenant not found');

      const taken = await findTenantDuplicates(tx, changes, tenantId);
      if (taken.name) throw conflict('name already registered');
      if (taken.email) throw conflict('email already registered');
      if (taken.phone) throw conflict('phone already registered');

      const tenant = await updateTenant(tx, tenantId, {
        ...changes,
        website: changes.website === undefined ? undefined : normaliseWebsite(changes.website),
        settings: changes.settings ? { ...current.settings, ...changes.settings } : undefined,
      });
      await deps.store.enqueue(tx, [
        newEvent('identity.tenant.updated.v1', tenantUpdatedData(tenant), {
          producer: PRODUCER,
          tenantId,
          correlationId,
        }),
      ]);
      return tenant;
    });
  } catch (error) {
    rethrowUnique(error, {
      tenants_name_key: 'name',
      tenants_email_key: 'email',
      tenants_phone_key: 'phone',
    });
  }
}

async function membersOf(tx: Executor, tenantId: string, userIds: string[]): Promise<MemberRecord[]> {
  const members = await Promise.all(userIds.map((userId) => findMember(tx, tenantId, userId)));
  return members.filter((member): member is MemberRecord => member !== undefined);
}

/**
 * DELETE /tenants/{id} (SUPER_ADMIN), per the spec's state table: the tenant, its outlets and every membership
 * are deactivated (data kept), the audit entry is written, and `identity.tenant.deactivated.v1` makes billing
 * suspend the subscription. What was switched off here is marked, so reactivation restores exactly that.
 */
export async function deactivateTenant(
  deps: IdentityDeps,
  auth: StaffAuth,
  tenantId: string,
  correlationId?: string,
): Promise<void> {
  await deps.db.withTx(async (tx) => {
    const current = await findTenant(tx, tenantId, { forUpdate: true });
    if (!current) throw notFound('Tenant not found');
    if (!current.is_active) throw badRequest('Tenant is already inactive');

    const tenant = await updateTenant(tx, tenantId, { is_active: false });
    const outlets = await deactivateOutletsWithTenant(tx, tenantId);
    const userIds = await deactivateMembershipsWithTenant(tx, tenantId);
    await insertAuditEntry(tx, {
      tenant_id: tenantId,
      actor_type: 'staff',
      actor_id: auth.userId,
      action: 'TENANT_DEACTIVATED',
      entity_type: 'tenant',
      entity_id: tenantId,
      details: { outlets_deactivated: outlets.length, memberships_deactivated: userIds.length },
    });

    const origin = { producer: PRODUCER, tenantId, correlationId };
    await deps.store.enqueue(tx, [
      newEvent('identity.tenant.deactivated.v1', { tenant_id: tenantId, at: tenant.updated_at }, origin),
      newEvent('identity.tenant.updated.v1', tenantUpdatedData(tenant), origin),
      ...outlets.map((outlet) => newEvent('identity.outlet.upserted.v1', outletUpsertedData(outlet), origin)),
    ]);
    await publishUserUpserted(deps, tx, await membersOf(tx, tenantId, userIds), correlationId);
  });
}

/** POST /tenants/{id}/reactivate (SUPER_ADMIN): reverses the deactivation; billing reactivates the plan. */
export async function reactivateTenant(
  deps: IdentityDeps,
  auth: StaffAuth,
  tenantId: string,
  correlationId?: string,
): Promise<TenantRecord> {
  return deps.db.withTx(async (tx) => {
    const current = await findTenant(tx, tenantId, { forUpdate: true });
    if (!current) throw notFound('Tenant not found');
    if (current.is_active) throw badRequest('Tenant is already active');

    const tenant = await updateTenant(tx, tenantId, { is_active: true });
    const outlets = await reactivateOutletsWithTenant(tx, tenantId);
    const userIds = await reactivateMembershipsWithTenant(tx, tenantId);
    await insertAuditEntry(tx, {
      tenant_id: tenantId,
      actor_type: 'staff',
      actor_id: auth.userId,
      action: 'TENANT_REACTIVATED',
      entity_type: 'tenant',
      entity_id: tenantId,
      details: { outlets_reactivated: outlets.length, memberships_reactivated: userIds.length },
    });

    const origin = { producer: PRODUCER, tenantId, correlationId };
    await deps.store.enqueue(tx, [
      newEvent('identity.tenant.reactivated.v1', { tenant_id: tenantId, at: tenant.updated_at }, origin),
      newEvent('identity.tenant.updated.v1', tenantUpdatedData(tenant), origin),
      ...outlets.map((outlet) => newEvent('identity.outlet.upserted.v1', outletUpsertedData(outlet), origin)),
    ]);
    await publishUserUpserted(deps, tx, await membersOf(tx, tenantId, userIds), correlationId);
    return tenant;
  });
}
