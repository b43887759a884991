import type { EventEnvelope, TenantRegisteredV1, TenantUpdatedV1 } from '@salon/contracts';
import type { Executor } from '@salon/service-kit';
import { upsertTenantReplica } from '../../db/replica.repository';

/** identity.tenant.registered.v1 / updated.v1: time zone, booking window, position templates, slug. */
export async function applyTenantEvent(event: EventEnvelope, tx: Executor): Promise<void> {
  const data = event.data as TenantRegisteredV1 | TenantUpdatedV1;
  await upsertTenantReplica(tx, {
    tenant_id: data.tenant_id,
    name: data.name,
    slug: data.slug,
    timezone: data.settings.timezone,
    booking_advance_days: data.settings.booking_advance_days,
    staff_position_templates: data.settings.staff_position_templates,
    is_active: data.is_active,
    version: data.version,
    updated_at: 'updated_at' in data ? data.updated_at : data.created_at,
  });
}
