import type { InboxHandler } from '@salon/messaging';
import * as repo from '../../db/notification.repository';
import * as devices from '../../db/push-device.repository';
import * as replicas from '../../db/replica.repository';

/** identity.customer.deleted.v1: the customer's notifications, deliveries, push devices and replica row are deleted. */
export const onIdentityCustomerDeleted: InboxHandler<'identity.customer.deleted.v1'> = async (
  data,
  { tx },
) => {
  await repo.deleteForCustomer(tx, data.tenant_id, data.customer_id);
  await devices.deleteForCustomer(tx, data.tenant_id, data.customer_id);
  await replicas.deleteCustomer(tx, data.tenant_id, data.customer_id);
};
