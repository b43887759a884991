import type { InboxHandler } from '@salon/messaging';
import { countCustomerMoney } from '../../domain/customer-loyalty';

/** commerce.payment.refunded.v1: money given back is no longer spent (its points go with it). */
export const onCommercePaymentRefunded: InboxHandler<'commerce.payment.refunded.v1'> = async (
  data,
  { tx },
) => {
  if (!data.customer_id) return;
  await countCustomerMoney(tx, {
    entry_id: `refund:${data.refund_id}`,
    tenant_id: data.tenant_id,
    customer_id: data.customer_id,
    kind: 'refund',
    appointment_id: data.appointment_id,
    customer_package_id: data.customer_package_id,
    amount: data.amount,
  });
};
