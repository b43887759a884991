import { z } from 'zod';
import { objectIdSchema as id } from '../envelope';
import { moneyStringSchema } from '../events/catalog';
import { objectId, pageQuerySchema, pagedSchema } from '../http';
import { PRICE_SOURCES } from '../pricing';
import { outlet } from './identity/responses';
import { GENDERS } from './scheduling/fields';

/**
 * The public booking API: what anyone may read of a business by its slug, without a token, to choose and
 * book (issue 18). Each answer carries only what a customer needs; nothing inactive, no status, no counts,
 * no contact or pay of staff. The answers are cacheable (ETag and Cache-Control, docs/decisions.md).
 */

/** `{slug}`: any string; an unknown (or inactive) business is a 404, never a 422. */
export const publicTenantPath = z.object({ slug: z.string().min(1).max(100) });

/** The staff view's outlet without what is internal (tenant, status, timestamps). */
export const publicOutlet = outlet.pick({
  id: true,
  name: true,
  slug: true,
  address: true,
  phone: true,
  timezone: true,
  business_hours: true,
});

/** GET /public/tenants/{slug}: the business and its active outlets. */
export const publicBusiness = z
  .strictObject({
    slug: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    /** The tenant's branding (PUT /tenants/{id}), null when not set. */
    logo_url: z.string().nullable(),
    theme_color: z.string().nullable(),
    currency: z.string().length(3),
    language: z.string(),
    timezone: z.string(),
    outlets: z.array(publicOutlet),
  })
  .meta({ id: 'PublicBusiness' });

/** GET /public/tenants/{slug}/services: `outlet_id` resolves each price for that outlet (base price without). */
export const publicServicesQuery = pageQuerySchema().extend({
  outlet_id: objectId.optional(),
  category: z.string().trim().min(1).max(100).optional(),
  search: z.string().trim().max(200).optional(),
});

export const publicService = z
  .strictObject({
    id,
    name: z.string(),
    slug: z.string(),
    description: z.string().nullable(),
    category: z.string(),
    duration_minutes: z.int(),
    image_url: z.string().nullable(),
    tags: z.array(z.string()),
    /** The price the customer pays at the outlet asked (the server-authoritative rule of GET /services/{id}/price). */
    price: z.strictObject({
      amount: moneyStringSchema,
      currency: z.string().length(3),
      source: z.enum(PRICE_SOURCES),
    }),
  })
  .meta({ id: 'PublicService' });

export const publicCategory = z.strictObject({
  category: z.string(),
  display_name: z.string(),
  description: z.string().nullable(),
});

/** A page of bookable services, with every category that has one (whatever the filters). */
export const publicServicePage = pagedSchema(publicService)
  .extend({ categories: z.array(publicCategory) })
  .strict();

/** GET /public/tenants/{slug}/staff: the outlet is required; `service_id` keeps those who perform it. */
export const publicStaffQuery = z.object({
  outlet_id: objectId,
  service_id: objectId.optional(),
});

/** A bookable staff member as a customer chooses one: never e-mail, phone or pay. */
export const publicStaffMember = z
  .strictObject({
    id,
    display_name: z.string(),
    profile_image_url: z.string().nullable(),
    gender: z.enum(GENDERS).nullable(),
    position: z.string(),
    bio: z.string().nullable(),
  })
  .meta({ id: 'PublicStaffMember' });

export const publicStaffList = z.strictObject({ items: z.array(publicStaffMember) });
