import { z } from 'zod';
import { SERVICE_STATUSES } from '@salon/contracts';
import { amountField, currencyField, objectId } from '@salon/service-kit';

/** An ISO 8601 instant with Z or an offset, stored and shown in UTC. */
export const instantField = z.iso
  .datetime({ offset: true })
  .transform((value) => new Date(value).toISOString());

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

const pricingShape = {
  base_price: amountField(),
  currency: currencyField,
  outlet_prices: outletPricesField,
  promotional_price: amountField().nullable(),
  promotional_valid_until: instantField.nullable(),
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
