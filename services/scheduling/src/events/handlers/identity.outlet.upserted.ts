import type { InboxHandler } from '@salon/messaging';
import { upsertOutletReplica } from '../../db/replica.repository';

/** identity.outlet.upserted.v1: the tenant's outlets (staff and appointments belong to one). */
export const onIdentityOutletUpserted: InboxHandler<'identity.outlet.upserted.v1'> = (data, { tx }) =>
  upsertOutletReplica(tx, {
    outlet_id: data.outlet_id,
    tenant_id: data.tenant_id,
    name: data.name,
    timezone: data.timezone,
    is_active: data.is_active,
    version: data.version,
    updated_at: data.updated_at,
  });
