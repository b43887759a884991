import { newEvent } from '@salon/messaging';
import { forbidden, newId, notFound, type Executor, type StaffAuth } from '@salon/service-kit';
import {
  countActiveOutlets,
  findOutlet,
  insertOutlet,
  outletSlugsLike,
  updateOutlet,
  type BusinessHours,
  type OutletChanges,
  type OutletRecord,
} from '../db/outlet.repository';
import { findTenant, lockTenantRow } from '../db/tenant.repository';
import { PRODUCER, type IdentityDeps } from './deps';
import { outletUpsertedData } from './events';
import { nextFreeSlug, slugify } from './tenant-rules';

export interface NewOutletInput {
  name: string;
  slug?: string;
  address?: string | null;
  phone?: string | null;
  timezone?: string;
  business_hours?: BusinessHours;
  is_active: boolean;
}

// Active outlets are counted under the tenant's row lock, so two creations cannot both pass the limit.
async function lockTenantAndAssertRoom(deps: IdentityDeps, tx: Executor, tenantId: string): Promise<void> {
  await lockTenantRow(tx, tenantId);
  await deps.plans.assertWithinLimit(tx, tenantId, 'max_outlets', await countActiveOutlets(tx, tenantId));
}

async function publish(deps: IdentityDeps, tx: Executor, outlet: OutletRecord, correlationId?: string) {
  await deps.store.enqueue(tx, [
    newEvent('identity.outlet.upserted.v1', outletUpsertedData(outlet), {
      producer: PRODUCER,
      tenantId: outlet.tenant_id,
      correlationId,
    }),
  ]);
}

/** POST /outlets: the plan's max_outlets bounds active outlets (402 beyond); timezone defaults to the tenant's. */
export async function createOutlet(
  deps: IdentityDeps,
  tenantId: string,
  input: NewOutletInput,
  correlationId?: string,
): Promise<OutletRecord> {
  return deps.db.withTx(async (tx) => {
    if (input.is_active) await lockTenantAndAssertRoom(deps, tx, tenantId);
    const tenant = await findTenant(tx, tenantId);
    if (!tenant) throw notFound('Tenant not found');
    const base = slugify(input.slug || input.name);
    const outlet = await insertOutlet(tx, {
      id: newId(),
      tenant_id: tenantId,
      name: input.name,
      slug: nextFreeSlug(base, await outletSlugsLike(tx, tenantId, base)),
      address: input.address ?? null,
      phone: input.phone ?? null,
      timezone: input.timezone ?? tenant.settings.timezone,
      business_hours: input.business_hours ?? {},
      is_active: input.is_active,
    });
    await publish(deps, tx, outlet, correlationId);
    return outlet;
  });
}

export async function getOutlet(
  deps: IdentityDeps,
  tenantId: string,
  outletId: string,
): Promise<OutletRecord> {
  const outlet = await findOutlet(deps.db.orm, tenantId, outletId);
  if (!outlet) throw notFound('Outlet not found');
  return outlet;
}

/** An OUTLET_MANAGER changes only the outlets it manages; TENANT_ADMIN any of its tenant's. */
export async function changeOutlet(
  deps: IdentityDeps,
  auth: StaffAuth & { tenantId: string },
  outletId: string,
  changes: OutletChanges,
  correlationId?: string,
): Promise<OutletRecord> {
  return deps.db.withTx(async (tx) => {
    const current = await findOutlet(tx, auth.tenantId, outletId, { forUpdate: true });
    if (!current) throw notFound('Outlet not found');
    if (auth.role === 'OUTLET_MANAGER' && !auth.outletIds.includes(outletId)) {
      throw forbidden('Outlet managers may change only their own outlets');
    }
    if (changes.is_active === true && !current.is_active)
      await lockTenantAndAssertRoom(deps, tx, auth.tenantId);
    const outlet = await updateOutlet(tx, auth.tenantId, outletId, changes);
    await publish(deps, tx, outlet, correlationId);
    return outlet;
  });
}
