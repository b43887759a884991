import { ValidationError, type RequestContext } from '@salon/service-kit';
import { slugTaken, type ServiceFields, type ServiceRecord } from '../db/service.repository';
import { writerIn } from './callers';
import type { CatalogDeps } from './deps';
import { mergePricing, promotionIssues } from './service-rules';
import {
  assertOutletPricing,
  fieldsOf,
  lockedService,
  rethrowSlugRace,
  slugConflict,
  writeChange,
  type ServicePatch,
} from './service-writes';

/** PUT /services/{id}: only the fields sent change; a partial pricing merges into the stored one. */
export async function changeService(
  deps: CatalogDeps,
  ctx: RequestContext,
  { serviceId, patch }: { serviceId: string; patch: ServicePatch },
): Promise<ServiceRecord> {
  const writer = writerIn(ctx);
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
      return writeChange(deps, tx, ctx, current, next);
    })
    .catch(rethrowSlugRace(patch.slug));
}
