import { PLAN_CATALOGUE, type ServicePricingV1 } from '@salon/contracts';
import { newEvent, originOf } from '@salon/messaging';
import {
  AppError,
  assertOutletAccess,
  badRequest,
  conflict,
  notFound,
  paymentRequired,
  uniqueViolation,
  type Executor,
  type RequestContext,
} from '@salon/service-kit';
import { tenantOutletIds } from '../db/replica.repository';
import {
  countLiveServices,
  findService,
  lockTenantServices,
  updateService,
  type ServiceFields,
  type ServiceRecord,
} from '../db/service.repository';
import type { Writer } from './callers';
import { PRODUCER, type CatalogDeps } from './deps';
import { serviceArchivedData, serviceUpsertedData } from './events';
import { outletPriceChange, type PricingPatch } from './service-rules';

// What the use cases that write a service share: the plan and outlet checks, the slug conflict, the change
// written over the locked service and the events it publishes.

export type NewServiceInput = Omit<ServiceFields, 'pricing'> & {
  pricing: Omit<ServicePricingV1, 'currency'> & { currency?: string };
};

export type ServicePatch = Partial<Omit<ServiceFields, 'pricing'>> & { pricing?: PricingPatch };

export async function publishUpserted(
  deps: CatalogDeps,
  tx: Executor,
  ctx: RequestContext,
  service: ServiceRecord,
  { archived = false } = {},
): Promise<void> {
  const origin = originOf(ctx, PRODUCER, service.tenant_id);
  await deps.store.enqueue(tx, [
    newEvent('catalog.service.upserted.v1', serviceUpsertedData(service), origin),
    ...(archived ? [newEvent('catalog.service.archived.v1', serviceArchivedData(service), origin)] : []),
  ]);
}

export const slugConflict = (slug: string) => conflict(`A service with slug '${slug}' already exists`);

/** A lost race on the unique (tenant_id, slug) index becomes the same 409 as the up-front check. */
export const rethrowSlugRace =
  (slug: string | undefined) =>
  (error: unknown): never => {
    if (slug !== undefined && uniqueViolation(error) === 'services_tenant_slug_key') throw slugConflict(slug);
    throw error;
  };

/**
 * The plan's max_services bounds the services that are not archived. Called under the tenant's advisory
 * lock, so two creations at 9 of 10 cannot both count 9.
 */
export async function assertRoomForService(deps: CatalogDeps, tx: Executor, tenantId: string): Promise<void> {
  await lockTenantServices(tx, tenantId);
  const current = await countLiveServices(tx, tenantId);
  await deps.plans.assertWithinLimit(
    tx,
    tenantId,
    'max_services',
    current,
    ({ current: count, limit, plan }) =>
      new AppError(
        402,
        `Service limit reached: ${count}/${limit} services on the ${plan} plan. ` +
          'Upgrade your plan to add more services.',
      ),
  );
}

/**
 * Outlet prices: only on plans with outlet pricing (PRO, ENTERPRISE) when an entry is added or changed;
 * an OUTLET_MANAGER touches only the outlets in its token (`assertOutletAccess`); every outlet priced must be one of the tenant's
 * (identity's outlets, as replicated here). Removing entries is always allowed to those who may touch them.
 */
export async function assertOutletPricing(
  deps: CatalogDeps,
  tx: Executor,
  writer: Writer,
  before: Readonly<Record<string, string>>,
  after: Readonly<Record<string, string>>,
  { requirePlan = false, named = [] as string[] } = {},
): Promise<void> {
  const { set, removed } = outletPriceChange(before, after);
  if (requirePlan || set.length > 0) {
    const { plan } = await deps.plans.planOf(tx, writer.tenantId);
    if (!PLAN_CATALOGUE[plan].features.includes('outlet_pricing')) {
      throw paymentRequired(
        `Outlet pricing is not available on the ${plan} plan. Upgrade to PRO or ENTERPRISE to set outlet prices.`,
      );
    }
  }
  assertOutletAccess(
    writer,
    [...set, ...removed, ...named],
    'Outlet managers may price only the outlets they manage',
  );
  const known = await tenantOutletIds(tx, writer.tenantId, set);
  const unknown = set.filter((outletId) => !known.has(outletId));
  if (unknown.length > 0)
    throw badRequest(`Invalid outlet: ${unknown.join(', ')} is not an outlet of this tenant`);
}

// Key order never matters when comparing a stored service with its would-be replacement.
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : 1)))
      : item,
  );

export const fieldsOf = ({
  id: _id,
  tenant_id: _tenant,
  average_rating: _rating,
  rating_count: _count,
  version: _version,
  created_at: _created,
  updated_at: _updated,
  ...fields
}: ServiceRecord): ServiceFields => fields;

/** The tenant's service, locked for the rest of the transaction; 404 when it has none by that id. */
export async function lockedService(
  tx: Executor,
  tenantId: string,
  serviceId: string,
): Promise<ServiceRecord> {
  const current = await findService(tx, tenantId, serviceId, { forUpdate: true });
  if (!current) throw notFound('Service not found');
  return current;
}

/**
 * Writes `next` over the locked `current`: restoring an archived service counts against the plan again,
 * moving into archived also publishes catalog.service.archived.v1. A write that changes nothing is skipped
 * (no version bump, no event).
 */
export async function writeChange(
  deps: CatalogDeps,
  tx: Executor,
  ctx: RequestContext,
  current: ServiceRecord,
  next: ServiceFields,
): Promise<ServiceRecord> {
  if (canonical(fieldsOf(current)) === canonical(next)) return current;
  if (current.status === 'archived' && next.status !== 'archived') {
    await assertRoomForService(deps, tx, current.tenant_id);
  }
  const service = await updateService(tx, current.tenant_id, current.id, next);
  await publishUpserted(deps, tx, ctx, service, {
    archived: current.status !== 'archived' && service.status === 'archived',
  });
  return service;
}
