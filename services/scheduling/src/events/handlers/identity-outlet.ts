import type { EventEnvelope, OutletUpsertedV1 } from '@salon/contracts';
import type { Executor } from '@salon/service-kit';
import { upsertOutletReplica } from '../../db/replica.repository';

/** identity.outlet.upserted.v1: the tenant's outlets (staff and appointments belong to one). */
export async function applyOutletEvent(event: EventEnvelope, tx: Executor): Promise<void> {
  const data = event.data as OutletUpsertedV1;
  await upsertOutletReplica(tx, {
    outlet_id: data.outlet_id,
    tenant_id: data.tenant_id,
    name: data.name,
    timezone: data.timezone,
    is_active: data.is_active,
    version: data.version,
    updated_at: data.updated_at,
  });
}
