import type { InboxHandler } from '@salon/messaging';
import { upsertCustomerReplica } from '../../db/replica.repository';
import { customerReplicaOf } from '../../domain/replicas';

/** identity.customer.registered.v1: names and contact data copied onto new appointments. */
export const onIdentityCustomerRegistered: InboxHandler<'identity.customer.registered.v1'> = (data, { tx }) =>
  upsertCustomerReplica(
    tx,
    customerReplicaOf(data, { is_active: true, is_deleted: false, updated_at: data.created_at }),
  );
