import { webhooksApi } from '@salon/contracts';
import { originOf } from '@salon/messaging';
import { conflict, newId, notFound, tenantIn, type RequestContext } from '@salon/service-kit';
import * as repo from '../db/webhook.repository';
import { PRODUCER, type NotificationsDeps } from './deps';
import { sendWhenFirst } from './deliver-webhook';
import { ENDPOINT_NOT_FOUND } from './webhook-endpoint-access';

/** A `webhook.test` message to this endpoint only, delivered (signed, retried, logged) like any other. */
export async function pingEndpoint(deps: NotificationsDeps, ctx: RequestContext, id: string) {
  const tenantId = tenantIn(ctx);
  return deps.db.withTx(async (tx) => {
    const endpoint = await repo.findEndpoint(tx, tenantId, id, { forUpdate: true });
    if (!endpoint) throw notFound(ENDPOINT_NOT_FOUND);
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
    await sendWhenFirst(deps, tx, delivery, originOf(ctx, PRODUCER, tenantId));
    return { delivery: (await repo.findDelivery(tx, delivery.id))!, attempts: [] as repo.AttemptRow[] };
  });
}
