import type { InboxHandler } from '@salon/messaging';
import { upsertService } from '../../db/usage.repository';

/** Services not archived count against max_services. */
export const onCatalogServiceUpserted: InboxHandler<'catalog.service.upserted.v1'> = (data, { tx }) =>
  upsertService(tx, {
    service_id: data.service_id,
    tenant_id: data.tenant_id,
    status: data.status,
    version: data.version,
  });
