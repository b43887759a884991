import { z } from 'zod';
import { moneyStringSchema } from '../../events/catalog';
import { boolQuery, objectId, pageQuerySchema, pagedSchema } from '../../http';
import { amountField } from '../../money-fields';
import { PACKAGE_FIELDS, PACKAGE_ITEM_FIELDS, described } from '../spec-fields';

const timestamp = z.iso.datetime({ offset: true });
const PACKAGE_STATUSES = ['active', 'inactive', 'archived'] as const;

const itemBody = z.object({
  service_id: objectId,
  quantity: z.int().min(1).max(100),
  // Filled from the catalogue: accepted for compatibility, never trusted.
  service_name: z.string().optional(),
  unit_price: z.unknown().optional(),
});
const nameField = z.string().trim().min(3).max(100);
const descriptionField = z.string().max(500).nullable();
const validityField = z.int().min(1).max(365).nullable();

export const createPackageBody = z.object({
  name: nameField,
  description: descriptionField.optional(),
  package_items: z.array(itemBody).min(1),
  package_price: amountField(),
  currency: z.string().length(3).toUpperCase().optional(),
  validity_days: validityField.optional(),
  is_active: z.boolean().optional(),
  status: z.enum(['active', 'inactive']).optional(),
  outlet_ids: z.array(objectId).optional(),
});

export const updatePackageBody = z.object({
  name: nameField.optional(),
  description: descriptionField.optional(),
  package_items: z.array(itemBody).min(1).optional(),
  package_price: amountField().optional(),
  validity_days: validityField.optional(),
  is_active: z.boolean().optional(),
  status: z.enum(PACKAGE_STATUSES).optional(),
  outlet_ids: z.array(objectId).optional(),
});

export const packageListQuery = pageQuerySchema().extend({
  status: z.enum(PACKAGE_STATUSES).optional(),
  is_active: boolQuery.optional(),
  outlet_id: objectId.optional(),
});

export const packageItem = z
  .strictObject(
    described(
      {
        service_id: objectId,
        service_name: z.string(),
        quantity: z.int(),
        unit_price: moneyStringSchema,
      },
      PACKAGE_ITEM_FIELDS,
    ),
  )
  .meta({ id: 'PackageItem' });

/** The spec's Package (detail, create and update answers). */
export const packageSchema = z
  .strictObject(
    described(
      {
        id: objectId,
        tenant_id: objectId,
        name: z.string(),
        description: z.string().nullable(),
        package_items: z.array(packageItem),
        package_price: moneyStringSchema,
        currency: z.string(),
        validity_days: z.int().nullable(),
        is_active: z.boolean(),
        status: z.enum(PACKAGE_STATUSES),
        outlet_ids: z.array(objectId),
        total_purchased: z.int(),
        total_revenue: moneyStringSchema,
        total_individual_price: moneyStringSchema,
        discount_amount: moneyStringSchema,
        discount_percentage: z.number(),
        active_credits_count: z.int().optional(),
        created_at: timestamp,
        updated_at: timestamp,
      },
      PACKAGE_FIELDS,
    ),
  )
  .meta({ id: 'Package' });

/** A customer package's package_details: the package as stored, with its service ids and discount metrics. */
export const packageDetails = packageSchema
  .omit({ active_credits_count: true })
  .extend({ service_ids: z.array(objectId), is_deleted: z.boolean() });

/** List rows: service_ids instead of tenant_id and active_credits_count. */
export const packagePage = pagedSchema(
  packageSchema
    .omit({ tenant_id: true, active_credits_count: true })
    .extend({ service_ids: z.array(objectId) }),
);

export const packageLimits = z.strictObject({
  packages_enabled: z.boolean(),
  /** -1 means unlimited. */
  max_packages: z.int(),
  current_packages: z.int(),
  remaining_packages: z.int(),
  max_package_items: z.int(),
  limit_reached: z.boolean(),
});

/** What a customer may buy: the internal fields are left out. */
export const browsePage = pagedSchema(
  packageSchema.pick({
    id: true,
    name: true,
    description: true,
    package_items: true,
    package_price: true,
    currency: true,
    total_individual_price: true,
    discount_percentage: true,
    validity_days: true,
  }),
);
