import {
  SUBSCRIPTION_INVOICES_PATH,
  subscriptionInvoice,
  type SubscriptionInvoice,
  type SubscriptionInvoiceRequest,
} from '@salon/contracts';
import { AppError, serviceUnavailable } from '@salon/service-kit';
import { insertInvoice, type InvoiceKind } from '../db/invoice.repository';
import type { SubscriptionRecord } from '../db/subscription.repository';
import type { BillingDeps } from './deps';
import { DAY_MS } from './plan-rules';

// What the upgrade and renewal requests share: commerce makes the invoice, billing records it.

const UNAVAILABLE = 'commerce is temporarily unavailable';

/**
 * Asks commerce for the provider invoice (internal HTTP, breaker, timeout; outside any transaction). Anything
 * but a 201 with a valid invoice is a 503 and nothing is recorded.
 */
export async function requestInvoice(
  deps: BillingDeps,
  request: SubscriptionInvoiceRequest,
  requestId: string,
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

export async function recordInvoice(
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

export const dueAt = (deps: BillingDeps, now: Date) =>
  new Date(now.getTime() + deps.config.SUBSCRIPTION_INVOICE_DUE_DAYS * DAY_MS).toISOString();
