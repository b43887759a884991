import { z } from 'zod';
import { objectIdSchema } from '../envelope';

const timestamp = z.string().datetime({ offset: true });

/** A tenant's settings as the spec lists them (first document, "Tenant settings"). */
export const tenantSettingsSchema = z.object({
  timezone: z.string().min(1),
  currency: z.string().length(3),
  language: z.string().min(2),
  business_type: z.string().nullable(),
  staff_position_templates: z.array(z.string()),
  service_category_templates: z.array(z.string()),
  booking_advance_days: z.number().int(),
  cancellation_hours: z.number().int(),
  wallet_enabled: z.boolean(),
  loyalty_points_enabled: z.boolean(),
  /** Whether the tenant takes online (provider) payments; tenants from before the setting do. */
  payments_enabled: z.boolean().default(true),
  /** The share of a paid appointment kept when it is cancelled inside `cancellation_hours` (0–100). */
  late_cancellation_fee_percent: z.number().min(0).max(100).default(0),
  /** Minutes a booking that owes a deposit waits for it before it is released (issue 22 item 1). */
  deposit_hold_minutes: z.number().int().default(30),
  /** How many minutes a waitlist offer of a freed slot is held for its customer (issue 22 item 2). */
  waitlist_hold_minutes: z.number().int().min(1).default(15),
});
export type TenantSettings = z.infer<typeof tenantSettingsSchema>;

/**
 * A tenant was created (public registration or POST /tenants). Billing creates the FREE subscription under
 * `subscription_id`; services seed their tenant replicas (settings, timezone) from it.
 */
export const tenantRegisteredV1 = z.object({
  tenant_id: objectIdSchema,
  name: z.string(),
  slug: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  is_active: z.boolean(),
  settings: tenantSettingsSchema,
  subscription_id: objectIdSchema,
  client_partner_id: z.string(),
  client_partner_number: z.string(),
  admin_user_id: objectIdSchema,
  admin_email: z.string(),
  created_at: timestamp,
  version: z.number().int().nonnegative(),
});
export type TenantRegisteredV1 = z.infer<typeof tenantRegisteredV1>;

/** The tenant's full state after a change (settings included); replicas keep the newest `version`. */
export const tenantUpdatedV1 = z.object({
  tenant_id: objectIdSchema,
  name: z.string(),
  slug: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  description: z.string().nullable(),
  website: z.string().nullable(),
  is_active: z.boolean(),
  settings: tenantSettingsSchema,
  updated_at: timestamp,
  version: z.number().int().nonnegative(),
});
export type TenantUpdatedV1 = z.infer<typeof tenantUpdatedV1>;

const openingHoursSchema = z.object({ open: z.string(), close: z.string() });

/** An outlet's full state after creation or any change; replicas keep the newest `version`. */
export const outletUpsertedV1 = z.object({
  outlet_id: objectIdSchema,
  tenant_id: objectIdSchema,
  name: z.string(),
  slug: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  timezone: z.string(),
  business_hours: z.record(z.string(), openingHoursSchema.nullable()),
  is_active: z.boolean(),
  updated_at: timestamp,
  version: z.number().int().nonnegative(),
});
export type OutletUpsertedV1 = z.infer<typeof outletUpsertedV1>;

/** A customer's stored preferences and consent; the self and staff views of the spec are both read from it. */
export const customerPreferencesSchema = z.object({
  preferred_outlet_ids: z.array(objectIdSchema),
  preferred_staff_ids: z.array(objectIdSchema),
  preferred_services: z.array(objectIdSchema),
  communication: z.object({ email: z.boolean(), sms: z.boolean(), push: z.boolean(), whatsapp: z.boolean() }),
  marketing_consent: z.boolean(),
  data_processing_consent: z.boolean(),
  analytics_consent: z.boolean(),
  language: z.enum(['en', 'id', 'ms']),
  timezone: z.string(),
  notification_settings: z.object({
    booking_reminders: z.boolean(),
    promotional_offers: z.boolean(),
    appointment_updates: z.boolean(),
    loyalty_updates: z.boolean(),
  }),
  notes: z.string().nullable(),
  accessibility_needs: z.string().nullable(),
});
export type CustomerPreferences = z.infer<typeof customerPreferencesSchema>;

const verificationCodeSchema = z.object({ code: z.string().regex(/^\d{6}$/), expires_at: timestamp });

/**
 * A customer account was created: by the customer (`self_registration`) or by staff (`staff`).
 *
 * `verification` carries the PLAIN 6-digit codes (e-mail valid 24 hours, phone 15 minutes) so that
 * notifications can deliver them; identity stores only their hashes. A code is null when that contact was
 * not given (and always for staff-created customers). Consumers must never log or persist the codes.
 */
export const customerRegisteredV1 = z.object({
  customer_id: objectIdSchema,
  tenant_id: objectIdSchema,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  source: z.enum(['self_registration', 'staff']),
  has_password: z.boolean(),
  tags: z.array(z.string()),
  preferences: customerPreferencesSchema,
  verification: z.object({
    email: verificationCodeSchema.nullable(),
    phone: verificationCodeSchema.nullable(),
  }),
  created_at: timestamp,
  version: z.number().int().nonnegative(),
});
export type CustomerRegisteredV1 = z.infer<typeof customerRegisteredV1>;

/**
 * A new verification code for one of a customer's contacts: asked for again (`resend`) or a changed phone
 * (`phone_changed`). Like the registration's codes, `code` is PLAIN (e-mail valid 24 hours, phone 15
 * minutes) so that notifications can deliver it to `email` or `phone`; identity stores only its hash; the
 * code sent before it no longer works. Consumers must never log or persist the code.
 */
export const customerVerificationRequestedV1 = z.object({
  customer_id: objectIdSchema,
  tenant_id: objectIdSchema,
  channel: z.enum(['email', 'phone']),
  /** The contact the code is for: the e-mail address or the phone number. */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  /** The customer's preferences: the language of the message and the channels the customer accepts. */
  preferences: customerPreferencesSchema,
  reason: z.enum(['resend', 'phone_changed']),
  code: z.string().regex(/^\d{6}$/),
  expires_at: timestamp,
});
export type CustomerVerificationRequestedV1 = z.infer<typeof customerVerificationRequestedV1>;

/** A customer's full state after a change (contact data, verification, preferences and consent, soft delete). */
export const customerUpdatedV1 = z.object({
  customer_id: objectIdSchema,
  tenant_id: objectIdSchema,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  gender: z.string().nullable(),
  tags: z.array(z.string()),
  email_verified: z.boolean(),
  phone_verified: z.boolean(),
  is_active: z.boolean(),
  is_deleted: z.boolean(),
  preferences: customerPreferencesSchema,
  updated_at: timestamp,
  version: z.number().int().nonnegative(),
});
export type CustomerUpdatedV1 = z.infer<typeof customerUpdatedV1>;

/**
 * A customer record was removed from identity: the customer deleted the account (`account_deletion`, a GDPR
 * erasure) or a SUPER_ADMIN deleted it permanently. Each owning service anonymises or deletes its own data.
 */
export const customerDeletedV1 = z.object({
  customer_id: objectIdSchema,
  tenant_id: objectIdSchema,
  reason: z.enum(['account_deletion', 'permanent_delete_by_staff']),
  gdpr_deletion: z.boolean(),
  deleted_at: timestamp,
});
export type CustomerDeletedV1 = z.infer<typeof customerDeletedV1>;

/**
 * Internal pre-check of account deletion, asked by identity of scheduling (future appointments not cancelled
 * or no_show) and of commerce (payments pending or processing), with the X-Internal-Token header:
 * `GET /internal/tenants/{tenant_id}/customers/{customer_id}/deletion-check` → 200 this body.
 * `blocked` true refuses the deletion with `reason` as the 400 detail. Any other answer fails closed (503).
 */
export const customerDeletionCheckPath = (tenantId: string, customerId: string) =>
  `/internal/tenants/${tenantId}/customers/${customerId}/deletion-check`;
export const customerDeletionCheckResponse = z.object({
  blocked: z.boolean(),
  reason: z.string().nullable(),
});
export type CustomerDeletionCheckResponse = z.infer<typeof customerDeletionCheckResponse>;

/**
 * The tenant was deactivated (DELETE /tenants/{id} by a SUPER_ADMIN): billing suspends its subscription, and
 * the suspension reaches every service through `billing.subscription.changed.v1`.
 */
export const tenantDeactivatedV1 = z.object({ tenant_id: objectIdSchema, at: timestamp });
export type TenantDeactivatedV1 = z.infer<typeof tenantDeactivatedV1>;

/** The tenant was reactivated: billing makes its subscription active again. */
export const tenantReactivatedV1 = z.object({ tenant_id: objectIdSchema, at: timestamp });
export type TenantReactivatedV1 = z.infer<typeof tenantReactivatedV1>;

export const STAFF_USER_ROLES = ['TENANT_ADMIN', 'OUTLET_MANAGER', 'STAFF', 'RECEPTIONIST'] as const;

/**
 * A staff user's membership of a tenant after creation or any change (role, outlets, linked staff member,
 * activation, tenant deactivation); replicas keep the newest `version` per (tenant_id, user_id).
 */
export const userUpsertedV1 = z.object({
  tenant_id: objectIdSchema,
  user_id: objectIdSchema,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(STAFF_USER_ROLES),
  outlet_ids: z.array(objectIdSchema),
  staff_id: objectIdSchema.nullable(),
  is_active: z.boolean(),
  version: z.number().int().positive(),
});
export type UserUpsertedV1 = z.infer<typeof userUpsertedV1>;

/** The account a password message is about: a staff user (platform-wide) or a customer of one tenant. */
const passwordAccountFields = {
  account_type: z.enum(['staff', 'customer']),
  account_id: objectIdSchema,
  /** The customer's tenant; null for a staff user (a staff account is not bound to one tenant). */
  tenant_id: objectIdSchema.nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  /** The language of the message (a customer's preference); null: the tenant's, else English. */
  language: z.string().nullable(),
};

/**
 * A password reset was asked for an existing, active account. `code` is the PLAIN 6-digit code (valid 30
 * minutes, single use; identity stores only its hash) for notifications to send on `channel` to the contact
 * the reset was asked with. Consumers must never log or persist the code.
 */
export const passwordResetRequestedV1 = z.object({
  ...passwordAccountFields,
  channel: z.enum(['email', 'phone']),
  code: z.string().regex(/^\d{6}$/),
  expires_at: timestamp,
});
export type PasswordResetRequestedV1 = z.infer<typeof passwordResetRequestedV1>;

/**
 * An account's password was changed: by a reset with a code (`reset`) or by its owner signed in (`change`).
 * Every session of the account has ended; notifications tells the owner ("your password was changed").
 */
export const passwordChangedV1 = z.object({
  ...passwordAccountFields,
  reason: z.enum(['reset', 'change']),
  changed_at: timestamp,
});
export type PasswordChangedV1 = z.infer<typeof passwordChangedV1>;
