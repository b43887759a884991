import { z } from 'zod';
import { objectIdSchema } from '../envelope';

const timestamp = z.string().datetime({ offset: true });

/** Money on the wire: a non-negative decimal string with exactly two decimals ("150000.00"). */
export const moneyStringSchema = z.string().regex(/^\d+\.\d{2}$/, 'must be a decimal string with 2 decimals');

export const SERVICE_STATUSES = ['active', 'inactive', 'archived'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

export const DEPOSIT_TYPES = ['fixed', 'percentage'] as const;

/**
 * The deposit a booking of the service must pay (issue 22 item 1): a fixed amount (capped at the line's
 * price) or a percentage of the line's price; null means none. `depositOf` computes it.
 */
export const serviceDepositSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('fixed'), value: moneyStringSchema }),
  z.object({ type: z.literal('percentage'), value: z.number().gt(0).max(100) }),
]);
export type ServiceDeposit = z.infer<typeof serviceDepositSchema>;

/** A service's pricing as the spec's ServicePricing; apply `resolvePrice` to it, never read it by hand. */
export const servicePricingSchema = z.object({
  base_price: moneyStringSchema,
  currency: z.string().length(3),
  outlet_prices: z.record(objectIdSchema, moneyStringSchema),
  promotional_price: moneyStringSchema.nullable(),
  promotional_valid_until: timestamp.nullable(),
  /** Null or absent (producers before deposits existed): no deposit. */
  deposit: serviceDepositSchema.nullish(),
});
export type ServicePricingV1 = z.infer<typeof servicePricingSchema>;

/**
 * The service's full state after creation or any change (pricing, durations, buffers, capacity, status);
 * `version` grows by one per change, replicas keep the newest. Archiving publishes this too (status
 * archived, is_active false) besides `catalog.service.archived.v1`.
 */
export const serviceUpsertedV1 = z.object({
  service_id: objectIdSchema,
  tenant_id: objectIdSchema,
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  duration_minutes: z.number().int(),
  preparation_minutes: z.number().int(),
  cleanup_minutes: z.number().int(),
  max_advance_booking_days: z.number().int(),
  min_advance_booking_hours: z.number().int(),
  requires_staff: z.boolean(),
  required_staff_count: z.number().int(),
  allow_parallel_bookings: z.boolean(),
  max_parallel_bookings: z.number().int().min(1).max(100),
  pricing: servicePricingSchema,
  tags: z.array(z.string()),
  image_url: z.string().nullable(),
  is_active: z.boolean(),
  status: z.enum(SERVICE_STATUSES),
  created_at: timestamp,
  updated_at: timestamp,
  version: z.number().int().positive(),
});
export type ServiceUpsertedV1 = z.infer<typeof serviceUpsertedV1>;

/** The service was soft-deleted (status archived, is_active false): never bookable again unless restored. */
export const serviceArchivedV1 = z.object({
  service_id: objectIdSchema,
  tenant_id: objectIdSchema,
  archived_at: timestamp,
  version: z.number().int().positive(),
});
export type ServiceArchivedV1 = z.infer<typeof serviceArchivedV1>;
