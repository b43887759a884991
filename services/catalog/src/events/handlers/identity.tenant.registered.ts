import type { InboxHandler } from '@salon/messaging';
import { tenantReplicaOf, upsertTenantReplica } from '../../db/replica.repository';

/** A new tenant: its currency (the default of new services) and category templates. */
export const onIdentityTenantRegistered: InboxHandler<'identity.tenant.registered.v1'> = (data, { tx }) =>
  upsertTenantReplica(tx, tenantReplicaOf(data, data.created_at));
