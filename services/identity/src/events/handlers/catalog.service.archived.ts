import type { InboxHandler } from '@salon/messaging';
import { upsertServiceReplica } from '../../db/catalog-replica.repository';

/** An archived service can no longer be preferred. */
export const onCatalogServiceArchived: InboxHandler<'catalog.service.archived.v1'> = (data, { tx }) =>
  upsertServiceReplica(
    tx,
    { service_id: data.service_id, tenant_id: data.tenant_id, status: 'archived', version: data.version },
    { final: true },
  );
