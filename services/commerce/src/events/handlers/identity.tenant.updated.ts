import type { InboxHandler } from '@salon/messaging';
import { tenantReplicaOf, upsertTenant } from '../../db/replica.repository';

/** The tenant's new state; an older version than the one held is ignored. */
export const onIdentityTenantUpdated: InboxHandler<'identity.tenant.updated.v1'> = (data, { tx }) =>
  upsertTenant(tx, tenantReplicaOf(data, data.updated_at));
