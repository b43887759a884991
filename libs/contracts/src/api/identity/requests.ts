import { z } from 'zod';
import { boolQuery, intQuery, objectId, pageQuerySchema } from '../../http';
import {
  businessHoursField,
  dateField,
  emailField,
  nameField,
  passwordField,
  phoneField,
  settingsField,
  slugField,
  timezoneField,
} from './fields';

/**
 * Identity's request bodies and queries. Birth dates are plain `dateField`s here: the service adds its
 * "reasonable age" rule (`safeExtend`), which needs no more than the date but lives with its domain rules.
 */

export const STAFF_ROLES = [
  'SUPER_ADMIN',
  'TENANT_ADMIN',
  'OUTLET_MANAGER',
  'STAFF',
  'RECEPTIONIST',
] as const;

const mustBeTrue = (what: string) =>
  z.boolean().refine((value) => value, { error: `${what} must be accepted` });
const refreshToken = z.string().min(1).max(4000);
/** A tenant's logo: an https address (the pages that show it are served over https). */
const logoUrlField = z.url({ protocol: /^https$/, error: 'logo_url must be an https:// URL' }).max(2048);
/** A tenant's theme colour as six hexadecimal digits after `#`, stored as given. */
const themeColorField = z
  .string()
  .regex(/^#[0-9A-Fa-f]{6}$/, { error: 'theme_color must be a colour as #RRGGBB' });
const atLeastOne = (value: object) => Object.values(value).some((field) => field !== undefined);

// ── registration and staff sign-in ──────────────────────────────────────────────────────────────────
export const registerBusinessBody = z.object({
  business_name: nameField(100),
  business_email: emailField,
  business_phone: phoneField,
  business_type: z.string().trim().max(50).optional(),
  description: z.string().trim().max(1000).optional(),
  website: z.string().trim().max(255).optional(),
  admin_first_name: nameField(50),
  admin_last_name: nameField(50),
  admin_email: emailField,
  admin_password: passwordField,
  preferred_slug: slugField.optional(),
  terms_accepted: mustBeTrue('Terms of service'),
  privacy_accepted: mustBeTrue('Privacy policy'),
});

export const staffLoginBody = z.object({ email: emailField, password: z.string().min(1).max(128) });
/**
 * The organisation chosen with the login token of `POST /auth/login`; or, without a login token, the tenant a
 * SUPER_ADMIN (its access token as bearer) acts inside: the answer is a SUPER_ADMIN token scoped to it.
 */
export const completeLoginBody = z.object({
  login_token: z.string().min(1).max(200).optional(),
  tenant_id: objectId,
});
export const refreshBody = z.object({ refresh_token: refreshToken });

// ── tenants ──────────────────────────────────────────────────────────────────────────────────────────
export const createTenantBody = z.object({
  name: nameField(100),
  slug: slugField.optional(),
  email: emailField,
  phone: phoneField,
  description: z.string().trim().max(1000).optional(),
  website: z.string().trim().max(255).optional(),
  logo_url: logoUrlField.nullable().optional(),
  theme_color: themeColorField.nullable().optional(),
  admin_email: emailField,
  admin_password: passwordField,
  admin_first_name: nameField(50),
  admin_last_name: nameField(50),
  settings: settingsField.optional(),
});

export const updateTenantBody = z.object({
  name: nameField(100).optional(),
  email: emailField.optional(),
  phone: phoneField.optional(),
  description: z.string().trim().max(1000).nullable().optional(),
  website: z.string().trim().max(255).nullable().optional(),
  /** null removes the logo or the colour. */
  logo_url: logoUrlField.nullable().optional(),
  theme_color: themeColorField.nullable().optional(),
  settings: settingsField.optional(),
  /** Accepted only to answer "slug cannot be changed" (400) instead of ignoring it. */
  slug: z.unknown().optional(),
});

export const tenantListQuery = z.object({
  skip: intQuery.pipe(z.int().min(0)).default(0),
  limit: intQuery.pipe(z.int().min(1).max(500)).default(100),
  status: z.enum(['active', 'inactive']).optional(),
});

// ── staff users ──────────────────────────────────────────────────────────────────────────────────────
const outletIdsField = z
  .array(objectId)
  .max(100)
  .transform((ids) => [...new Set(ids)]);

export const createUserBody = z.object({
  email: emailField,
  // Required for a new e-mail; ignored for an existing user (its password never changes here).
  password: passwordField.optional(),
  first_name: nameField(50),
  last_name: nameField(50),
  role: z.enum(STAFF_ROLES),
  outlet_ids: outletIdsField.default([]),
  staff_id: objectId.nullable().default(null),
});

export const updateUserBody = z.object({
  role: z.enum(STAFF_ROLES).optional(),
  outlet_ids: outletIdsField.optional(),
  staff_id: objectId.nullable().optional(),
  is_active: z.boolean().optional(),
});

/** SUPER_ADMIN is bound to no tenant and names the one it acts on with `?tenant_id=`. */
export const userTenantQuery = z.object({ tenant_id: objectId.optional() });
export const userListQuery = pageQuerySchema().extend({
  tenant_id: objectId.optional(),
  role: z.enum(STAFF_ROLES).optional(),
  is_active: boolQuery.optional(),
});

// ── outlets ──────────────────────────────────────────────────────────────────────────────────────────
export const createOutletBody = z.object({
  name: nameField(100),
  slug: slugField.optional(),
  address: z.string().trim().max(500).nullable().optional(),
  phone: phoneField.nullable().optional(),
  timezone: timezoneField.optional(),
  business_hours: businessHoursField.optional(),
  is_active: z.boolean().default(true),
});

export const updateOutletBody = z.object({
  name: nameField(100).optional(),
  address: z.string().trim().max(500).nullable().optional(),
  phone: phoneField.nullable().optional(),
  timezone: timezoneField.optional(),
  business_hours: businessHoursField.optional(),
  is_active: z.boolean().optional(),
});

export const outletListQuery = pageQuerySchema().extend({ is_active: boolQuery.optional() });

// ── audit log ────────────────────────────────────────────────────────────────────────────────────────
export const auditLogQuery = pageQuerySchema().extend({
  tenant_id: objectId.optional(),
  action: z
    .string()
    .regex(/^[A-Z_]{1,64}$/, { error: 'Action must be upper-case letters and underscores' })
    .optional(),
  entity_type: z.string().trim().min(1).max(50).optional(),
  entity_id: objectId.optional(),
});

// ── customer authentication ──────────────────────────────────────────────────────────────────────────
// Password complexity is "not shown" for customers: the staff-created customer's rule (8+) applies.
const customerPassword = z.string().min(8, { error: 'Password must be at least 8 characters' }).max(128);

export const customerRegisterBody = z.object({
  email: emailField.optional(),
  phone: phoneField.optional(),
  password: customerPassword,
  first_name: nameField(50),
  last_name: nameField(50),
  tenant_slug: slugField,
  marketing_consent: z.boolean().optional(),
});

export const customerLoginBody = z.object({
  email: emailField.optional(),
  phone: phoneField.optional(),
  password: z.string().min(1).max(128),
  tenant_slug: slugField.optional(),
});

/** POST /customer/auth/logout and POST /auth/logout. */
export const customerLogoutQuery = z.object({ everywhere: boolQuery.default(false) });
export const staffLogoutQuery = customerLogoutQuery;
/** POST /customer/auth/verify-email/resend and verify-phone/resend: no fields (the customer is the token's). */
export const verificationResendBody = z.object({});
export const verificationCodeBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: 'Code must be 6 digits' }),
});

// ── the customer's own account ───────────────────────────────────────────────────────────────────────
const channels = z.object({
  email: z.boolean().optional(),
  sms: z.boolean().optional(),
  push: z.boolean().optional(),
  whatsapp: z.boolean().optional(),
});

export const profileBody = z
  .object({
    first_name: nameField(50).optional(),
    last_name: nameField(50).optional(),
    phone: phoneField.optional(),
    date_of_birth: dateField.optional(),
    gender: z.enum(['male', 'female', 'other', 'prefer_not_to_say']).optional(),
  })
  .refine(atLeastOne, { error: 'At least one field is required' });

export const ownPreferencesBody = z.object({
  preferred_outlet_id: objectId.nullable().optional(),
  preferred_staff_ids: z.array(objectId).max(50).optional(),
  preferred_services: z.array(objectId).max(100).optional(),
  communication_preferences: channels.optional(),
  marketing_consent: z.boolean().optional(),
  language: z.enum(['en', 'id', 'ms']).optional(),
  timezone: timezoneField.optional(),
  notification_settings: z
    .object({
      booking_reminders: z.boolean().optional(),
      promotional_offers: z.boolean().optional(),
      appointment_updates: z.boolean().optional(),
      loyalty_updates: z.boolean().optional(),
    })
    .optional(),
  notes: z.string().trim().max(500).nullable().optional(),
});

export const consentBody = z
  .object({
    marketing_consent: z.boolean().optional(),
    data_processing_consent: z.boolean().optional(),
    analytics_consent: z.boolean().optional(),
    communication_consent: channels.optional(),
  })
  .refine(atLeastOne, { error: 'At least one consent is required' });

// ── customer management by staff ─────────────────────────────────────────────────────────────────────
const tags = z.array(z.string().trim().min(1).max(50)).max(50);
const staffGender = z.enum(['male', 'female', 'other']);

export const staffPreferencesBody = z.object({
  preferred_services: z.array(objectId).max(100).optional(),
  preferred_staff: z.array(objectId).max(50).optional(),
  preferred_outlets: z.array(objectId).max(50).optional(),
  communication_channels: z
    .object({ sms: z.boolean().optional(), email: z.boolean().optional(), push: z.boolean().optional() })
    .optional(),
  marketing_consent: z.boolean().optional(),
  language: z.enum(['id', 'en']).optional(),
  accessibility_needs: z.string().trim().max(500).nullable().optional(),
});

export const createCustomerBody = z.object({
  email: emailField.optional(),
  phone: phoneField.optional(),
  first_name: nameField(100),
  last_name: nameField(100).optional(),
  date_of_birth: dateField.optional(),
  gender: staffGender.optional(),
  address: z.string().trim().max(500).optional(),
  avatar_url: z.url().max(2000).optional(),
  password: z.string().min(8, { error: 'Password must be at least 8 characters' }).max(128).optional(),
  tags: tags.optional(),
  is_active: z.boolean().default(true),
  preferences: staffPreferencesBody.optional(),
});

export const updateCustomerBody = z.object({
  email: emailField.optional(),
  phone: phoneField.optional(),
  first_name: nameField(100).optional(),
  last_name: nameField(100).nullable().optional(),
  date_of_birth: dateField.nullable().optional(),
  gender: staffGender.nullable().optional(),
  address: z.string().trim().max(500).nullable().optional(),
  avatar_url: z.url().max(2000).nullable().optional(),
  tags: tags.optional(),
  is_active: z.boolean().optional(),
});

export const customerListQuery = pageQuerySchema().extend({
  search: z.string().trim().max(100).optional(),
  tags: z.string().max(500).optional(),
  has_password: boolQuery.optional(),
  email_verified: boolQuery.optional(),
  created_from: dateField.optional(),
  created_to: dateField.optional(),
});

/** Accepted for compatibility; e-mail and phone stay unique per tenant either way (409). */
export const createCustomerQuery = z.object({ check_duplicate: boolQuery.default(true) });
export const deleteCustomerQuery = z.object({ permanent: boolQuery.default(false) });

// ── passwords: reset with a code, change while signed in ──────────────────────────────────────────────
const resetCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: 'Code must be 6 digits' });
const currentPassword = z.string().min(1).max(128);

export const staffPasswordForgotBody = z.object({ email: emailField });
/** The new password meets the registration rule (8+ characters, upper and lower case, a digit). */
export const staffPasswordResetBody = z.object({
  email: emailField,
  code: resetCode,
  new_password: passwordField,
});
export const staffPasswordChangeBody = z.object({
  current_password: currentPassword,
  new_password: passwordField,
});

/** One of email or phone names the customer of the business (400 when neither is given, as at login). */
export const customerPasswordForgotBody = z.object({
  tenant_slug: slugField,
  email: emailField.optional(),
  phone: phoneField.optional(),
});
export const customerPasswordResetBody = customerPasswordForgotBody.extend({
  code: resetCode,
  new_password: customerPassword,
});
export const customerPasswordChangeBody = z.object({
  current_password: currentPassword,
  new_password: customerPassword,
});
