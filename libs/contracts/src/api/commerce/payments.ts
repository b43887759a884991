import { z } from 'zod';
import { moneyStringSchema } from '../../events/catalog';
import { dateField } from '../../date-fields';
import { objectId, pageQuerySchema, pagedSchema, returnUrl } from '../../http';
import { amountField } from '../../money-fields';
import { CUSTOMER_PACKAGE_STATUSES } from './customer-packages';

const timestamp = z.iso.datetime({ offset: true });
const notes = z.string().max(500).nullable().optional();
/** Wallet movements are signed: a debit is negative. */
const signedMoney = z.string().regex(/^-?\d+\.\d{2}$/, 'must be a decimal string with 2 decimals');

// Package payments.
export const recordPaymentBody = z.object({
  amount: amountField({ positive: true }),
  /** Offline methods only (cash, pos_terminal, bank_transfer); online payments use a payment link (400). */
  payment_method: z.string().min(1).max(50),
  notes,
  receipt_number: z.string().max(100).nullable().optional(),
});
export const paymentLinkBody = z.object({
  send_email: z.boolean().default(true),
  send_whatsapp: z.boolean().default(false),
  send_sms: z.boolean().default(false),
  notes,
  due_date: dateField.optional(),
});

export const paymentRecorded = z.strictObject({
  status: z.literal('success'),
  message: z.string(),
  payment: z.strictObject({
    id: objectId,
    amount: moneyStringSchema,
    method: z.string(),
    status: z.literal('completed'),
    recorded_by: z.string(),
    recorded_at: timestamp,
    receipt_number: z.string().nullable(),
    reference_id: z.string(),
  }),
  package: z.strictObject({
    id: objectId,
    status: z.enum(CUSTOMER_PACKAGE_STATUSES),
    payment_status: z.literal('paid'),
    expires_at: timestamp.nullable(),
    total_credits: z.int(),
  }),
});

export const paymentLinkCreated = z.strictObject({
  status: z.literal('payment_link_created'),
  message: z.string(),
  invoice: z.strictObject({
    id: objectId,
    invoice_number: z.string(),
    amount: moneyStringSchema,
    subtotal: moneyStringSchema,
    /** No platform fee on package payments. */
    platform_fee: moneyStringSchema,
    platform_fee_percentage: z.number(),
    currency: z.string(),
    due_date: timestamp,
    gateway_invoice_id: z.string(),
    invoice_url: z.string(),
  }),
  payment: z.strictObject({
    id: objectId,
    reference_id: z.string(),
    status: z.literal('pending'),
    amount: moneyStringSchema,
  }),
  customer: z.strictObject({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  delivery_methods: z.array(z.string()),
  webhook_url: z.string(),
});

export const packagePaymentStatus = z
  .strictObject({
    customer_package_id: objectId,
    package_name: z.string(),
    package_price: moneyStringSchema,
    payment_status: z.enum(['pending', 'paid', 'failed', 'refunded']),
    package_status: z.enum(CUSTOMER_PACKAGE_STATUSES),
    /** Completed payments only. */
    total_paid: moneyStringSchema,
    remaining_balance: moneyStringSchema,
    is_paid: z.boolean(),
    credits_activated: z.boolean(),
    payments: z.array(
      z.strictObject({
        id: objectId,
        amount: moneyStringSchema,
        method: z.string(),
        provider: z.enum(['manual', 'gateway']),
        status: z.string(),
        reference_id: z.string().nullable(),
        created_at: timestamp,
        paid_at: timestamp.nullable(),
      }),
    ),
  })
  .meta({ id: 'PackagePaymentStatus' });

// Appointment payment and the wallet.
export const processAppointmentBody = z.object({
  appointment_id: objectId,
  payment_method: z
    .enum(['QRIS', 'BANK_TRANSFER', 'VIRTUAL_ACCOUNT', 'E_WALLET', 'CREDIT_CARD'])
    .default('QRIS'),
  use_wallet_balance: z.boolean().default(false),
  return_url: returnUrl.optional(),
});

/** The invoice PDF's link secret, as the invoice's `invoice_pdf_url` carries it. */
export const invoicePdfQuery = z.object({ token: z.string().min(16).max(128) });

/** PENDING with the payment page; COMPLETED (no invoice, no link) when the wallet covered everything. */
export const appointmentPaymentStarted = z.strictObject({
  payment_id: objectId,
  status: z.enum(['PENDING', 'COMPLETED']),
  payment_url: z.string().nullable(),
  invoice_url: z.string().nullable(),
  invoice_pdf_url: z.string().nullable(),
  invoice_number: z.string().nullable(),
  amount: moneyStringSchema,
  wallet_applied: moneyStringSchema,
  /** 24 hours after the request; null when paid from the wallet. */
  expires_at: timestamp.nullable(),
  message: z.string(),
});

export const wallet = z
  .strictObject({
    customer_id: objectId,
    balance: moneyStringSchema,
    currency: z.string(),
    /** The 20 most recent, newest first. */
    transactions: z.array(
      z.strictObject({
        id: objectId,
        amount: signedMoney,
        kind: z.enum(['credit', 'debit', 'refund']),
        reason: z.string().nullable(),
        reference: z.string().nullable(),
        balance_after: moneyStringSchema,
        created_at: timestamp,
      }),
    ),
  })
  .meta({ id: 'Wallet' });

// The customer's payment history.
export const PAYMENT_STATUSES = [
  'PENDING',
  'PROCESSING',
  'COMPLETED',
  'FAILED',
  'CANCELLED',
  'REFUNDED',
] as const;
export const customerPaymentsQuery = pageQuerySchema({ defaultSize: 20 }).extend({
  status: z.enum(PAYMENT_STATUSES).optional(),
  type: z.enum(['appointment', 'package']).optional(),
});
/** One payment of the customer: what it paid for, how, its invoice, and what was given back. */
export const customerPayment = z
  .strictObject({
    id: objectId,
    type: z.enum(['appointment', 'package']),
    appointment_id: objectId.nullable(),
    customer_package_id: objectId.nullable(),
    status: z.enum(PAYMENT_STATUSES),
    /** What this payment took (at the provider, at the counter or from the wallet). */
    amount: moneyStringSchema,
    /** The wallet balance applied with a provider payment. */
    wallet_applied: moneyStringSchema,
    currency: z.string(),
    method: z.string(),
    provider: z.enum(['manual', 'gateway', 'wallet']),
    invoice_number: z.string().nullable(),
    /** The provider's page of a payment still waiting, or of its paid invoice. */
    invoice_url: z.string().nullable(),
    /** The invoice as a PDF (a public link with the invoice's own secret); null for a payment without invoice. */
    invoice_pdf_url: z.string().nullable(),
    receipt_number: z.string().nullable(),
    /** What was given back: what it paid with its wallet part, less a late-cancellation fee kept; null: nothing. */
    refunded_amount: moneyStringSchema.nullable(),
    created_at: timestamp,
    paid_at: timestamp.nullable(),
  })
  .meta({ id: 'CustomerPayment' });
export const customerPaymentPage = pagedSchema(customerPayment);

// The merchant statement (the salon's money over a period, from the ledger).
export const statementQuery = z
  .object({ from: dateField, to: dateField })
  .refine((query) => query.from <= query.to, { error: 'from must not be after to', path: ['to'] })
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) <= 366 * 86_400_000, {
    error: 'A statement covers at most 366 days',
    path: ['to'],
  });
export const merchantStatement = z.strictObject({
  tenant_id: objectId,
  /** Days in UTC, both included. */
  period: z.strictObject({ from: z.string(), to: z.string() }),
  /** null when nothing was recorded in the period. */
  currency: z.string().nullable(),
  /** Payments the salon took through the platform: their base (what the services cost) and the platform's fee. */
  payments: z.strictObject({ count: z.int(), gross: moneyStringSchema, platform_fees: moneyStringSchema }),
  /** Refunds recorded in the period: the base and fee given back (a late-cancellation fee kept is not). */
  refunds: z.strictObject({ count: z.int(), amount: moneyStringSchema, platform_fees: moneyStringSchema }),
  /**
   * Deposits kept as fees (a no-show, a cancellation inside cancellation_hours) in the period: their base. Already
   * in `payments` (the deposit was paid): not added to what is owed again.
   */
  deposits_kept: z.strictObject({ count: z.int(), amount: moneyStringSchema }),
  /** What the platform owes the salon for the period: payments' base less fees, less what refunds took back. */
  owed_to_merchant: signedMoney,
});

export const walletCreditBody = z.object({
  amount: amountField({ positive: true }),
  reason: z.string().min(1).max(500),
});
export const walletCredited = z.strictObject({
  customer_id: objectId,
  balance: moneyStringSchema,
  currency: z.string(),
  credited: moneyStringSchema,
});

// The payment provider's invoice callback.
export const invoiceCallbackBody = z.object({
  id: z.string().min(1),
  external_id: z.string().min(1),
  status: z.enum(['PAID', 'SETTLED', 'EXPIRED']),
  amount: z.number().nonnegative(),
  paid_amount: z.number().optional(),
  payment_method: z.string().optional(),
  payment_channel: z.string().optional(),
  paid_at: z.string().optional(),
  currency: z.string().optional(),
});
/**
 * accepted: stored now and applied after the answer; duplicate: this provider invoice and status were stored
 * before. What applying it did (processed, duplicate, ignored, failed) is kept on the stored row.
 */
export const invoiceCallbackAck = z.strictObject({ status: z.enum(['accepted', 'duplicate']) });

export const packagesExpired = z.strictObject({ expired: z.int() });

/** The invoice expiry sweep: invoices expired by this run, and the wallet money their expiry gave back. */
export const invoicesExpired = z.strictObject({ expired: z.int(), wallet_returned: moneyStringSchema });

export const ledgerCheck = z.strictObject({
  checked_at: timestamp,
  discrepancies: z.array(
    z.strictObject({ check: z.string(), tenant_id: z.string(), entity_id: z.string(), detail: z.string() }),
  ),
});

/** POST /customer-packages/{customer_package_id}/cancel: why (optional; kept in the audit and the refund's reason). */
export const cancelPackageBody = z.strictObject({ reason: z.string().trim().min(1).max(500).nullish() });

/**
 * A cancelled customer package: its unused credits voided, and its completed payment's refund (pro rata: the
 * unused credits' share of what was paid), null when nothing had been paid.
 */
export const packageCancelled = z.strictObject({
  customer_package_id: z.string(),
  status: z.literal('cancelled'),
  credits_voided: z.int(),
  refund: z
    .strictObject({
      payment_id: z.string(),
      amount: moneyStringSchema,
      kept: moneyStringSchema,
      currency: z.string(),
      refunded_to: z.enum(['wallet', 'outside', 'none']),
    })
    .nullable(),
});
