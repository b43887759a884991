import type { InboxHandler } from '@salon/messaging';
import { anonymiseCustomerAppointments } from '../../db/appointment.repository';
import { deleteCustomerReplica } from '../../db/replica.repository';

/**
 * identity.customer.deleted.v1: the customer's appointments are anonymised (customer reference removed,
 * name a placeholder, contact data cleared, note replaced) and the replica row goes.
 */
export const onIdentityCustomerDeleted: InboxHandler<'identity.customer.deleted.v1'> = async (
  data,
  { tx },
) => {
  await anonymiseCustomerAppointments(tx, data.tenant_id, data.customer_id);
  await deleteCustomerReplica(tx, data.tenant_id, data.customer_id);
};
