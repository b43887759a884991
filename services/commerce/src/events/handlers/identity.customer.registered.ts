import type { InboxHandler } from '@salon/messaging';
import { customerReplicaOf, upsertCustomer } from '../../db/replica.repository';

/** A new customer's contact data (payment links, invoices). */
export const onIdentityCustomerRegistered: InboxHandler<'identity.customer.registered.v1'> = (data, { tx }) =>
  upsertCustomer(tx, customerReplicaOf(data, { isDeleted: false, updatedAt: data.created_at }));
