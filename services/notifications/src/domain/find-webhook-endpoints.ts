import { tenantIn, type RequestContext } from '@salon/service-kit';
import * as repo from '../db/webhook.repository';
import type { NotificationsDeps } from './deps';
import { endpointOf } from './webhook-endpoint-access';

/** The reads of a tenant's webhook endpoints: the list, one endpoint, and its delivery log with attempts. */

export const listEndpoints = (deps: NotificationsDeps, ctx: RequestContext) =>
  repo.listEndpoints(deps.db.orm, tenantIn(ctx));

export const getEndpoint = (deps: NotificationsDeps, ctx: RequestContext, id: string) =>
  endpointOf(deps, tenantIn(ctx), id);

export async function listDeliveries(
  deps: NotificationsDeps,
  ctx: RequestContext,
  id: string,
  query: { status?: string; offset: number; limit: number },
) {
  const tenantId = tenantIn(ctx);
  await endpointOf(deps, tenantId, id);
  const { items, total } = await repo.listDeliveries(deps.db.orm, tenantId, id, query);
  const attempts = await repo.attemptsOf(
    deps.db.orm,
    items.map((delivery) => delivery.id),
  );
  return {
    items: items.map((delivery) => ({
      delivery,
      attempts: attempts.filter((attempt) => attempt.delivery_id === delivery.id),
    })),
    total,
  };
}
