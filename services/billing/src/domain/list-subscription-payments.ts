import { tenantIn, type RequestContext } from '@salon/service-kit';
import { listPayments, type PaymentRecord, type PaymentStatus } from '../db/invoice.repository';
import type { BillingDeps } from './deps';

/** GET /subscriptions/payments: the tenant's subscription payments, newest first. */
export async function listSubscriptionPayments(
  deps: BillingDeps,
  ctx: RequestContext,
  filter: { status?: PaymentStatus; limit: number; offset: number },
): Promise<PaymentRecord[]> {
  return listPayments(deps.db.orm, tenantIn(ctx), filter);
}
