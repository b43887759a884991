import type { InboxHandler } from '@salon/messaging';
import { saveCustomer } from '../../domain/replica-updates';

/** identity.customer.updated.v1: contact data, preferences and consent decide the channels at send time. */
export const onIdentityCustomerUpdated: InboxHandler<'identity.customer.updated.v1'> = (data, { tx }) =>
  saveCustomer(tx, data);
