import type { InboxHandler } from '@salon/messaging';
import { upsertServiceReplica } from '../../db/catalog-replica.repository';

/** A service a customer may prefer (until archived). */
export const onCatalogServiceUpserted: InboxHandler<'catalog.service.upserted.v1'> = (data, { tx }) =>
  upsertServiceReplica(tx, {
    service_id: data.service_id,
    tenant_id: data.tenant_id,
    status: data.status,
    version: data.version,
  });
