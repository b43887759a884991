import { z } from 'zod';
import { instantField } from '../date-fields';
import { objectIdSchema as id } from '../envelope';
import {
  SERVICE_STATUSES,
  moneyStringSchema,
  serviceDepositSchema,
  servicePricingSchema,
} from '../events/catalog';
import { boolQuery, intQuery, objectId, pageQuerySchema, pagedSchema } from '../http';
import { amountField, currencyField } from '../money-fields';
import { PRICE_SOURCES } from '../pricing';
import type { OperationSchemaMap } from './operation';
import { publicServicePage, publicServicesQuery } from './public';
import { SERVICE_FIELDS, SERVICE_PRICING_FIELDS, described } from './spec-fields';

// ── requests ─────────────────────────────────────────────────────────────────────────────────────────
/** An ISO 8601 instant with Z or an offset, stored and shown in UTC (the shared instant field). */
export { instantField };

export const outletPricesField = z.record(objectId, amountField({ positive: true }));

export const slugField = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9]+([-_][a-z0-9]+)*$/, {
    error: 'Slug must be lowercase letters and digits separated by hyphens or underscores',
  });

const tagsField = z
  .array(z.string().trim().min(1).max(50))
  .max(30)
  .transform((tags) => [...new Set(tags)]);

/** The Service's writable fields without defaults (PUT takes any subset of them). */
const serviceShape = {
  name: z.string().trim().min(1).max(200),
  slug: slugField,
  description: z.string().max(5000).nullable(),
  category: z.string().trim().min(1).max(100),
  duration_minutes: z.int().min(5).max(480),
  preparation_minutes: z.int().min(0).max(480),
  cleanup_minutes: z.int().min(0).max(480),
  max_advance_booking_days: z.int().min(1).max(365),
  min_advance_booking_hours: z.int().min(0).max(720),
  requires_staff: z.boolean(),
  required_staff_count: z.int().min(1).max(20),
  allow_parallel_bookings: z.boolean(),
  max_parallel_bookings: z.int().min(1).max(100),
  tags: tagsField,
  image_url: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .nullable(),
  is_active: z.boolean(),
  status: z.enum(SERVICE_STATUSES),
};

/** `pricing.deposit`: a fixed positive amount, or a percentage above 0 and at most 100 (two decimals). */
export const depositField = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('fixed'), value: amountField({ positive: true }) }),
  z.strictObject({
    type: z.literal('percentage'),
    value: z
      .number()
      .gt(0)
      .max(100)
      .refine(
        (value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-9,
        'Percentage should have no more than 2 decimal places',
      ),
  }),
]);

const pricingShape = {
  base_price: amountField(),
  currency: currencyField,
  outlet_prices: outletPricesField,
  promotional_price: amountField().nullable(),
  promotional_valid_until: instantField.nullable(),
  deposit: depositField.nullable(),
};

/** POST /services: the spec's defaults applied; currency defaults to the tenant's (then USD). */
export const createServiceBody = z.object({
  ...serviceShape,
  description: serviceShape.description.default(null),
  preparation_minutes: serviceShape.preparation_minutes.default(0),
  cleanup_minutes: serviceShape.cleanup_minutes.default(0),
  max_advance_booking_days: serviceShape.max_advance_booking_days.default(90),
  min_advance_booking_hours: serviceShape.min_advance_booking_hours.default(1),
  requires_staff: serviceShape.requires_staff.default(true),
  required_staff_count: serviceShape.required_staff_count.default(1),
  allow_parallel_bookings: serviceShape.allow_parallel_bookings.default(false),
  max_parallel_bookings: serviceShape.max_parallel_bookings.default(1),
  tags: tagsField.default([]),
  image_url: serviceShape.image_url.default(null),
  is_active: serviceShape.is_active.default(true),
  // A service is created active or inactive; archiving is DELETE.
  status: z.enum(['active', 'inactive']).default('active'),
  pricing: z.object({
    ...pricingShape,
    currency: currencyField.optional(),
    outlet_prices: outletPricesField.default({}),
    promotional_price: pricingShape.promotional_price.default(null),
    promotional_valid_until: pricingShape.promotional_valid_until.default(null),
    deposit: pricingShape.deposit.default(null),
  }),
});

/** PUT /services/{id}: any subset; `pricing` is itself partial and merges into the stored pricing. */
export const updateServiceBody = z
  .object(serviceShape)
  .partial()
  .extend({
    pricing: z.object(pricingShape).partial().optional(),
  });

/** POST /services/{id}/pricing: outlet id → positive price, or null to remove that outlet's price. */
export const outletPricingBody = z.object({
  outlet_prices: z.record(objectId, amountField({ positive: true }).nullable()),
});

const durationQuery = intQuery.pipe(z.int().min(5).max(480));

/** GET /services: customers' `status` is dropped by the service before validation (they see active only). */
export const serviceListQuery = pageQuerySchema().extend({
  category: z.string().trim().min(1).max(100).optional(),
  search: z.string().trim().max(200).optional(),
  /** Every service is listed; the outlet only chooses the price each item's `price` gives. */
  outlet_id: objectId.optional(),
  min_price: amountField().optional(),
  max_price: amountField().optional(),
  min_duration: durationQuery.optional(),
  max_duration: durationQuery.optional(),
  status: z.enum(SERVICE_STATUSES).optional(),
});
export const categoriesQuery = z.object({ active_only: boolQuery.default(true) });
export const priceQuery = z.object({ outlet_id: objectId.optional() });

// ── responses ────────────────────────────────────────────────────────────────────────────────────────
const timestamp = z.iso.datetime({ offset: true });

/** The spec's ServicePricing, as a Service carries it. */
export const servicePricing = z
  .strictObject(
    described(
      { ...servicePricingSchema.shape, deposit: serviceDepositSchema.nullable() },
      SERVICE_PRICING_FIELDS,
    ),
  )
  .meta({ id: 'ServicePricing' });

/** The spec's Service. */
export const service = z
  .strictObject(
    described(
      {
        id,
        tenant_id: id,
        name: z.string(),
        slug: z.string(),
        description: z.string().nullable(),
        category: z.string(),
        duration_minutes: z.int(),
        preparation_minutes: z.int(),
        cleanup_minutes: z.int(),
        max_advance_booking_days: z.int(),
        min_advance_booking_hours: z.int(),
        requires_staff: z.boolean(),
        required_staff_count: z.int(),
        allow_parallel_bookings: z.boolean(),
        max_parallel_bookings: z.int(),
        pricing: servicePricing,
        tags: z.array(z.string()),
        image_url: z.string().nullable(),
        is_active: z.boolean(),
        status: z.enum(SERVICE_STATUSES),
        average_rating: z.number().nullable(),
        rating_count: z.int(),
        created_at: timestamp,
        updated_at: timestamp,
      },
      SERVICE_FIELDS,
    ),
  )
  .meta({ id: 'Service' });

export const serviceCategory = z
  .strictObject({
    category: z.string(),
    display_name: z.string(),
    count: z.int().min(0),
    description: z.string().nullable(),
  })
  .meta({ id: 'ServiceCategory' });

/** GET /services/{id}/price: the server-authoritative price and the rule that chose it. */
export const resolvedPrice = z
  .strictObject({
    amount: moneyStringSchema,
    currency: z.string().length(3),
    source: z.enum(PRICE_SOURCES),
  })
  .meta({ id: 'ResolvedPrice' });

/** A GET /services item: the Service and its price resolved for the `outlet_id` asked (now, by the spec's rules). */
export const serviceListItem = service
  .extend(described({ price: resolvedPrice }, SERVICE_FIELDS))
  .meta({ id: 'ServiceListItem' });

/** The catalog service's HTTP contracts: request schemas its routes validate with, and the OpenAPI entries. */
export const catalogOperations: OperationSchemaMap = {
  'GET /services': { query: serviceListQuery, response: pagedSchema(serviceListItem) },
  'POST /services': { body: createServiceBody, response: service, status: 201, errors: [400, 402, 409] },
  'GET /services/categories': { query: categoriesQuery, response: z.array(serviceCategory) },
  'GET /services/categories/templates': { response: z.array(z.string()) },
  'GET /services/{service_id}': { response: service },
  'PUT /services/{service_id}': { body: updateServiceBody, response: service, errors: [400, 409] },
  'DELETE /services/{service_id}': { status: 204 },
  'POST /services/{service_id}/pricing': { body: outletPricingBody, response: service, errors: [400, 402] },
  'GET /services/{service_id}/price': { query: priceQuery, response: resolvedPrice },
  'GET /public/tenants/{slug}/services': { query: publicServicesQuery, response: publicServicePage },
};
