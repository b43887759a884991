import type { InboxHandler } from '@salon/messaging';
import { archiveServiceReplica } from '../../db/replica.repository';

/** catalog.service.archived.v1: never bookable again unless a newer snapshot restores it. */
export const onCatalogServiceArchived: InboxHandler<'catalog.service.archived.v1'> = (data, { tx }) =>
  archiveServiceReplica(tx, data.service_id, data.version);
