import { originOf } from '@salon/messaging';
import { conflict, notFound, tenantIn, type RequestContext } from '@salon/service-kit';
import * as repo from '../db/webhook.repository';
import { PRODUCER, type NotificationsDeps } from './deps';
import { sendWhenFirst } from './deliver-webhook';
import { ENDPOINT_NOT_FOUND } from './webhook-endpoint-access';

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
    if (!endpoint) throw notFound(ENDPOINT_NOT_FOUND);
    const delivery = await repo.findEndpointDelivery(tx, tenantId, id, deliveryId);
    if (!delivery) throw notFound('Webhook delivery not found');
    if (endpoint.status !== 'enabled') throw conflict('Webhook endpoint is disabled');
    if (delivery.status === 'pending') throw conflict('Webhook delivery is still pending');
    const restarted = await repo.restartDelivery(tx, delivery.id);
    await sendWhenFirst(deps, tx, restarted, originOf(ctx, PRODUCER, tenantId));
    return {
      delivery: (await repo.findDelivery(tx, delivery.id))!,
      attempts: await repo.attemptsOf(tx, [delivery.id]),
    };
  });
}
