import type { InboxHandler } from '@salon/messaging';
import { upsertServiceReplica } from '../../db/replica.repository';

/** catalog.service.upserted.v1: durations, buffers, capacity, window and pricing; newest version kept. */
export const onCatalogServiceUpserted: InboxHandler<'catalog.service.upserted.v1'> = (data, { tx }) =>
  upsertServiceReplica(tx, {
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
