import type { InboxHandler } from '@salon/messaging';
import { archiveService } from '../../db/replica.repository';

/** No new package may include the service (credits already bought stay usable). */
export const onCatalogServiceArchived: InboxHandler<'catalog.service.archived.v1'> = (data, { tx }) =>
  archiveService(tx, data.service_id, data.version);
