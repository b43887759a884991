import type { EventEnvelope, SubscriptionInvoicePaidV1 } from '@salon/contracts';
import { causedBy } from '@salon/messaging';
import type { Executor } from '@salon/service-kit';
import { PRODUCER, type BillingDeps } from '../../domain/deps';
import { applyInvoicePaid } from '../../domain/upgrade-subscription';

/** commerce.subscription_invoice.paid.v1: the verified payment changes the plan or extends the period. */
export const applyInvoicePaidEvent =
  (deps: BillingDeps) =>
  async (event: EventEnvelope, tx: Executor): Promise<void> => {
    await applyInvoicePaid(deps, tx, event.data as SubscriptionInvoicePaidV1, causedBy(event, PRODUCER));
  };
