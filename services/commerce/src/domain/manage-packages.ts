import { isUnlimited, resolvePrice } from '@salon/contracts';
import { subscriptionLimitBody } from '@salon/plan-limits';
import {
  AppError,
  badRequest,
  conflict,
  formatMoney,
  newId,
  notFound,
  type Executor,
} from '@salon/service-kit';
import {
  activeCreditsCount,
  countLivePackages,
  findPackage,
  hasPurchases,
  insertPackage,
  listPackages,
  lockTenantPackages,
  updatePackage,
  type PackageFilters,
  type PackageItem,
  type PackageRecord,
} from '../db/package.repository';
import { findTenant, findTenantServices, tenantOutletIds } from '../db/replica.repository';
import type { CommerceDeps } from './deps';
import { discountRefusal, duplicateService, packageMetrics } from './package-rules';

export const DEFAULT_CURRENCY = 'IDR';

export interface NewPackageInput {
  name: string;
  description?: string | null;
  package_items: { service_id: string; quantity: number }[];
  package_price: string;
  currency?: string;
  validity_days?: number | null;
  is_active?: boolean;
  status?: 'active' | 'inactive';
  outlet_ids?: string[];
}

export type PackagePatch = Partial<Omit<NewPackageInput, 'status'>> & {
  status?: 'active' | 'inactive' | 'archived';
};

/** A package with its computed metrics (and, for detail responses, active_credits_count). */
export type PackageView = PackageRecord &
  ReturnType<typeof packageMetrics> & { service_ids: string[]; active_credits_count?: number };

export const withMetrics = (record: PackageRecord): PackageView => ({
  ...record,
  service_ids: record.package_items.map((item) => item.service_id),
  ...packageMetrics(record.package_items, record.package_price),
});

async function detailOf(tx: Executor, record: PackageRecord): Promise<PackageView> {
  return {
    ...withMetrics(record),
    active_credits_count: await activeCreditsCount(tx, record.tenant_id, record.id),
  };
}

const limitError = (message: string) => new AppError(402, message, { body: subscriptionLimitBody(message) });

async function assertRoomForPackage(deps: CommerceDeps, tx: Executor, tenantId: string): Promise<void> {
  await lockTenantPackages(tx, tenantId);
  const current = await countLivePackages(tx, tenantId);
  await deps.plans.assertWithinLimit(tx, tenantId, 'max_packages', current, ({ limit, plan }) =>
    limitError(
      `Package limit reached: ${current}/${limit} packages on the ${plan} plan. Upgrade your plan to create more packages.`,
    ),
  );
}

async function assertItemCount(
  deps: CommerceDeps,
  tx: Executor,
  tenantId: string,
  count: number,
): Promise<void> {
  await deps.plans.assertWithinLimit(tx, tenantId, 'max_package_items', count - 1, ({ limit, plan }) =>
    limitError(
      `Package item limit exceeded: ${count} items, the ${plan} plan allows ${limit} per package. ` +
        'Upgrade your plan to add more items.',
    ),
  );
}

/**
 * Items from the catalog replica: every service exists, is active and is the tenant's; its name and its unit
 * price (resolvePrice, no outlet context) are filled in and frozen on the package.
 */
async function pricedItems(
  tx: Executor,
  tenantId: string,
  items: { service_id: string; quantity: number }[],
): Promise<PackageItem[]> {
  const duplicate = duplicateService(items);
  if (duplicate) throw badRequest(`Duplicate service in package: ${duplicate}`);
  const services = new Map(
    (
      await findTenantServices(
        tx,
        tenantId,
        items.map((item) => item.service_id),
      )
    ).map((service) => [service.service_id, service]),
  );
  const now = new Date();
  return items.map(({ service_id, quantity }) => {
    const service = services.get(service_id);
    if (!service) throw badRequest(`Service ${service_id} not found`);
    if (!service.is_active || service.status !== 'active')
      throw badRequest(`Service ${service_id} is not active`);
    const price = resolvePrice(service.pricing, { at: now });
    return { service_id, service_name: service.name, quantity, unit_price: formatMoney(price.amount) };
  });
}

async function assertOutlets(tx: Executor, tenantId: string, outletIds: string[]): Promise<void> {
  const known = await tenantOutletIds(tx, tenantId, outletIds);
  const unknown = outletIds.find((id) => !known.has(id));
  if (unknown) throw badRequest(`Invalid outlet ID: ${unknown}`);
}

function assertDiscounted(items: PackageItem[], price: string): void {
  const refusal = discountRefusal(items, price);
  if (refusal) throw badRequest(refusal);
}

export async function createPackage(
  deps: CommerceDeps,
  tenantId: string,
  input: NewPackageInput,
): Promise<PackageView> {
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

export async function getPackage(
  deps: CommerceDeps,
  tenantId: string,
  packageId: string,
): Promise<PackageView> {
  const record = await findPackage(deps.db.orm, tenantId, packageId);
  if (!record) throw notFound('Package not found');
  return detailOf(deps.db.orm, record);
}

export async function findPackages(
  deps: CommerceDeps,
  tenantId: string,
  filters: PackageFilters,
  page: { offset: number; limit: number },
) {
  const { items, total } = await listPackages(deps.db.orm, tenantId, filters, page);
  return { items: items.map(withMetrics), total };
}

export async function changePackage(
  deps: CommerceDeps,
  tenantId: string,
  packageId: string,
  patch: PackagePatch,
): Promise<PackageView> {
  return deps.db.withTx(async (tx) => {
    const current = await findPackage(tx, tenantId, packageId, { forUpdate: true });
    if (!current) throw notFound('Package not found');
    let items = current.package_items;
    if (patch.package_items !== undefined) {
      if (await hasPurchases(tx, tenantId, packageId)) {
        throw conflict('Package items cannot be changed once the package has been purchased');
      }
      await assertItemCount(deps, tx, tenantId, patch.package_items.length);
      items = await pricedItems(tx, tenantId, patch.package_items);
    }
    const price = patch.package_price ?? current.package_price;
    assertDiscounted(items, price);
    const outletIds = patch.outlet_ids === undefined ? current.outlet_ids : [...new Set(patch.outlet_ids)];
    if (patch.outlet_ids !== undefined) await assertOutlets(tx, tenantId, outletIds);
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
    return detailOf(tx, (await findPackage(tx, tenantId, packageId)) as PackageRecord);
  });
}

/** DELETE archives: no new purchases; credits already bought stay usable. */
export async function archivePackage(deps: CommerceDeps, tenantId: string, packageId: string): Promise<void> {
  await deps.db.withTx(async (tx) => {
    const current = await findPackage(tx, tenantId, packageId, { forUpdate: true });
    if (!current) throw notFound('Package not found');
    await updatePackage(tx, tenantId, { ...current, status: 'archived', is_active: false, is_deleted: true });
  });
}

export async function packageLimits(deps: CommerceDeps, tenantId: string) {
  const executor = deps.db.orm;
  const { limits, status } = await deps.plans.planOf(executor, tenantId);
  const current = await countLivePackages(executor, tenantId);
  const max = limits.max_packages;
  const unlimited = isUnlimited(max);
  return {
    packages_enabled: max !== 0 && status !== 'suspended',
    max_packages: max,
    current_packages: current,
    remaining_packages: unlimited ? -1 : Math.max(0, max - current),
    max_package_items: limits.max_package_items,
    limit_reached: !unlimited && current >= max,
  };
}
