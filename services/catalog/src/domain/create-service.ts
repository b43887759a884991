import { ValidationError, newId, type RequestContext } from '@salon/service-kit';
import { findTenantReplica } from '../db/replica.repository';
import { insertService, slugTaken, type ServiceFields, type ServiceRecord } from '../db/service.repository';
import { writerIn } from './callers';
import type { CatalogDeps } from './deps';
import { promotionIssues } from './service-rules';
import {
  assertOutletPricing,
  assertRoomForService,
  publishUpserted,
  rethrowSlugRace,
  slugConflict,
  type NewServiceInput,
} from './service-writes';

/** The schema default of ServicePricing.currency, when neither the body nor the tenant's settings give one. */
export const FALLBACK_CURRENCY = 'USD';

/** POST /services: the currency defaults to the tenant's; counts against the plan's max_services. */
export async function createService(
  deps: CatalogDeps,
  ctx: RequestContext,
  input: NewServiceInput,
): Promise<ServiceRecord> {
  const writer = writerIn(ctx);
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
      await publishUpserted(deps, tx, ctx, service);
      return service;
    })
    .catch(rethrowSlugRace(input.slug));
}
