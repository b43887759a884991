import type { InboxHandler } from '@salon/messaging';
import { deleteCustomerTokenData } from '../../db/token.repository';
import { deleteCustomer } from '../../db/usage.repository';

/** Erasure: the customer and its token usage go. */
export const onIdentityCustomerDeleted: InboxHandler<'identity.customer.deleted.v1'> = async (
  data,
  { tx },
) => {
  await deleteCustomer(tx, data.customer_id);
  await deleteCustomerTokenData(tx, data.tenant_id, data.customer_id);
};
