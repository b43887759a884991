import type { InboxHandler } from '@salon/messaging';
import { countCustomerMoney } from '../../domain/customer-loyalty';

/** commerce.credits.redeemed.v1 for an appointment: that visit was paid with the package, not again. */
export const onCommerceCreditsRedeemed: InboxHandler<'commerce.credits.redeemed.v1'> = async (
  data,
  { tx, event },
) => {
  if (!data.appointment_id) return;
  await countCustomerMoney(tx, {
    entry_id: `redemption:${event.id}`,
    tenant_id: data.tenant_id,
    customer_id: data.customer_id,
    kind: 'redemption',
    appointment_id: data.appointment_id,
    customer_package_id: null,
    amount: '0.00',
  });
};
