import type { InboxHandler } from '@salon/messaging';
import { tenantReplicaOf, upsertTenantReplica } from '../../db/replica.repository';

/** The tenant's new settings; an older version than the one held is ignored. */
export const onIdentityTenantUpdated: InboxHandler<'identity.tenant.updated.v1'> = (data, { tx }) =>
  upsertTenantReplica(tx, tenantReplicaOf(data, data.updated_at));
