import { conflict, notFound, tenantIn, type RequestContext } from '@salon/service-kit';
import { findPackage, hasPurchases, updatePackage } from '../db/package.repository';
import type { CommerceDeps } from './deps';
import {
  assertDiscounted,
  assertRoomForPackage,
  pricedItems,
  tenantOutlets,
  writtenDetail,
  type NewPackageInput,
  type PackageWithMetrics,
} from './package-checks';

export type PackagePatch = Partial<Omit<NewPackageInput, 'status'>> & {
  status?: 'active' | 'inactive' | 'archived';
};

/**
 * PATCH /packages/{id}: items are frozen once the package was bought; status and is_active follow each other;
 * bringing an archived package back counts against the plan again.
 */
export async function changePackage(
  deps: CommerceDeps,
  ctx: RequestContext,
  { packageId, patch }: { packageId: string; patch: PackagePatch },
): Promise<PackageWithMetrics> {
  const tenantId = tenantIn(ctx);
  return deps.db.withTx(async (tx) => {
    const current = await findPackage(tx, tenantId, packageId, { forUpdate: true });
    if (!current) throw notFound('Package not found');
    let items = current.package_items;
    if (patch.package_items !== undefined) {
      if (await hasPurchases(tx, tenantId, packageId)) {
        throw conflict('Package items cannot be changed once the package has been purchased');
      }
      items = await pricedItems(deps, tx, tenantId, patch.package_items);
    }
    const price = patch.package_price ?? current.package_price;
    assertDiscounted(items, price);
    const outletIds =
      patch.outlet_ids === undefined
        ? current.outlet_ids
        : await tenantOutlets(tx, tenantId, patch.outlet_ids);
    let status = patch.status ?? current.status;
    let isActive = patch.is_active ?? current.is_active;
    if (patch.status !== undefined && patch.is_active === undefined) isActive = patch.status === 'active';
    if (patch.is_active !== undefined && patch.status === undefined && status !== 'archived') {
      status = patch.is_active ? 'active' : 'inactive';
    }
    if (status === 'archived') isActive = false;
    if (current.status === 'archived' && status !== 'archived')
      await assertRoomForPackage(deps, tx, tenantId);
    await updatePackage(tx, tenantId, {
      id: packageId,
      name: patch.name ?? current.name,
      description: patch.description === undefined ? current.description : patch.description,
      package_items: items,
      package_price: price,
      currency: current.currency,
      validity_days: patch.validity_days === undefined ? current.validity_days : patch.validity_days,
      is_active: isActive,
      status,
      is_deleted: status === 'archived',
      outlet_ids: outletIds,
    });
    return writtenDetail(tx, tenantId, packageId);
  });
}
