import {
  newId,
  normaliseOptionalPhone,
  notFound,
  phoneRegionOf,
  tenantIn,
  type RequestContext,
} from '@salon/service-kit';
import {
  insertOutlet,
  outletSlugsLike,
  type BusinessHours,
  type OutletRecord,
} from '../db/outlet.repository';
import { findTenant } from '../db/tenant.repository';
import type { IdentityDeps } from './deps';
import { publishOutletUpserted } from './events';
import { lockTenantAndAssertRoom } from './outlet-limits';
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

/** POST /outlets: the plan's max_outlets bounds active outlets (402 beyond); timezone defaults to the tenant's. */
export async function createOutlet(
  deps: IdentityDeps,
  ctx: RequestContext,
  input: NewOutletInput,
): Promise<OutletRecord> {
  const tenantId = tenantIn(ctx);
  return deps.db.withTx(async (tx) => {
    if (input.is_active) await lockTenantAndAssertRoom(deps, tx, tenantId);
    const tenant = await findTenant(tx, tenantId);
    if (!tenant) throw notFound('Tenant not found');
    const timezone = input.timezone ?? tenant.settings.timezone;
    // The outlet's own time zone names its region first (an outlet abroad), then the tenant's currency.
    const region = phoneRegionOf({ timezone, currency: tenant.settings.currency });
    const base = slugify(input.slug || input.name);
    const outlet = await insertOutlet(tx, {
      id: newId(),
      tenant_id: tenantId,
      name: input.name,
      slug: nextFreeSlug(base, await outletSlugsLike(tx, tenantId, base)),
      address: input.address ?? null,
      phone: normaliseOptionalPhone(input.phone, region, ['body', 'phone']) ?? null,
      timezone,
      business_hours: input.business_hours ?? {},
      is_active: input.is_active,
    });
    await publishOutletUpserted(deps, tx, ctx, outlet);
    return outlet;
  });
}
