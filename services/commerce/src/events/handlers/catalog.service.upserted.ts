import type { InboxHandler } from '@salon/messaging';
import { upsertService } from '../../db/replica.repository';

/** Name, pricing and status of the services packages are made of; the newest version is kept. */
export const onCatalogServiceUpserted: InboxHandler<'catalog.service.upserted.v1'> = (data, { tx }) =>
  upsertService(tx, {
    service_id: data.service_id,
    tenant_id: data.tenant_id,
    name: data.name,
    pricing: data.pricing,
    is_active: data.is_active,
    status: data.status,
    version: data.version,
    updated_at: data.updated_at,
  });
