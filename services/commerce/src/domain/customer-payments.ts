import { tenantIn, type RequestContext } from '@salon/service-kit';
import { listCredits } from '../db/credit.repository';
import { listCustomerPayments, type CustomerPaymentRow, type PaymentStatus } from '../db/payment.repository';
import { customerIn } from './callers';
import type { CommerceDeps } from './deps';

type PaymentsQuery = { status?: PaymentStatus; type?: 'appointment' | 'package' };

/** GET /customer/payments: the caller's appointment and package payments, newest first. */
export async function findCustomerPayments(
  deps: CommerceDeps,
  ctx: RequestContext,
  { filters, page }: { filters: PaymentsQuery; page: { offset: number; limit: number } },
): Promise<{ items: CustomerPaymentRow[]; total: number }> {
  return listCustomerPayments(deps.db.orm, tenantIn(ctx), customerIn(ctx), { ...filters, ...page });
}

/** One service's usable credits, in the order they are used. */
export interface ServiceCredits {
  service_id: string;
  service_name: string;
  remaining_credits: number;
  next_expiry: string | null;
  credits: {
    credit_id: string;
    customer_package_id: string;
    remaining_credits: number;
    expires_at: string | null;
  }[];
}

/**
 * GET /customer/packages/credits/available: the caller's unexpired credits with some left, per service, the
 * service whose credits expire first first (never-expiring ones last).
 */
export async function availableCredits(deps: CommerceDeps, ctx: RequestContext) {
  const rows = await listCredits(deps.db.orm, tenantIn(ctx), customerIn(ctx), {});
  const byService = new Map<string, ServiceCredits>();
  for (const row of rows) {
    const service = byService.get(row.service_id) ?? {
      service_id: row.service_id,
      service_name: row.service_name,
      remaining_credits: 0,
      next_expiry: row.expires_at,
      credits: [],
    };
    service.remaining_credits += row.remaining_credits;
    service.credits.push({
      credit_id: row.id,
      customer_package_id: row.customer_package_id,
      remaining_credits: row.remaining_credits,
      expires_at: row.expires_at,
    });
    byService.set(row.service_id, service);
  }
  const expiry = (service: ServiceCredits) =>
    service.next_expiry ? Date.parse(service.next_expiry) : Infinity;
  const services = [...byService.values()].sort((a, b) => expiry(a) - expiry(b));
  return {
    services,
    total_remaining_credits: services.reduce((total, service) => total + service.remaining_credits, 0),
  };
}
