import { newId, tenantIn, type RequestContext } from '@salon/service-kit';
import { insertPackage } from '../db/package.repository';
import { findTenant } from '../db/replica.repository';
import type { CommerceDeps } from './deps';
import {
  DEFAULT_CURRENCY,
  assertDiscounted,
  assertRoomForPackage,
  pricedItems,
  tenantOutlets,
  writtenDetail,
  type NewPackageInput,
  type PackageWithMetrics,
} from './package-checks';

/** POST /packages: within the plan's package and item limits, discounted, at the tenant's outlets. */
export async function createPackage(
  deps: CommerceDeps,
  ctx: RequestContext,
  input: NewPackageInput,
): Promise<PackageWithMetrics> {
  const tenantId = tenantIn(ctx);
  return deps.db.withTx(async (tx) => {
    await assertRoomForPackage(deps, tx, tenantId);
    const items = await pricedItems(deps, tx, tenantId, input.package_items);
    assertDiscounted(items, input.package_price);
    const outletIds = await tenantOutlets(tx, tenantId, input.outlet_ids ?? []);
    const status = input.status ?? (input.is_active === false ? 'inactive' : 'active');
    const currency = input.currency ?? (await findTenant(tx, tenantId))?.currency ?? DEFAULT_CURRENCY;
    const id = newId();
    await insertPackage(tx, tenantId, {
      id,
      name: input.name,
      description: input.description ?? null,
      package_items: items,
      package_price: input.package_price,
      currency,
      validity_days: input.validity_days ?? null,
      is_active: input.is_active ?? status === 'active',
      status,
      outlet_ids: outletIds,
    });
    return writtenDetail(tx, tenantId, id);
  });
}
