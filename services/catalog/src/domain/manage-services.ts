import { PLAN_CATALOGUE, resolvePrice, type ResolvedPrice, type ServicePricingV1 } from '@salon/contracts';
import { newEvent } from '@salon/messaging';
import {
  AppError,
  ValidationError,
  badRequest,
  conflict,
  forbidden,
  newId,
  notFound,
  paymentRequired,
  type Executor,
  type Role,
} from '@salon/service-kit';
import { findTenantReplica, tenantOutletIds } from '../db/replica.repository';
import { uniqueViolation } from '../db/rows';
import {
  countLiveServices,
  findService,
  insertService,
  listServices,
  lockTenantServices,
  slugTaken,
  updateService,
  type ServiceFields,
  type ServiceFilters,
  type ServiceRecord,
} from '../db/service.repository';
import { PRODUCER, type CatalogDeps } from './deps';
import { serviceArchivedData, serviceUpsertedData } from './events';
import {
  applyOutletPrices,
  mergePricing,
  outletPriceChange,
  promotionIssues,
  type PricingPatch,
} from './service-rules';

/** The schema default of ServicePricing.currency, when neither the body nor the tenant's settings give one. */
export const FALLBACK_CURRENCY = 'USD';

/** Who is asking: staff see every status, customers only bookable services. */
export interface Viewer {
  tenantId: string;
  customer: boolean;
}

/** A staff writer: its role and, for an OUTLET_MANAGER, the outlets it manages. */
export interface Writer {
  tenantId: string;
  role: Role;
  outletIds: string[];
}

export type NewServiceInput = Omit<ServiceFields, 'pricing'> & {
  pricing: Omit<ServicePricingV1, 'currency'> & { currency?: string };
};

export type ServicePatch = Partial<Omit<ServiceFields, 'pricing'>> & { pricing?: PricingPatch };

const isBookable = (service: ServiceRecord) => service.status === 'active' && service.is_active;

async function publishUpserted(
  deps: CatalogDeps,
  tx: Executor,
  service: ServiceRecord,
  correlationId: string | undefined,
  { archived = false } = {},
): Promise<void> {
  const origin = { producer: PRODUCER, tenantId: service.tenant_id, correlationId };
  await deps.store.enqueue(tx, [
    newEvent('catalog.service.upserted.v1', serviceUpsertedData(service), origin),
    ...(archived ? [newEvent('catalog.service.archived.v1', serviceArchivedData(service), origin)] : []),
  ]);
}

const slugConflict = (slug: string) => conflict(`A service with slug '${slug}' already exists`);

// A lost race on the unique (tenant_id, slug) index becomes the same 409 as the up-front check.
const rethrowSlugRace =
  (slug: string | undefined) =>
  (error: unknown): never => {
    if (slug !== undefined && uniqueViolation(error) === 'services_tenant_slug_key') throw slugConflict(slug);
    throw error;
  };

/**
 * The plan's max_services bounds the services that are not archived. Called under the tenant's advisory
 * lock, so two creations at 9 of 10 cannot both count 9.
 */
async function assertRoomForService(deps: CatalogDeps, tx: Executor, tenantId: string): Promise<void> {
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
 * an OUTLET_MANAGER touches only the outlets in its token; every outlet priced must be one of the tenant's
 * (identity's outlets, as replicated here). Removing entries is always allowed to those who may touch them.
 */
async function assertOutletPricing(
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
  if (writer.role === 'OUTLET_MANAGER') {
    const foreign = [...set, ...removed, ...named].filter((outletId) => !writer.outletIds.includes(outletId));
    if (foreign.length > 0) throw forbidden('Outlet managers may price only the outlets they manage');
  }
  const known = await tenantOutletIds(tx, writer.tenantId, set);
  const unknown = set.filter((outletId) => !known.has(outletId));
  if (unknown.length > 0)
    throw badRequest(`Invalid outlet: ${unknown.join(', ')} is not an outlet of this tenant`);
}

/** POST /services. */
export async function createService(
  deps: CatalogDeps,
  writer: Writer,
  input: NewServiceInput,
  correlationId?: string,
): Promise<ServiceRecord> {
  return deps.db
    .withTx(async (tx) => {
      const currency =
        input.pricing.currency ??
        (await findTenantReplica(tx, writer.tenantId))?.currency ??
        FALLBACK_CURRENCY;
      const fields: ServiceFields = { ...input, pricing: { ...input.pricing, currency } };
      const issues = promotionIssues(fields.pricing);
      if (issues.length > 0) throw new ValidationError(issues);
      await assertOutletPricing(deps, tx, writer, {}, fields.pricing.outlet_prices);
      await assertRoomForService(deps, tx, writer.tenantId);
      if (await slugTaken(tx, writer.tenantId, fields.slug)) throw slugConflict(fields.slug);
      const service = await insertService(tx, writer.tenantId, newId(), fields);
      await publishUpserted(deps, tx, service, correlationId);
      return service;
    })
    .catch(rethrowSlugRace(input.slug));
}

/** GET /services/{id}: customers get 404 for a service that is not active (status and is_active). */
export async function getService(
  deps: CatalogDeps,
  viewer: Viewer,
  serviceId: string,
): Promise<ServiceRecord> {
  const service = await findService(deps.db.orm, viewer.tenantId, serviceId);
  if (!service || (viewer.customer && !isBookable(service))) throw notFound('Service not found');
  return service;
}

/** GET /services/{id}/price: the price rule of the spec, evaluated now. */
export async function priceOf(
  deps: CatalogDeps,
  viewer: Viewer,
  serviceId: string,
  outletId: string | undefined,
  at: Date = new Date(),
): Promise<ResolvedPrice> {
  const service = await getService(deps, viewer, serviceId);
  return resolvePrice(service.pricing, { outletId, at });
}

/** GET /services: customers see only bookable services and their status filter is ignored. */
export async function findServices(
  deps: CatalogDeps,
  viewer: Viewer,
  filters: Omit<ServiceFilters, 'bookableOnly'>,
  page: { offset: number; limit: number },
) {
  return listServices(
    deps.db.orm,
    viewer.tenantId,
    { ...filters, bookableOnly: viewer.customer, status: viewer.customer ? undefined : filters.status },
    page,
  );
}

// Key order never matters when comparing a stored service with its would-be replacement.
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : 1)))
      : item,
  );

const fieldsOf = ({
  id: _id,
  tenant_id: _tenant,
  average_rating: _rating,
  rating_count: _count,
  version: _version,
  created_at: _created,
  updated_at: _updated,
  ...fields
}: ServiceRecord): ServiceFields => fields;

/**
 * Writes `next` over the locked `current`: restoring an archived service counts against the plan again,
 * moving into archived also publishes catalog.service.archived.v1. A write that changes nothing is skipped
 * (no version bump, no event).
 */
async function writeChange(
  deps: CatalogDeps,
  tx: Executor,
  current: ServiceRecord,
  next: ServiceFields,
  correlationId: string | undefined,
): Promise<ServiceRecord> {
  if (canonical(fieldsOf(current)) === canonical(next)) return current;
  if (current.status === 'archived' && next.status !== 'archived') {
    await assertRoomForService(deps, tx, current.tenant_id);
  }
  const service = await updateService(tx, current.tenant_id, current.id, next);
  await publishUpserted(deps, tx, service, correlationId, {
    archived: current.status !== 'archived' && service.status === 'archived',
  });
  return service;
}

async function lockedService(tx: Executor, tenantId: string, serviceId: string): Promise<ServiceRecord> {
  const current = await findService(tx, tenantId, serviceId, { forUpdate: true });
  if (!current) throw notFound('Service not found');
  return current;
}

/** PUT /services/{id}: only the fields sent change; a partial pricing merges into the stored one. */
export async function changeService(
  deps: CatalogDeps,
  writer: Writer,
  serviceId: string,
  patch: ServicePatch,
  correlationId?: string,
): Promise<ServiceRecord> {
  return deps.db
    .withTx(async (tx) => {
      const current = await lockedService(tx, writer.tenantId, serviceId);
      const { pricing: pricingPatch, ...rest } = patch;
      const defined = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
      const next: ServiceFields = {
        ...fieldsOf(current),
        ...defined,
        pricing: mergePricing(current.pricing, pricingPatch ?? {}),
      };
      const issues = promotionIssues(next.pricing);
      if (issues.length > 0) throw new ValidationError(issues);
      if (pricingPatch?.outlet_prices !== undefined) {
        await assertOutletPricing(
          deps,
          tx,
          writer,
          current.pricing.outlet_prices,
          next.pricing.outlet_prices,
        );
      }
      if (next.slug !== current.slug && (await slugTaken(tx, writer.tenantId, next.slug, serviceId))) {
        throw slugConflict(next.slug);
      }
      return writeChange(deps, tx, current, next, correlationId);
    })
    .catch(rethrowSlugRace(patch.slug));
}

/** DELETE /services/{id}: soft delete to status archived and is_active false (idempotent). */
export async function archiveService(
  deps: CatalogDeps,
  writer: Writer,
  serviceId: string,
  correlationId?: string,
): Promise<void> {
  await deps.db.withTx(async (tx) => {
    const current = await lockedService(tx, writer.tenantId, serviceId);
    await writeChange(
      deps,
      tx,
      current,
      { ...fieldsOf(current), status: 'archived', is_active: false },
      correlationId,
    );
  });
}

/**
 * POST /services/{id}/pricing: sets the outlet prices sent (null removes one), keeping the others. Needs a
 * plan with outlet pricing; an OUTLET_MANAGER prices only its own outlets.
 */
export async function setOutletPrices(
  deps: CatalogDeps,
  writer: Writer,
  serviceId: string,
  changes: Record<string, string | null>,
  correlationId?: string,
): Promise<ServiceRecord> {
  return deps.db.withTx(async (tx) => {
    const current = await lockedService(tx, writer.tenantId, serviceId);
    const outletPrices = applyOutletPrices(current.pricing.outlet_prices, changes);
    await assertOutletPricing(deps, tx, writer, current.pricing.outlet_prices, outletPrices, {
      requirePlan: true,
      // A manager naming an outlet it does not manage is refused even when the price is unchanged.
      named: Object.keys(changes),
    });
    const next: ServiceFields = {
      ...fieldsOf(current),
      pricing: { ...current.pricing, outlet_prices: outletPrices },
    };
    return writeChange(deps, tx, current, next, correlationId);
  });
}
