import { listableOutlets, tenantIn, type OutletScope, type RequestContext } from '@salon/service-kit';
import type { SchedulingDeps } from './deps';

/**
 * The scope of a live calendar stream: the caller's tenant, and the outlet asked for (403 when the caller may
 * not act there) or every outlet the caller may see, as `GET /appointments` lists them. Resolves once this
 * replica hears the appointment changes, so nothing committed after the stream's `ready` is missed.
 */
export async function followAppointments(
  deps: SchedulingDeps,
  ctx: RequestContext,
  input: { outletId?: string },
): Promise<{ tenantId: string; outletIds: OutletScope }> {
  const tenantId = tenantIn(ctx);
  const outletIds = listableOutlets(ctx, input.outletId);
  await deps.appointmentChanges.listen();
  return { tenantId, outletIds };
}
