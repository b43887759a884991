import { causedBy, type InboxHandler } from '@salon/messaging';
import { PRODUCER, type BillingDeps } from '../../domain/deps';
import { applyInvoicePaid } from '../../domain/apply-invoice-paid';

/** The verified payment changes the plan or extends the period. */
export const onCommerceSubscriptionInvoicePaid =
  (deps: BillingDeps): InboxHandler<'commerce.subscription_invoice.paid.v1'> =>
  async (data, { tx, event }) => {
    await applyInvoicePaid(deps, tx, data, causedBy(event, PRODUCER));
  };
