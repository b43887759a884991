import { z } from 'zod';
import { objectIdSchema } from './envelope';
import { returnUrl } from './http';
import { moneyStringSchema } from './events/catalog';
import { PLAN_TYPES } from './plans';

const timestamp = z.string().datetime({ offset: true });

export const BILLING_PERIODS = ['monthly', 'quarterly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/**
 * Billing asks commerce for a provider invoice of type SUBSCRIPTION (upgrade or renewal):
 * `POST /internal/subscription-invoices` with the X-Internal-Token header, body
 * `SubscriptionInvoiceRequest` → 201 `SubscriptionInvoice`. Commerce creates the invoice at the payment
 * provider, keeps the metadata with it, and publishes `commerce.subscription_invoice.paid.v1` once the
 * provider reports it paid before `due_at`; after `due_at` the invoice is void and a payment is refused.
 * 4xx answers carry `{detail}`; anything but a 201 with this body means "no invoice" to billing (503).
 */
export const SUBSCRIPTION_INVOICES_PATH = '/internal/subscription-invoices';

export const subscriptionInvoiceRequest = z.object({
  tenant_id: objectIdSchema,
  subscription_id: objectIdSchema,
  kind: z.enum(['upgrade', 'renewal']),
  target_plan: z.enum(PLAN_TYPES),
  billing_period: z.enum(BILLING_PERIODS),
  /** Whole rupiah for IDR, as a two-decimal string ("399333.00"). */
  amount: moneyStringSchema,
  currency: z.string().length(3),
  due_at: timestamp,
  description: z.string(),
  /** Echoed on the paid event's invoice; `renewal: true` marks a renewal, as the spec requires. */
  metadata: z.object({
    type: z.literal('SUBSCRIPTION'),
    renewal: z.boolean(),
    from_plan: z.enum(PLAN_TYPES),
    to_plan: z.enum(PLAN_TYPES),
    prorated: z.boolean(),
    days_remaining: z.number().int().nonnegative().nullable(),
    total_days: z.number().int().nonnegative().nullable(),
  }),
  /** The upgrade's `return_url`: the provider invoice's success and failure redirect. */
  return_url: returnUrl.optional(),
});
export type SubscriptionInvoiceRequest = z.infer<typeof subscriptionInvoiceRequest>;

export const subscriptionInvoice = z.object({
  id: objectIdSchema,
  invoice_number: z.string().min(1),
  amount: moneyStringSchema,
  currency: z.string().length(3),
  due_date: timestamp,
  status: z.string().min(1),
  gateway_invoice_id: z.string().nullable(),
  gateway_invoice_url: z.string().nullable(),
  gateway_pdf_url: z.string().nullable(),
  gateway_payment_url: z.string().nullable(),
});
export type SubscriptionInvoice = z.infer<typeof subscriptionInvoice>;

/**
 * The gateway asks identity for the sessions that have ended (logout, password change, deletion, deactivation):
 * `GET /internal/sessions/revoked?since=<timestamp>` with the X-Internal-Token header → 200 this body. Without
 * `since`, every ended session whose access tokens may still be presented; with it, those ended at or after
 * it. `now` is identity's clock at the time of reading: the next poll asks from a little before it.
 */
export const REVOKED_SESSIONS_PATH = '/internal/sessions/revoked';
export const revokedSessionsQuery = z.object({ since: timestamp.optional() });
export const revokedSessionsResponse = z.object({
  now: timestamp,
  sessions: z.array(z.object({ session_id: objectIdSchema, until: timestamp })),
});
export type RevokedSessionsResponse = z.infer<typeof revokedSessionsResponse>;

/**
 * Scheduling asks commerce whether a booking's deposit is paid before releasing it at `deposit_due_at`:
 * `GET /internal/tenants/{tenant_id}/appointments/{appointment_id}/deposit` with the X-Internal-Token header → 200
 * this body. `paid` is true when a payment of the appointment is COMPLETED or a PAID provider callback for one of
 * its invoices is stored but not applied yet (the webhook acknowledges before it applies). Anything but a 200
 * with this body means "not known": scheduling does not release, and asks again.
 */
export const depositStatusPath = (tenantId: string, appointmentId: string) =>
  `/internal/tenants/${tenantId}/appointments/${appointmentId}/deposit`;
export const depositStatusResponse = z.object({ appointment_id: objectIdSchema, paid: z.boolean() });
export type DepositStatusResponse = z.infer<typeof depositStatusResponse>;
