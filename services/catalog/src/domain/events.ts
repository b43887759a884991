import type { ServiceArchivedV1, ServiceUpsertedV1 } from '@salon/contracts';
import type { ServiceRecord } from '../db/service.repository';

/** The full snapshot consumers keep (scheduling and commerce price and size appointments from it). */
export const serviceUpsertedData = (service: ServiceRecord): ServiceUpsertedV1 => ({
  service_id: service.id,
  tenant_id: service.tenant_id,
  name: service.name,
  slug: service.slug,
  description: service.description,
  category: service.category,
  duration_minutes: service.duration_minutes,
  preparation_minutes: service.preparation_minutes,
  cleanup_minutes: service.cleanup_minutes,
  max_advance_booking_days: service.max_advance_booking_days,
  min_advance_booking_hours: service.min_advance_booking_hours,
  requires_staff: service.requires_staff,
  required_staff_count: service.required_staff_count,
  allow_parallel_bookings: service.allow_parallel_bookings,
  max_parallel_bookings: service.max_parallel_bookings,
  pricing: service.pricing,
  tags: service.tags,
  image_url: service.image_url,
  is_active: service.is_active,
  status: service.status,
  created_at: service.created_at,
  updated_at: service.updated_at,
  version: service.version,
});

export const serviceArchivedData = (service: ServiceRecord): ServiceArchivedV1 => ({
  service_id: service.id,
  tenant_id: service.tenant_id,
  archived_at: service.updated_at,
  version: service.version,
});
