import type { EventEnvelope, TenantRegisteredV1, TenantUpdatedV1 } from '@salon/contracts';
import type { Executor } from '@salon/service-kit';
import { upsertTenantReplica } from '../../db/replica.repository';

/**
 * identity.tenant.registered.v1 and identity.tenant.updated.v1: keep the tenant's currency (the default
 * currency of new services) and category templates; an older version than the one held is ignored.
 */
export async function applyTenantEvent(event: EventEnvelope, tx: Executor): Promise<void> {
  const data = event.data as TenantRegisteredV1 | TenantUpdatedV1;
  await upsertTenantReplica(tx, {
    tenant_id: data.tenant_id,
    currency: data.settings.currency,
    service_category_templates: data.settings.service_category_templates,
    is_active: data.is_active,
    version: data.version,
    updated_at: 'updated_at' in data ? data.updated_at : data.created_at,
  });
}
