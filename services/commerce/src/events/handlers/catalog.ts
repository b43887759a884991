import { type EventEnvelope, type ServiceArchivedV1, type ServiceUpsertedV1 } from '@salon/contracts';
import type { Executor } from '@salon/service-kit';
import { archiveService, upsertService } from '../../db/replica.repository';

/** catalog.service.upserted.v1: name, pricing and status of the services packages are made of. */
export async function applyServiceUpserted(event: EventEnvelope, tx: Executor): Promise<void> {
  const data = event.data as ServiceUpsertedV1;
  await upsertService(tx, {
    service_id: data.service_id,
    tenant_id: data.tenant_id,
    name: data.name,
    pricing: data.pricing,
    is_active: data.is_active,
    status: data.status,
    version: data.version,
    updated_at: data.updated_at,
  });
}

/** catalog.service.archived.v1: no new package may include it (existing credits stay usable). */
export async function applyServiceArchived(event: EventEnvelope, tx: Executor): Promise<void> {
  const data = event.data as ServiceArchivedV1;
  await archiveService(tx, data.service_id, data.version);
}
