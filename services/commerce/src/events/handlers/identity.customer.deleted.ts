import type { InboxHandler } from '@salon/messaging';
import { eraseCustomerData } from '../../db/erasure.repository';
import { writeAudit } from '../../db/invoice.repository';
import { anonymiseCustomer } from '../../db/replica.repository';

/**
 * One inbox transaction: the replica's contact data is removed; settled payments, paid invoices and paid
 * customer packages are anonymised; other payments, unpaid invoices and packages, the wallet and its
 * transactions are deleted (`eraseCustomerData`).
 */
export const onIdentityCustomerDeleted: InboxHandler<'identity.customer.deleted.v1'> = async (
  data,
  { tx },
) => {
  await anonymiseCustomer(tx, data.tenant_id, data.customer_id);
  const counts = await eraseCustomerData(tx, data.tenant_id, data.customer_id);
  await writeAudit(tx, data.tenant_id, {
    action: 'CUSTOMER_DATA_ERASED',
    entity_type: 'customer',
    entity_id: data.customer_id,
    details: { reason: data.reason, gdpr_deletion: data.gdpr_deletion, ...counts },
  });
};
