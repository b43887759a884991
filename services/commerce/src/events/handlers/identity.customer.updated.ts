import type { InboxHandler } from '@salon/messaging';
import { customerReplicaOf, upsertCustomer } from '../../db/replica.repository';

/** The customer's new contact data; an older version than the one held is ignored. */
export const onIdentityCustomerUpdated: InboxHandler<'identity.customer.updated.v1'> = (data, { tx }) =>
  upsertCustomer(tx, customerReplicaOf(data, { isDeleted: data.is_deleted, updatedAt: data.updated_at }));
