import type { InboxHandler } from '@salon/messaging';
import { upsertCustomer } from '../../db/usage.repository';

/** Which tenant a customer belongs to (quota overrides). */
export const onIdentityCustomerUpdated: InboxHandler<'identity.customer.updated.v1'> = (data, { tx }) =>
  upsertCustomer(tx, data.customer_id, data.tenant_id);
