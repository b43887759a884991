import { resolvePrice, type ResolvedPrice } from '@salon/contracts';
import type { RequestContext } from '@salon/service-kit';
import type { CatalogDeps } from './deps';
import { getService } from './get-service';

/** GET /services/{id}/price: the price rule of the spec, evaluated at `at` (now by default). */
export async function resolveServicePrice(
  deps: CatalogDeps,
  ctx: RequestContext,
  { serviceId, outletId, at = new Date() }: { serviceId: string; outletId: string | undefined; at?: Date },
): Promise<ResolvedPrice> {
  const service = await getService(deps, ctx, { serviceId });
  return resolvePrice(service.pricing, { outletId, at });
}
