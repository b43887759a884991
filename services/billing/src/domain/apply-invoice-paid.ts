import type { SubscriptionInvoicePaidV1 } from '@salon/contracts';
import type { EventOrigin } from '@salon/messaging';
import type { Executor } from '@salon/service-kit';
import { findInvoiceForUpdate, settleInvoice } from '../db/invoice.repository';
import { findSubscription } from '../db/subscription.repository';
import type { BillingDeps } from './deps';
import { publishPaymentApplied } from './events';
import { addPeriod, sameAmount } from './plan-rules';
import { changeSubscription, changesOf } from './subscription-changes';

/**
 * commerce.subscription_invoice.paid.v1, inside its inbox transaction: verified against the recorded invoice (pending, same kind, plan,
 * period and amount, paid by the due date). An upgrade changes the plan (a prorated one keeps the period, a
 * full-price one starts a new period at payment); a renewal extends the period by one cycle. Anything that
 * does not match settles the invoice as expired or rejected and changes nothing. An applied payment also
 * publishes billing.subscription.payment_applied.v1 (the business's confirmation e-mail).
 */
export async function applyInvoicePaid(
  deps: BillingDeps,
  tx: Executor,
  paid: SubscriptionInvoicePaidV1,
  origin: EventOrigin,
): Promise<'applied' | 'ignored' | 'expired' | 'rejected'> {
  const invoice = await findInvoiceForUpdate(tx, paid.tenant_id, paid.invoice_id);
  if (!invoice || invoice.status !== 'pending') return 'ignored';
  const paidAt = new Date(paid.paid_at);
  if (paidAt.getTime() > new Date(invoice.due_at).getTime()) {
    await settleInvoice(tx, paid.tenant_id, invoice.id, {
      status: 'expired',
      paidAt: paid.paid_at,
      failureReason: 'Invoice expired before payment',
    });
    return 'expired';
  }
  const matches =
    invoice.subscription_id === paid.subscription_id &&
    invoice.kind === paid.kind &&
    invoice.target_plan === paid.target_plan &&
    invoice.billing_period === paid.billing_period &&
    invoice.currency === paid.currency &&
    sameAmount(invoice.amount, paid.amount);
  const subscription = await findSubscription(tx, paid.tenant_id, { forUpdate: true });
  if (!matches || !subscription || subscription.id !== invoice.subscription_id) {
    await settleInvoice(tx, paid.tenant_id, invoice.id, {
      status: 'rejected',
      paidAt: paid.paid_at,
      failureReason: 'Payment does not match the invoice',
    });
    return 'rejected';
  }
  await settleInvoice(tx, paid.tenant_id, invoice.id, { status: 'paid', paidAt: paid.paid_at });

  const changes = changesOf(subscription);
  // Paying brings a lapsed subscription back; a suspended one stays the admin's to reactivate.
  if (subscription.status === 'past_due' || subscription.status === 'expired') changes.status = 'active';
  if (invoice.kind === 'renewal') {
    const end = new Date(subscription.current_period_end);
    // A lapsed period starts again at payment rather than in the past.
    const start = end.getTime() < paidAt.getTime() ? paidAt : end;
    changes.current_period_start = start.toISOString();
    changes.current_period_end = addPeriod(start, subscription.billing_period).toISOString();
    changes.metadata = {
      ...subscription.metadata,
      last_renewed_at: paid.paid_at,
      renewal_invoice_id: invoice.id,
    };
  } else {
    changes.plan = invoice.target_plan;
    changes.billing_period = invoice.billing_period;
    changes.scheduled_changes = null;
    if (!invoice.prorated) {
      changes.current_period_start = paidAt.toISOString();
      changes.current_period_end = addPeriod(paidAt, invoice.billing_period).toISOString();
    }
    changes.metadata = {
      ...subscription.metadata,
      upgraded_at: paid.paid_at,
      previous_plan: subscription.plan.toLowerCase(),
      upgrade_invoice_id: invoice.id,
    };
  }
  const applied = await changeSubscription(deps, tx, paid.tenant_id, changes, origin);
  await publishPaymentApplied(deps, tx, { invoice, paid, before: subscription, after: applied }, origin);
  return 'applied';
}
