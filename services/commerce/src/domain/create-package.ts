import { newId, tenantIn, type RequestContext } from '@salon/service-kit';
import { findPackage, insertPackage, type PackageRecord } from '../db/package.repository';
import { findTenant } from '../db/replica.repository';
import type { CommerceDeps } from './deps';
import {
  DEFAULT_CURRENCY,
  assertDiscounted,
  assertItemCount,
  assertOutlets,
  assertRoomForPackage,
  detailOf,
  pricedItems,
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
    await assertItemCount(deps, tx, tenantId, input.package_items.length);
    const items = await pricedItems(tx, tenantId, input.package_items);
    assertDiscounted(items, input.package_price);
    const outletIds = [...new Set(input.outlet_ids ?? [])];
    await assertOutlets(tx, tenantId, outletIds);
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
    return detailOf(tx, (await findPackage(tx, tenantId, id)) as PackageRecord);
  });
}
