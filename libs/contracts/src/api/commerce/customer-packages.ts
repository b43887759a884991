import { z } from 'zod';
import { moneyStringSchema } from '../../events/catalog';
import { boolQuery, objectId, pageQuerySchema, pagedSchema, returnUrl } from '../../http';
import { amountField } from '../../money-fields';
import { packageDetails } from './packages';
import { CUSTOMER_PACKAGE_FIELDS, described } from '../spec-fields';

const timestamp = z.iso.datetime({ offset: true });
const notes = z.string().max(500).nullable().optional();

export const CUSTOMER_PACKAGE_STATUSES = [
  'pending_payment',
  'active',
  'partially_used',
  'depleted',
  'expired',
  'cancelled',
] as const;
/** The statuses a customer may filter their own packages by. */
export const CUSTOMER_STATUS_FILTERS = ['active', 'depleted', 'expired', 'pending_payment'] as const;
const PAYMENT_METHODS = ['gateway_digital', 'bank_transfer', 'pay_on_visit', 'manual_onspot'] as const;

// Staff side.
export const sellPackageBody = z.object({
  customer_id: objectId,
  package_id: objectId,
  outlet_id: objectId,
  payment_method: z.enum(['manual_onspot', 'gateway_digital', 'bank_transfer']).default('manual_onspot'),
  amount_paid: amountField({ positive: true }),
  currency: z.string().length(3).toUpperCase().default('IDR'),
  notes,
});
export const staffCustomerPackagesQuery = pageQuerySchema({ defaultSize: 20 }).extend({
  customer_id: objectId.optional(),
  status_filter: z
    .enum(['pending_payment', 'active', 'partially_used', 'depleted', 'expired', 'cancelled'])
    .optional(),
  include_details: boolQuery.default(false),
});
export const creditsQuery = z.object({
  service_id: objectId.optional(),
  include_used: boolQuery.default(false),
  include_expired: boolQuery.default(false),
});
export const redeemBody = z.object({
  customer_id: objectId,
  service_id: objectId,
  quantity: z.int().min(1).max(100).default(1),
  appointment_id: objectId.nullable().optional(),
  notes,
});

// Customer side.
export const browseQuery = pageQuerySchema({ defaultSize: 10 }).extend({ outlet_id: objectId.optional() });
export const purchaseBody = z.object({
  package_id: objectId,
  outlet_id: objectId,
  payment_method: z.enum(['gateway_digital', 'bank_transfer', 'pay_on_visit']).default('gateway_digital'),
  send_email: z.boolean().default(true),
  send_whatsapp: z.boolean().default(false),
  send_sms: z.boolean().default(false),
  notes,
  /** Where the provider's hosted page sends the customer back after paying (gateway_digital). */
  return_url: returnUrl.optional(),
});
export const customerPackagesQuery = pageQuerySchema({ defaultSize: 10 }).extend({
  status: z.enum(CUSTOMER_STATUS_FILTERS).optional(),
  include_details: boolQuery.default(false),
});

/** A credit record (GET …/credits). */
export const creditRecord = z
  .strictObject({
    id: objectId,
    tenant_id: objectId,
    customer_id: objectId.nullable(),
    customer_package_id: objectId,
    service_id: objectId,
    service_name: z.string(),
    allocated_credits: z.int(),
    used_credits: z.int(),
    remaining_credits: z.int(),
    expires_at: timestamp.nullable(),
    is_expired: z.boolean(),
    created_at: timestamp,
  })
  .meta({ id: 'CreditRecord' });
export const creditRecords = z.array(creditRecord);

/** The customer's usable credits per service, the service whose credits expire first first. */
export const availableCredits = z.strictObject({
  services: z.array(
    z.strictObject({
      service_id: objectId,
      service_name: z.string(),
      remaining_credits: z.int(),
      /** When the first of these credits expires (null: none expires). */
      next_expiry: timestamp.nullable(),
      /** Where they come from, in the order they are used (soonest expiry first). */
      credits: z.array(
        z.strictObject({
          credit_id: objectId,
          customer_package_id: objectId,
          remaining_credits: z.int(),
          expires_at: timestamp.nullable(),
        }),
      ),
    }),
  ),
  total_remaining_credits: z.int(),
});

/** The spec's Customer package; package_details and credits_details when details are asked for. */
export const customerPackage = z
  .strictObject(
    described(
      {
        id: objectId,
        tenant_id: objectId,
        /** null once the customer's data was erased. */
        customer_id: objectId.nullable(),
        package_id: objectId,
        outlet_id: objectId,
        package_name: z.string(),
        payment_method: z.enum(PAYMENT_METHODS),
        payment_status: z.enum(['pending', 'paid', 'failed', 'refunded']),
        payment_id: objectId.nullable(),
        gateway_payment_url: z.string().nullable(),
        amount_paid: moneyStringSchema,
        package_price: moneyStringSchema,
        currency: z.string(),
        validity_days: z.int().nullable(),
        purchased_at: timestamp,
        expires_at: timestamp.nullable(),
        payment_confirmed_at: timestamp.nullable(),
        status: z.enum(CUSTOMER_PACKAGE_STATUSES),
        total_credits: z.int(),
        used_credits: z.int(),
        remaining_credits: z.int(),
        expired_credits: z.int(),
        notes: z.string().nullable(),
        package_details: packageDetails.nullable(),
        credits_details: z
          .array(
            creditRecord
              .omit({ tenant_id: true, allocated_credits: true })
              .extend({ total_credits: z.int() }),
          )
          .nullable(),
        days_until_expiry: z.int().nullable(),
        is_expiring_soon: z.boolean(),
      },
      CUSTOMER_PACKAGE_FIELDS,
    ),
  )
  .meta({ id: 'CustomerPackage' });
export const customerPackagePage = pagedSchema(customerPackage);

export const redeemResult = z.strictObject({
  redeemed: z.array(
    z.strictObject({
      credit_id: objectId,
      customer_package_id: objectId,
      quantity: z.int(),
      remaining_credits: z.int(),
    }),
  ),
  total_redeemed: z.int(),
  remaining_credits_for_service: z.int(),
});

/** Staff view of a customer's packages; expiring_soon counts credits expiring within 30 days. */
export const staffPackageSummary = z.strictObject({
  total_packages: z.int(),
  active_packages: z.int(),
  total_credits: z.int(),
  used_credits: z.int(),
  remaining_credits: z.int(),
  expired_credits: z.int(),
  expiring_soon: z.int(),
});

export const customerPackageSummary = z.strictObject({
  total_packages: z.int(),
  active_packages: z.int(),
  pending_payment_packages: z.int(),
  credits_summary: z.strictObject({
    total_credits: z.int(),
    used_credits: z.int(),
    remaining_credits: z.int(),
    expired_credits: z.int(),
  }),
  /** Within 7 days, soonest first. */
  expiring_soon: z.strictObject({
    count: z.int(),
    packages: z.array(
      z.strictObject({
        id: objectId,
        package_name: z.string(),
        remaining_credits: z.int(),
        expires_at: timestamp.nullable(),
        days_until_expiry: z.int().nullable(),
      }),
    ),
  }),
  pending_payments: z.strictObject({
    count: z.int(),
    total_amount: moneyStringSchema,
    currency: z.string(),
    packages: z.array(
      z.strictObject({
        id: objectId,
        package_name: z.string(),
        amount: moneyStringSchema,
        payment_url: z.string().nullable(),
      }),
    ),
  }),
  recent_usage: z.strictObject({ credits_used_this_month: z.int(), last_used_at: timestamp.nullable() }),
});

const purchasedPackage = z.strictObject({
  id: objectId,
  package_id: objectId,
  package_name: z.string(),
  amount: moneyStringSchema,
  currency: z.string(),
  payment_method: z.enum(PAYMENT_METHODS),
  payment_status: z.literal('pending'),
  status: z.literal('pending_payment'),
  validity_days: z.int().nullable(),
});

/** gateway_digital: the invoice and its link; bank_transfer and pay_on_visit: payment instructions. */
export const purchaseResult = z.union([
  z.strictObject({
    status: z.literal('payment_link_created'),
    message: z.string(),
    customer_package: purchasedPackage,
    invoice: z.strictObject({
      id: objectId,
      invoice_number: z.string(),
      amount: moneyStringSchema,
      due_date: timestamp,
      payment_url: z.string(),
    }),
    delivery_methods: z.array(z.string()),
  }),
  z.strictObject({
    status: z.literal('pending_payment'),
    message: z.string(),
    customer_package: purchasedPackage,
    payment_instructions: z.strictObject({
      method: z.enum(['bank_transfer', 'pay_on_visit']),
      message: z.string(),
      purchase_id: objectId,
      amount: moneyStringSchema,
      currency: z.string(),
    }),
  }),
]);
