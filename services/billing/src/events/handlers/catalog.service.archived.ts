import type { InboxHandler } from '@salon/messaging';
import { upsertService } from '../../db/usage.repository';

/** An archived service no longer counts against max_services. */
export const onCatalogServiceArchived: InboxHandler<'catalog.service.archived.v1'> = (data, { tx }) =>
  upsertService(
    tx,
    { service_id: data.service_id, tenant_id: data.tenant_id, status: 'archived', version: data.version },
    { orEqual: true },
  );
