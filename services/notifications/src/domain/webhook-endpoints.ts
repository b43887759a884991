import { webhooksApi } from '@salon/contracts';
import type { EventOrigin } from '@salon/messaging';
import { conflict, invalidField, newId, notFound, tenantIn, type RequestContext } from '@salon/service-kit';
import * as repo from '../db/webhook.repository';
import { PRODUCER, type NotificationsDeps } from './deps';
import { sendWhenFirst } from './deliver-webhook';
import { refuseWebhookUrl } from './webhook-address';
import { newWebhookSecret } from './webhook-rules';

/** A TENANT_ADMIN's webhook endpoints: register, read, change, remove, ping, and the delivery log with replays. */

const NOT_FOUND = 'Webhook endpoint not found';
const originOf = (ctx: RequestContext, tenantId: string): EventOrigin => ({
  producer: PRODUCER,
  tenantId,
  correlationId: ctx.requestId,
});

/** 422 on `["body","url"]` when the URL may not be an endpoint (scheme, credentials, SSRF guard). */
async function checkUrl(deps: NotificationsDeps, url: string): Promise<void> {
  const refused = await refuseWebhookUrl(url, {
    allowPrivate: deps.config.WEBHOOK_ALLOW_PRIVATE_ADDRESSES,
    requireHttps: deps.config.NODE_ENV === 'production',
  });
  if (refused) throw invalidField(['body', 'url'], `url ${refused}`);
}

async function endpointOf(deps: NotificationsDeps, tenantId: string, id: string): Promise<repo.EndpointRow> {
  const endpoint = await repo.findEndpoint(deps.db.orm, tenantId, id);
  if (!endpoint) throw notFound(NOT_FOUND);
  return endpoint;
}

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

export const listEndpoints = (deps: NotificationsDeps, ctx: RequestContext) =>
  repo.listEndpoints(deps.db.orm, tenantIn(ctx));

export const getEndpoint = (deps: NotificationsDeps, ctx: RequestContext, id: string) =>
  endpointOf(deps, tenantIn(ctx), id);

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
    if (!endpoint) throw notFound(NOT_FOUND);
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

export async function removeEndpoint(
  deps: NotificationsDeps,
  ctx: RequestContext,
  id: string,
): Promise<void> {
  const removed = await deps.db.withTx((tx) => repo.deleteEndpoint(tx, tenantIn(ctx), id));
  if (!removed) throw notFound(NOT_FOUND);
}

/** A `webhook.test` message to this endpoint only, delivered (signed, retried, logged) like any other. */
export async function pingEndpoint(deps: NotificationsDeps, ctx: RequestContext, id: string) {
  const tenantId = tenantIn(ctx);
  return deps.db.withTx(async (tx) => {
    const endpoint = await repo.findEndpoint(tx, tenantId, id, { forUpdate: true });
    if (!endpoint) throw notFound(NOT_FOUND);
    if (endpoint.status !== 'enabled') throw conflict('Webhook endpoint is disabled');
    const messageId = `msg_test_${newId()}`;
    const occurredAt = deps.clock.now().toISOString();
    const body = {
      id: messageId,
      type: webhooksApi.WEBHOOK_TEST_TYPE,
      timestamp: occurredAt,
      tenant_id: tenantId,
      data: { endpoint_id: id },
    };
    const delivery = (await repo.insertDelivery(tx, {
      tenantId,
      endpointId: id,
      messageId,
      eventType: webhooksApi.WEBHOOK_TEST_TYPE,
      orderingKey: null,
      occurredAt,
      body: JSON.stringify(body),
    }))!;
    await sendWhenFirst(deps, tx, delivery, originOf(ctx, tenantId));
    return { delivery: (await repo.findDelivery(tx, delivery.id))!, attempts: [] as repo.AttemptRow[] };
  });
}

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

/** Sends a finished delivery again: same message id (receivers deduplicate), a new retry window. */
export async function replayDelivery(
  deps: NotificationsDeps,
  ctx: RequestContext,
  id: string,
  deliveryId: string,
) {
  const tenantId = tenantIn(ctx);
  return deps.db.withTx(async (tx) => {
    const endpoint = await repo.findEndpoint(tx, tenantId, id, { forUpdate: true });
    if (!endpoint) throw notFound(NOT_FOUND);
    const delivery = await repo.findEndpointDelivery(tx, tenantId, id, deliveryId);
    if (!delivery) throw notFound('Webhook delivery not found');
    if (endpoint.status !== 'enabled') throw conflict('Webhook endpoint is disabled');
    if (delivery.status === 'pending') throw conflict('Webhook delivery is still pending');
    const restarted = await repo.restartDelivery(tx, delivery.id);
    await sendWhenFirst(deps, tx, restarted, originOf(ctx, tenantId));
    return {
      delivery: (await repo.findDelivery(tx, delivery.id))!,
      attempts: await repo.attemptsOf(tx, [delivery.id]),
    };
  });
}
