import { notFound, tenantIn, type RequestContext } from '@salon/service-kit';
import * as repo from '../db/webhook.repository';
import type { NotificationsDeps } from './deps';
import { ENDPOINT_NOT_FOUND } from './webhook-endpoint-access';

export async function removeEndpoint(
  deps: NotificationsDeps,
  ctx: RequestContext,
  id: string,
): Promise<void> {
  const removed = await deps.db.withTx((tx) => repo.deleteEndpoint(tx, tenantIn(ctx), id));
  if (!removed) throw notFound(ENDPOINT_NOT_FOUND);
}
