import { notFound, tenantIn, type RequestContext } from '@salon/service-kit';
import * as repo from '../db/webhook.repository';
import type { NotificationsDeps } from './deps';
import { checkUrl, ENDPOINT_NOT_FOUND } from './webhook-endpoint-access';

/** Changes, pauses or enables an endpoint; pausing fails its pending deliveries. */
export async function changeEndpoint(
  deps: NotificationsDeps,
  ctx: RequestContext,
  id: string,
  input: { url?: string; event_types?: string[]; description?: string | null; enabled?: boolean },
): Promise<repo.EndpointRow> {
  const tenantId = tenantIn(ctx);
  if (input.url !== undefined) await checkUrl(deps, input.url);
  return deps.db.withTx(async (tx) => {
    const endpoint = await repo.findEndpoint(tx, tenantId, id, { forUpdate: true });
    if (!endpoint) throw notFound(ENDPOINT_NOT_FOUND);
    const changed = await repo.updateEndpoint(tx, tenantId, id, {
      url: input.url,
      description: input.description,
      eventTypes: input.event_types,
      status:
        input.enabled === undefined || input.enabled === (endpoint.status === 'enabled')
          ? undefined
          : input.enabled
            ? { enabled: true }
            : { enabled: false, reason: 'paused' },
    });
    if (input.enabled === false && endpoint.status === 'enabled') await repo.failPendingOf(tx, id);
    return changed!;
  });
}
