import type { RequestContext } from '@salon/service-kit';
import type { ServiceFields, ServiceRecord } from '../db/service.repository';
import { writerIn } from './callers';
import type { CatalogDeps } from './deps';
import { applyOutletPrices } from './service-rules';
import { assertOutletPricing, fieldsOf, lockedService, writeChange } from './service-writes';

/**
 * POST /services/{id}/pricing: sets the outlet prices sent (null removes one), keeping the others. Needs a
 * plan with outlet pricing; an OUTLET_MANAGER prices only its own outlets.
 */
export async function setOutletPrices(
  deps: CatalogDeps,
  ctx: RequestContext,
  { serviceId, changes }: { serviceId: string; changes: Record<string, string | null> },
): Promise<ServiceRecord> {
  const writer = writerIn(ctx);
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
    return writeChange(deps, tx, ctx, current, next);
  });
}
