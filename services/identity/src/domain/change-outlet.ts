import {
  assertOutletAccess,
  normaliseOptionalPhone,
  notFound,
  phoneRegionOf,
  tenantIn,
  type RequestContext,
} from '@salon/service-kit';
import { findTenant } from '../db/tenant.repository';
import { findOutlet, updateOutlet, type OutletChanges, type OutletRecord } from '../db/outlet.repository';
import { staffIn } from './caller';
import type { IdentityDeps } from './deps';
import { publishOutletUpserted } from './events';
import { lockTenantAndAssertRoom } from './outlet-limits';

/**
 * PUT /outlets/{id} and DELETE /outlets/{id} (is_active false). An OUTLET_MANAGER changes only the outlets it
 * manages; TENANT_ADMIN any of its tenant's.
 */
export async function changeOutlet(
  deps: IdentityDeps,
  ctx: RequestContext,
  { outletId, changes }: { outletId: string; changes: OutletChanges },
): Promise<OutletRecord> {
  const tenantId = tenantIn(ctx);
  staffIn(ctx);
  return deps.db.withTx(async (tx) => {
    const current = await findOutlet(tx, tenantId, outletId, { forUpdate: true });
    if (!current) throw notFound('Outlet not found');
    assertOutletAccess(ctx, outletId, 'Outlet managers may change only their own outlets');
    if (changes.is_active === true && !current.is_active) await lockTenantAndAssertRoom(deps, tx, tenantId);
    const tenant = await findTenant(tx, tenantId);
    const region = phoneRegionOf({
      timezone: changes.timezone ?? current.timezone,
      currency: tenant?.settings.currency,
    });
    const phone = normaliseOptionalPhone(changes.phone, region, ['body', 'phone']);
    const outlet = await updateOutlet(tx, tenantId, outletId, { ...changes, phone });
    await publishOutletUpserted(deps, tx, ctx, outlet);
    return outlet;
  });
}
