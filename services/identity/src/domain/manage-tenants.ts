import type { TenantSettings } from '@salon/contracts';
import { newEvent } from '@salon/messaging';
import { conflict, notFound, type StaffAuth } from '@salon/service-kit';
import { rethrowUnique } from '../db/rows';
import { findTenant, findTenantDuplicates, updateTenant, type TenantRecord } from '../db/tenant.repository';
import { PRODUCER, type IdentityDeps } from './deps';
import { tenantUpdatedData } from './events';
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
