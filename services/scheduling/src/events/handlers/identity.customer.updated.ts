import type { InboxHandler } from '@salon/messaging';
import { upsertCustomerReplica } from '../../db/replica.repository';
import { customerReplicaOf } from '../../domain/replicas';

/** identity.customer.updated.v1: names, contact data and state; newest version kept. */
export const onIdentityCustomerUpdated: InboxHandler<'identity.customer.updated.v1'> = (data, { tx }) =>
  upsertCustomerReplica(tx, customerReplicaOf(data, data));
