import type { InboxHandler } from '@salon/messaging';
import { formatMoney, money } from '@salon/service-kit';
import { countCustomerMoney } from '../../domain/customer-loyalty';

/** commerce.payment.completed.v1: what the customer paid (the wallet part applied with it included). */
export const onCommercePaymentCompleted: InboxHandler<'commerce.payment.completed.v1'> = async (
  data,
  { tx },
) => {
  if (!data.customer_id) return;
  await countCustomerMoney(tx, {
    entry_id: `payment:${data.payment_id}`,
    tenant_id: data.tenant_id,
    customer_id: data.customer_id,
    kind: 'payment',
    appointment_id: data.appointment_id ?? null,
    customer_package_id: data.customer_package_id ?? null,
    amount: formatMoney(money(data.amount).plus(data.wallet_applied ?? 0)),
  });
};
