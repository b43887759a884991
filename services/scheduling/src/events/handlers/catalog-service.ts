import type { EventEnvelope, ServiceArchivedV1, ServiceUpsertedV1 } from '@salon/contracts';
import type { Executor } from '@salon/service-kit';
import { archiveServiceReplica, upsertServiceReplica } from '../../db/replica.repository';

/** catalog.service.upserted.v1: durations, buffers, capacity, window and pricing; newest version kept. */
export async function applyServiceUpserted(event: EventEnvelope, tx: Executor): Promise<void> {
  const data = event.data as ServiceUpsertedV1;
  await upsertServiceReplica(tx, {
    service_id: data.service_id,
    tenant_id: data.tenant_id,
    name: data.name,
    duration_minutes: data.duration_minutes,
    preparation_minutes: data.preparation_minutes,
    cleanup_minutes: data.cleanup_minutes,
    max_advance_booking_days: data.max_advance_booking_days,
    min_advance_booking_hours: data.min_advance_booking_hours,
    allow_parallel_bookings: data.allow_parallel_bookings,
    max_parallel_bookings: data.max_parallel_bookings,
    pricing: data.pricing,
    is_active: data.is_active,
    status: data.status,
    version: data.version,
    updated_at: data.updated_at,
  });
}

/** catalog.service.archived.v1: never bookable again unless a newer snapshot restores it. */
export async function applyServiceArchived(event: EventEnvelope, tx: Executor): Promise<void> {
  const data = event.data as ServiceArchivedV1;
  await archiveServiceReplica(tx, data.service_id, data.version);
}
