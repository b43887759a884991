import { resolvePrice } from '@salon/contracts';
import { subscriptionLimitBody } from '@salon/plan-limits';
import { AppError, badRequest, formatMoney, type Executor } from '@salon/service-kit';
import {
  activeCreditsCount,
  countLivePackages,
  findPackage,
  lockTenantPackages,
  type PackageItem,
  type PackageRecord,
} from '../db/package.repository';
import { findTenantServices, tenantOutletIds } from '../db/replica.repository';
import type { CommerceDeps } from './deps';
import { discountRefusal, duplicateService, packageMetrics } from './package-rules';

/** What the package use cases share: plan limits, priced items from the catalog replica, outlets, metrics. */

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

/** A package with its computed metrics (and, for detail responses, active_credits_count). */
export type PackageWithMetrics = PackageRecord &
  ReturnType<typeof packageMetrics> & { service_ids: string[]; active_credits_count?: number };

export const withMetrics = (record: PackageRecord): PackageWithMetrics => ({
  ...record,
  service_ids: record.package_items.map((item) => item.service_id),
  ...packageMetrics(record.package_items, record.package_price),
});

export async function detailOf(tx: Executor, record: PackageRecord): Promise<PackageWithMetrics> {
  return {
    ...withMetrics(record),
    active_credits_count: await activeCreditsCount(tx, record.tenant_id, record.id),
  };
}

/** The package as written, in the writer's transaction, with its details. */
export const writtenDetail = async (
  tx: Executor,
  tenantId: string,
  id: string,
): Promise<PackageWithMetrics> => detailOf(tx, (await findPackage(tx, tenantId, id)) as PackageRecord);

const limitError = (message: string) => new AppError(402, message, { body: subscriptionLimitBody(message) });

/** Under the tenant's packages lock, so two creations cannot both take the plan's last package. */
export async function assertRoomForPackage(
  deps: CommerceDeps,
  tx: Executor,
  tenantId: string,
): Promise<void> {
  await lockTenantPackages(tx, tenantId);
  const current = await countLivePackages(tx, tenantId);
  await deps.plans.assertWithinLimit(tx, tenantId, 'max_packages', current, ({ limit, plan }) =>
    limitError(
      `Package limit reached: ${current}/${limit} packages on the ${plan} plan. Upgrade your plan to create more packages.`,
    ),
  );
}

/**
 * Items within the plan's item limit, from the catalog replica: every service exists, is active and is the
 * tenant's; its name and its unit price (resolvePrice, no outlet context) are filled in and frozen on the package.
 */
export async function pricedItems(
  deps: CommerceDeps,
  tx: Executor,
  tenantId: string,
  items: { service_id: string; quantity: number }[],
): Promise<PackageItem[]> {
  const count = items.length;
  await deps.plans.assertWithinLimit(tx, tenantId, 'max_package_items', count - 1, ({ limit, plan }) =>
    limitError(
      `Package item limit exceeded: ${count} items, the ${plan} plan allows ${limit} per package. ` +
        'Upgrade your plan to add more items.',
    ),
  );
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

/** The outlets asked for, each once, every one of them the tenant's (400 otherwise). */
export async function tenantOutlets(tx: Executor, tenantId: string, asked: string[]): Promise<string[]> {
  const outletIds = [...new Set(asked)];
  const known = await tenantOutletIds(tx, tenantId, outletIds);
  const unknown = outletIds.find((id) => !known.has(id));
  if (unknown) throw badRequest(`Invalid outlet ID: ${unknown}`);
  return outletIds;
}

export function assertDiscounted(items: PackageItem[], price: string): void {
  const refusal = discountRefusal(items, price);
  if (refusal) throw badRequest(refusal);
}
