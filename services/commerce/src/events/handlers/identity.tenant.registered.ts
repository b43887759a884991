import type { InboxHandler } from '@salon/messaging';
import { tenantReplicaOf, upsertTenant } from '../../db/replica.repository';

/** A new tenant: name and e-mail (provider sub-account), currency, wallet setting. */
export const onIdentityTenantRegistered: InboxHandler<'identity.tenant.registered.v1'> = (data, { tx }) =>
  upsertTenant(tx, tenantReplicaOf(data, data.created_at));
