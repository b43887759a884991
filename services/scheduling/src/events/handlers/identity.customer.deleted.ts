import type { InboxHandler } from '@salon/messaging';
import { anonymiseCustomerAppointments } from '../../db/appointment.repository';
import { revokeLiveFeed } from '../../db/calendar-feed.repository';
import { deleteCustomerReplica } from '../../db/replica.repository';

/**
 * identity.customer.deleted.v1: the customer's appointments are anonymised (customer reference removed,
 * name a placeholder, contact data cleared, note replaced), the replica row goes and the customer's calendar
 * feed is revoked.
 */
export const onIdentityCustomerDeleted: InboxHandler<'identity.customer.deleted.v1'> = async (
  data,
  { tx },
) => {
  await anonymiseCustomerAppointments(tx, data.tenant_id, data.customer_id);
  await deleteCustomerReplica(tx, data.tenant_id, data.customer_id);
  await revokeLiveFeed(tx, data.tenant_id, { type: 'customer', id: data.customer_id });
};
