import { z } from 'zod';
import { objectIdSchema } from '../envelope';
import { moneyStringSchema } from './catalog';

const timestamp = z.string().datetime({ offset: true });

/**
 * A customer payment was completed (hosted gateway, manual at the venue, or a confirmed bank transfer).
 * It pays either an appointment (`appointment_id`) or a customer package (`customer_package_id`).
 * Scheduling confirms the appointment; a payment for an appointment cancelled meanwhile makes scheduling
 * publish `scheduling.appointment.payment_orphaned.v1` so commerce can refund.
 */
export const paymentCompletedV1 = z.object({
  payment_id: objectIdSchema,
  tenant_id: objectIdSchema,
  customer_id: objectIdSchema.nullable().optional(),
  appointment_id: objectIdSchema.nullable().optional(),
  customer_package_id: objectIdSchema.nullable().optional(),
  amount: moneyStringSchema,
  currency: z.string().length(3),
  method: z.string().optional(),
  /** The customer's wallet balance applied to the same purchase before this payment (absent: none). */
  wallet_applied: moneyStringSchema.nullish(),
  completed_at: timestamp,
});
export type PaymentCompletedV1 = z.infer<typeof paymentCompletedV1>;

/**
 * Money the customer paid was given back: `amount` is everything refunded, the wallet part included, less the
 * fee kept; `refund_id` is unique per refund (a payment may one day be refunded in parts).
 */
export const paymentRefundedV1 = z.object({
  refund_id: z.string().min(1),
  payment_id: objectIdSchema,
  tenant_id: objectIdSchema,
  customer_id: objectIdSchema.nullable(),
  appointment_id: objectIdSchema.nullable(),
  customer_package_id: objectIdSchema.nullable(),
  amount: moneyStringSchema,
  /** What the salon kept (a late cancellation's fee); absent from producers before it was added. */
  fee_kept: moneyStringSchema.default('0.00'),
  currency: z.string().length(3),
  /** wallet: credited; outside: the tenant has wallets off and pays it back itself; none: customer erased. */
  refunded_to: z.enum(['wallet', 'outside', 'none']),
  reason: z.string(),
  refunded_at: timestamp,
});
export type PaymentRefundedV1 = z.infer<typeof paymentRefundedV1>;

/**
 * Package credits were used, for an appointment when `appointment_id` is set: the visit was paid when the
 * package was, so it is not money spent again.
 */
export const creditsRedeemedV1 = z.object({
  tenant_id: objectIdSchema,
  customer_id: objectIdSchema,
  service_id: objectIdSchema,
  appointment_id: objectIdSchema.nullable(),
  quantity: z.number().int().positive(),
  redeemed_at: timestamp,
});
export type CreditsRedeemedV1 = z.infer<typeof creditsRedeemedV1>;

/**
 * A subscription invoice that billing requested (`POST /internal/subscription-invoices`) was paid at the
 * provider before its due date. Billing verifies it against the invoice it recorded (kind, plan, period,
 * amount) and then changes the plan (`upgrade`) or extends the period (`renewal`). Commerce refuses payment of
 * an invoice past its due date; billing also ignores a paid event whose `paid_at` is after the due date.
 */
export const subscriptionInvoicePaidV1 = z.object({
  invoice_id: objectIdSchema,
  tenant_id: objectIdSchema,
  subscription_id: objectIdSchema,
  kind: z.enum(['upgrade', 'renewal']),
  target_plan: z.enum(['FREE', 'PRO', 'ENTERPRISE']),
  billing_period: z.enum(['monthly', 'quarterly', 'yearly']),
  amount: moneyStringSchema,
  currency: z.string().length(3),
  paid_at: timestamp,
});
export type SubscriptionInvoicePaidV1 = z.infer<typeof subscriptionInvoicePaidV1>;

/**
 * A hosted payment link was created for a customer (customer gateway_digital purchase of a package, or staff
 * `POST /customer-packages/{id}/create-payment-link`). Notifications sends `payment_url` on the enabled
 * `channels` (the tenant's settings intersected with what the customer has: e-mail, phone).
 * `customer_package_id` is null for a link that does not pay a package (e.g. an appointment).
 */
export const paymentLinkCreatedV1 = z.object({
  tenant_id: objectIdSchema,
  customer_id: objectIdSchema,
  customer_package_id: objectIdSchema.nullable(),
  payment_id: objectIdSchema,
  invoice_id: objectIdSchema,
  invoice_number: z.string(),
  amount: moneyStringSchema,
  currency: z.string().length(3),
  payment_url: z.string().url(),
  due_date: timestamp,
  channels: z.object({ email: z.boolean(), whatsapp: z.boolean(), sms: z.boolean() }),
  customer: z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  package_name: z.string().nullable(),
});
export type PaymentLinkCreatedV1 = z.infer<typeof paymentLinkCreatedV1>;
