import { invalidField, notFound } from '@salon/service-kit';
import * as repo from '../db/webhook.repository';
import type { NotificationsDeps } from './deps';
import { refuseWebhookUrl } from './webhook-address';

/** What the webhook-endpoint use cases share: the URL check and the tenant's endpoint or 404. */

export const ENDPOINT_NOT_FOUND = 'Webhook endpoint not found';

/** 422 on `["body","url"]` when the URL may not be an endpoint (scheme, credentials, SSRF guard). */
export async function checkUrl(deps: NotificationsDeps, url: string): Promise<void> {
  const refused = await refuseWebhookUrl(url, {
    allowPrivate: deps.config.WEBHOOK_ALLOW_PRIVATE_ADDRESSES,
    requireHttps: deps.config.NODE_ENV === 'production',
  });
  if (refused) throw invalidField(['body', 'url'], `url ${refused}`);
}

export async function endpointOf(
  deps: NotificationsDeps,
  tenantId: string,
  id: string,
): Promise<repo.EndpointRow> {
  const endpoint = await repo.findEndpoint(deps.db.orm, tenantId, id);
  if (!endpoint) throw notFound(ENDPOINT_NOT_FOUND);
  return endpoint;
}
