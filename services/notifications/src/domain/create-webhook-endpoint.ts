import { conflict, tenantIn, type RequestContext } from '@salon/service-kit';
import * as repo from '../db/webhook.repository';
import type { NotificationsDeps } from './deps';
import { checkUrl } from './webhook-endpoint-access';
import { newWebhookSecret } from './webhook-rules';

/** A TENANT_ADMIN registers a webhook endpoint, within the per-tenant limit; the secret is shown once. */
export async function createEndpoint(
  deps: NotificationsDeps,
  ctx: RequestContext,
  input: { url: string; event_types: string[]; description?: string | null },
): Promise<repo.EndpointRow> {
  const tenantId = tenantIn(ctx);
  await checkUrl(deps, input.url);
  return deps.db.withTx(async (tx) => {
    // One registration at a time per tenant, so the limit holds under concurrent requests.
    await repo.lockEndpoints(tx, tenantId);
    const limit = deps.config.WEBHOOK_MAX_ENDPOINTS;
    if ((await repo.countEndpoints(tx, tenantId)) >= limit)
      throw conflict(`Webhook endpoint limit reached (${limit} per tenant)`);
    return repo.insertEndpoint(tx, tenantId, {
      url: input.url,
      description: input.description ?? null,
      eventTypes: input.event_types,
      secret: newWebhookSecret(),
    });
  });
}
