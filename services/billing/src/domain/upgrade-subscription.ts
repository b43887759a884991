import {
  PLAN_CATALOGUE,
  SUBSCRIPTION_INVOICES_PATH,
  subscriptionInvoice,
  type BillingPeriod,
  type PlanType,
  type SubscriptionInvoice,
  type SubscriptionInvoicePaidV1,
  type SubscriptionInvoiceRequest,
} from '@salon/contracts';
import type { EventOrigin } from '@salon/messaging';
import { AppError, badRequest, notFound, serviceUnavailable, type Executor } from '@salon/service-kit';
import {
  findInvoiceForUpdate,
  insertInvoice,
  settleInvoice,
  type InvoiceKind,
} from '../db/invoice.repository';
import { findSubscription, type SubscriptionRecord } from '../db/subscription.repository';
import type { BillingDeps } from './deps';
import { changeSubscription, changesOf, type Actor } from './manage-subscription';
import { DAY_MS, addPeriod, comparePlans, planPrice, prorate, sameAmount } from './plan-rules';

const UNAVAILABLE = 'commerce is temporarily unavailable';

/**
 * Asks commerce for the provider invoice (internal HTTP, breaker, timeout) and records it. Anything but a
 * 201 with a valid invoice is a 503 and nothing is recorded.
 */
async function requestInvoice(
  deps: BillingDeps,
  request: SubscriptionInvoiceRequest,
  requestId: string | undefined,
): Promise<SubscriptionInvoice> {
  if (!deps.commerce) throw serviceUnavailable(UNAVAILABLE);
  const response = await deps.commerce.request<unknown>('POST', SUBSCRIPTION_INVOICES_PATH, {
    body: request,
    requestId,
  });
  const invoice = subscriptionInvoice.safeParse(response.body);
  if (response.status !== 201 || !invoice.success) {
    const detail = (response.body as { detail?: unknown } | null)?.detail;
    if (response.status >= 400 && response.status < 500 && typeof detail === 'string')
      throw new AppError(502, `commerce refused the invoice: ${detail}`);
    throw serviceUnavailable(UNAVAILABLE);
  }
  return invoice.data;
}

async function recordInvoice(
  deps: BillingDeps,
  subscription: SubscriptionRecord,
  invoice: SubscriptionInvoice,
  request: SubscriptionInvoiceRequest,
  kind: InvoiceKind,
): Promise<void> {
  await deps.db.withTx((tx) =>
    insertInvoice(tx, {
      id: invoice.id,
      tenant_id: subscription.tenant_id,
      subscription_id: subscription.id,
      invoice_number: invoice.invoice_number,
      kind,
      from_plan: subscription.plan,
      target_plan: request.target_plan,
      billing_period: request.billing_period,
      prorated: request.metadata.prorated,
      amount: request.amount,
      currency: request.currency,
      due_at: request.due_at,
      created_at: deps.clock.now().toISOString(),
    }),
  );
}

const dueAt = (deps: BillingDeps, now: Date) =>
  new Date(now.getTime() + deps.config.SUBSCRIPTION_INVOICE_DUE_DAYS * DAY_MS).toISOString();

async function subscriptionOf(deps: BillingDeps, tenantId: string): Promise<SubscriptionRecord> {
  const subscription = await findSubscription(deps.db.orm, tenantId);
  if (!subscription) throw notFound('Subscription not found');
  return subscription;
}

/**
 * POST /subscriptions/upgrade: an invoice for the prorated difference (same billing period, prorate on) or
 * for the full new period (another billing period, prorate off, or nothing left of the period). The plan
 * changes only when commerce reports the invoice paid.
 */
export async function requestUpgrade(
  deps: BillingDeps,
  tenantId: string,
  actor: Actor,
  input: { target_plan: PlanType; billing_period?: BillingPeriod; prorate_charges: boolean },
) {
  const subscription = await subscriptionOf(deps, tenantId);
  const target = input.target_plan;
  if (target === subscription.plan) throw badRequest(`Already on the ${target.toLowerCase()} plan`);
  if (comparePlans(target, subscription.plan) < 0)
    throw badRequest('Target plan is lower than the current plan; use /subscriptions/downgrade');
  const period = input.billing_period ?? subscription.billing_period;
  const now = deps.clock.now();
  const proration = prorate({
    oldPrice: planPrice(subscription.plan, subscription.billing_period),
    newPrice: planPrice(target, period),
    periodStart: new Date(subscription.current_period_start),
    periodEnd: new Date(subscription.current_period_end),
    now,
  });
  const prorated =
    input.prorate_charges && period === subscription.billing_period && proration.days_remaining > 0;
  const amount = prorated ? proration.amount : planPrice(target, period);
  const request: SubscriptionInvoiceRequest = {
    tenant_id: tenantId,
    subscription_id: subscription.id,
    kind: 'upgrade',
    target_plan: target,
    billing_period: period,
    amount,
    currency: PLAN_CATALOGUE[target].price.currency,
    due_at: dueAt(deps, now),
    description: `Upgrade from ${PLAN_CATALOGUE[subscription.plan].display_name} to ${PLAN_CATALOGUE[target].display_name} (${period})`,
    metadata: {
      type: 'SUBSCRIPTION',
      renewal: false,
      from_plan: subscription.plan,
      to_plan: target,
      prorated,
      days_remaining: prorated ? proration.days_remaining : null,
      total_days: prorated ? proration.total_days : null,
    },
  };
  const invoice = await requestInvoice(deps, request, actor.requestId);
  await recordInvoice(deps, subscription, invoice, request, 'upgrade');
  return {
    status: 'payment_pending',
    message: `Upgrade to ${PLAN_CATALOGUE[target].display_name} is waiting for payment; the plan changes once the invoice is paid.`,
    subscription: {
      id: subscription.id,
      plan: subscription.plan.toLowerCase(),
      status: subscription.status,
      current_period_end: subscription.current_period_end,
    },
    invoice,
    upgrade_details: {
      from_plan: subscription.plan.toLowerCase(),
      to_plan: target.toLowerCase(),
      prorated_amount: amount,
      days_remaining: proration.days_remaining,
      total_days: proration.total_days,
      billing_period: period,
      prorated,
    },
    next_steps: [
      'Pay the invoice using the payment link',
      `The invoice expires on ${invoice.due_date} if unpaid`,
      'Your plan is upgraded as soon as the payment is confirmed',
    ],
  };
}

/** POST /subscriptions/renew: the full price of the current plan and period, metadata renewal=true. */
export async function requestRenewal(
  deps: BillingDeps,
  tenantId: string,
  actor: Actor,
  subscriptionId: string,
) {
  const subscription = await subscriptionOf(deps, tenantId);
  if (subscription.id !== subscriptionId) throw notFound('Subscription not found');
  if (subscription.plan === 'FREE') throw badRequest('The FREE plan needs no renewal');
  const now = deps.clock.now();
  const amount = planPrice(subscription.plan, subscription.billing_period);
  const request: SubscriptionInvoiceRequest = {
    tenant_id: tenantId,
    subscription_id: subscription.id,
    kind: 'renewal',
    target_plan: subscription.plan,
    billing_period: subscription.billing_period,
    amount,
    currency: PLAN_CATALOGUE[subscription.plan].price.currency,
    due_at: dueAt(deps, now),
    description: `Renewal of ${PLAN_CATALOGUE[subscription.plan].display_name} (${subscription.billing_period})`,
    metadata: {
      type: 'SUBSCRIPTION',
      renewal: true,
      from_plan: subscription.plan,
      to_plan: subscription.plan,
      prorated: false,
      days_remaining: null,
      total_days: null,
    },
  };
  const invoice = await requestInvoice(deps, request, actor.requestId);
  await recordInvoice(deps, subscription, invoice, request, 'renewal');
  const nextStart = new Date(subscription.current_period_end);
  return {
    status: 'payment_pending',
    message: `Renewal of ${PLAN_CATALOGUE[subscription.plan].display_name} is waiting for payment.`,
    subscription: {
      id: subscription.id,
      plan: subscription.plan.toLowerCase(),
      billing_period: subscription.billing_period,
      current_period_end: subscription.current_period_end,
    },
    invoice: {
      id: invoice.id,
      invoice_number: invoice.invoice_number,
      amount: invoice.amount,
      currency: invoice.currency,
      due_date: invoice.due_date,
      gateway_invoice_url: invoice.gateway_invoice_url,
      gateway_pdf_url: invoice.gateway_pdf_url,
      gateway_payment_url: invoice.gateway_payment_url,
    },
    renewal_details: {
      renewing_plan: subscription.plan.toLowerCase(),
      billing_period: subscription.billing_period,
      renewal_amount: amount,
      next_period_start: nextStart.toISOString(),
      next_period_end: addPeriod(nextStart, subscription.billing_period).toISOString(),
    },
    next_steps: [
      'Pay the invoice using the payment link',
      `The invoice expires on ${invoice.due_date} if unpaid`,
      'Your billing period is extended as soon as the payment is confirmed',
    ],
  };
}

/**
 * commerce.subscription_invoice.paid.v1: verified against the recorded invoice (pending, same kind, plan,
 * period and amount, paid by the due date). An upgrade changes the plan (a prorated one keeps the period, a
 * full-price one starts a new period at payment); a renewal extends the period by one cycle. Anything that
 * does not match settles the invoice as expired or rejected and changes nothing.
 */
export async function applyInvoicePaid(
  deps: BillingDeps,
  tx: Executor,
  paid: SubscriptionInvoicePaidV1,
  origin: Partial<EventOrigin>,
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
  await changeSubscription(deps, tx, paid.tenant_id, changes, origin);
  return 'applied';
}
