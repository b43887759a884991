import type { InboxHandler } from '@salon/messaging';
import { upsertTenantReplica } from '../../db/replica.repository';
import { tenantReplicaOf } from '../../domain/replicas';

/** identity.tenant.registered.v1: time zone, booking window, position templates, slug. */
export const onIdentityTenantRegistered: InboxHandler<'identity.tenant.registered.v1'> = (data, { tx }) =>
  upsertTenantReplica(tx, tenantReplicaOf(data, data.created_at));
