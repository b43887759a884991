import type { InboxHandler } from '@salon/messaging';
import { upsertTenantReplica } from '../../db/replica.repository';
import { tenantReplicaOf } from '../../domain/replicas';

/** identity.tenant.updated.v1: time zone, booking window, position templates, slug; newest version kept. */
export const onIdentityTenantUpdated: InboxHandler<'identity.tenant.updated.v1'> = (data, { tx }) =>
  upsertTenantReplica(tx, tenantReplicaOf(data, data.updated_at));
