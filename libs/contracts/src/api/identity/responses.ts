import { z } from 'zod';
import { objectIdSchema as id } from '../../envelope';
import { tenantSettingsSchema } from '../../events/identity';
import { moneyStringSchema } from '../../events/catalog';
import { pagedSchema } from '../../http';
import { PLAN_TYPES, SUBSCRIPTION_STATUSES } from '../../plans';
import { STAFF_ROLES } from './requests';
import { CUSTOMER_FIELDS, TENANT_FIELDS, described } from '../spec-fields';

/** Identity's response bodies, strict so that a field the service adds without documenting it fails the contract test. */

const timestamp = z.iso.datetime({ offset: true });
const date = z.iso.date();
const role = z.enum(STAFF_ROLES);
const message = z.strictObject({ message: z.string() });
const success = z.strictObject({ success: z.literal(true), message: z.string() });

// ── registration and staff sign-in ──────────────────────────────────────────────────────────────────
export const businessRegistration = z.strictObject({
  registration_id: id,
  tenant_id: id,
  slug: z.string(),
  client_partner_id: z.string(),
  client_partner_number: z.string(),
  status: z.literal('active'),
  message: z.string(),
  next_steps: z.array(z.string()),
});

export const staffTokens = z
  .strictObject({
    access_token: z.string(),
    refresh_token: z.string(),
    token_type: z.literal('bearer'),
    expires_in: z.int(),
    user: z.strictObject({
      id,
      email: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      role,
    }),
    /** null for a SUPER_ADMIN bound to no tenant; the tenant it acts inside when scoped by complete-login. */
    tenant: z.strictObject({ id, name: z.string(), slug: z.string() }).nullable(),
  })
  .meta({ id: 'StaffTokens' });

/** A user of several organisations chooses one with POST /auth/complete-login. */
export const organizationSelection = z.strictObject({
  requires_organization_selection: z.literal(true),
  login_token: z.string(),
  organizations: z.array(z.strictObject({ tenant_id: id, name: z.string(), slug: z.string(), role })),
});

// ── tenants ──────────────────────────────────────────────────────────────────────────────────────────
const tenantSummaryShape = {
  id,
  name: z.string(),
  slug: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  is_active: z.boolean(),
  subscription_id: id,
  client_partner_id: z.string(),
  client_partner_number: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
};
const plan = z.enum(PLAN_TYPES);
const subscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);

export const tenantSummary = z.strictObject(tenantSummaryShape).meta({ id: 'TenantSummary' });

export const tenant = z
  .strictObject(
    described(
      {
        ...tenantSummaryShape,
        description: z.string().nullable(),
        website: z.string().nullable(),
        logo_url: z.string().nullable(),
        theme_color: z.string().nullable(),
        subscription: z.strictObject({
          plan,
          status: subscriptionStatus,
          trial_ends_at: timestamp.nullable(),
          current_period_start: timestamp.nullable(),
          current_period_end: timestamp.nullable(),
        }),
        settings: z.strictObject(tenantSettingsSchema.shape),
      },
      TENANT_FIELDS,
    ),
  )
  .meta({ id: 'Tenant' });

export const tenantListEntry = z.strictObject({
  id,
  name: z.string(),
  slug: z.string(),
  email: z.string(),
  is_active: z.boolean(),
  subscription: z.strictObject({ plan, status: subscriptionStatus }),
  created_at: timestamp,
});

const count = z.int().min(0);
export const tenantStats = z.strictObject({
  outlets: z.strictObject({ total: count, active: count, inactive: count }),
  users: z.strictObject({
    total: count,
    active: count,
    by_role: z.strictObject({
      tenant_admin: count,
      outlet_manager: count,
      staff: count,
      receptionist: count,
    }),
  }),
  customers: z.strictObject({ total: count, active: count, recent_signups: count }),
  appointments: z.strictObject({
    this_month: count,
    this_month_by_status: z.strictObject({
      confirmed: count,
      pending: count,
      completed: count,
      cancelled: count,
      no_show: count,
    }),
  }),
  subscription: z.strictObject({ plan, status: subscriptionStatus, trial_ends_at: timestamp.nullable() }),
  generated_at: timestamp,
  tenant_info: z.strictObject({ id, name: z.string(), slug: z.string(), created_at: timestamp }),
});

// ── staff users, outlets, audit log ──────────────────────────────────────────────────────────────────
export const staffUser = z
  .strictObject({
    id,
    tenant_id: id,
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    role,
    outlet_ids: z.array(id),
    staff_id: id.nullable(),
    is_active: z.boolean(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'User' });

/** Weekday name → opening hours; a day left out or null is closed. */
const businessHours = z.record(
  z.string(),
  z.strictObject({ open: z.string(), close: z.string() }).nullable(),
);

export const outlet = z
  .strictObject({
    id,
    tenant_id: id,
    name: z.string(),
    slug: z.string(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    timezone: z.string(),
    business_hours: businessHours,
    is_active: z.boolean(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Outlet' });

export const auditEntry = z
  .strictObject({
    id,
    tenant_id: id.nullable(),
    actor_type: z.enum(['customer', 'staff', 'system']),
    actor_id: id.nullable(),
    action: z.string(),
    entity_type: z.string(),
    entity_id: id.nullable(),
    details: z.record(z.string(), z.unknown()),
    created_at: timestamp,
  })
  .meta({ id: 'AuditEntry' });

// ── customer authentication ──────────────────────────────────────────────────────────────────────────
export const customerRegistration = z.strictObject({
  customer_id: id,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  tenant_id: id,
  email_verification_required: z.boolean(),
  phone_verification_required: z.boolean(),
  message: z.string(),
});

const customerTokenShape = {
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.int(),
};
export const customerTokens = z.strictObject(customerTokenShape).meta({ id: 'CustomerTokens' });

const loginOutlet = z.strictObject({
  id,
  name: z.string(),
  slug: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  business_hours: businessHours,
});

export const customerLogin = z.strictObject({
  ...customerTokenShape,
  customer: z.strictObject({
    id,
    email: z.string().nullable(),
    first_name: z.string(),
    last_name: z.string().nullable(),
    phone: z.string().nullable(),
    email_verified: z.boolean(),
    phone_verified: z.boolean(),
  }),
  tenant: z.strictObject({
    id,
    name: z.string(),
    slug: z.string(),
    description: z.string().nullable(),
    logo_url: z.string().nullable(),
    theme_color: z.string().nullable(),
  }),
  outlets: z.array(loginOutlet),
  /** The customer's preferred outlet, else the first one; null when the tenant has none. */
  preferred_outlet: loginOutlet.nullable(),
  /** true enabled, false disabled, null when the tenant's payment settings do not say. */
  gateway_id_enabled: z.boolean().nullable(),
});

export const customerLogout = success;
export const staffLogout = success;
/** Password forgot (the same answer for every address), reset and change. */
export const passwordMessage = success;
/** POST /customer/auth/verify-email/resend and verify-phone/resend. */
export const verificationResent = success;

export const contactVerified = z.strictObject({
  success: z.literal(true),
  message: z.string(),
  email_verified: z.boolean(),
  phone_verified: z.boolean(),
});

// ── the customer's own account ───────────────────────────────────────────────────────────────────────
const communication = z.strictObject({
  email: z.boolean(),
  sms: z.boolean(),
  push: z.boolean(),
  whatsapp: z.boolean(),
});
const ownPreferenceShape = {
  preferred_outlet_id: id.nullable(),
  preferred_staff_ids: z.array(id),
  preferred_services: z.array(id),
  communication_preferences: communication,
  marketing_consent: z.boolean(),
};

const membershipTier = z.enum(['basic', 'silver', 'gold', 'platinum']);

export const customerProfile = z
  .strictObject({
    id,
    email: z.string().nullable(),
    first_name: z.string(),
    last_name: z.string().nullable(),
    phone: z.string().nullable(),
    date_of_birth: date.nullable(),
    gender: z.enum(['male', 'female', 'other', 'prefer_not_to_say']).nullable(),
    email_verified: z.boolean(),
    phone_verified: z.boolean(),
    preferences: z.strictObject({ ...ownPreferenceShape, language: z.string(), timezone: z.string() }),
    loyalty_points: z.int(),
    membership_tier: membershipTier,
    total_appointments: z.int(),
    last_appointment_date: date.nullable(),
    created_at: timestamp,
  })
  .meta({ id: 'CustomerProfile' });

export const customerPreferences = z
  .strictObject({
    ...ownPreferenceShape,
    data_processing_consent: z.boolean(),
    analytics_consent: z.boolean(),
    language: z.string(),
    timezone: z.string(),
    notification_settings: z.strictObject({
      booking_reminders: z.boolean(),
      promotional_offers: z.boolean(),
      appointment_updates: z.boolean(),
      loyalty_updates: z.boolean(),
    }),
    notes: z.string().nullable(),
  })
  .meta({ id: 'CustomerPreferences' });

export const consentUpdated = z.strictObject({
  marketing_consent: z.boolean(),
  data_processing_consent: z.boolean(),
  analytics_consent: z.boolean(),
  communication_preferences: communication,
  last_updated: timestamp,
  message: z.string(),
});

export const accountDeleted = success;

// ── customer management by staff ─────────────────────────────────────────────────────────────────────
export const staffCustomer = z
  .strictObject(
    described(
      {
        id,
        tenant_id: id,
        email: z.string().nullable(),
        phone: z.string().nullable(),
        first_name: z.string(),
        last_name: z.string().nullable(),
        full_name: z.string(),
        date_of_birth: date.nullable(),
        gender: z.enum(['male', 'female', 'other', 'prefer_not_to_say']).nullable(),
        address: z.string().nullable(),
        avatar_url: z.string().nullable(),
        tags: z.array(z.string()),
        /** true for a registered customer (portal access), false for a walk-in. */
        has_password: z.boolean(),
        email_verified: z.boolean(),
        phone_verified: z.boolean(),
        is_active: z.boolean(),
        is_deleted: z.boolean(),
        preferences: z.strictObject({
          preferred_services: z.array(id),
          preferred_staff: z.array(id),
          preferred_outlets: z.array(id),
          communication_channels: z.strictObject({ sms: z.boolean(), email: z.boolean(), push: z.boolean() }),
          marketing_consent: z.boolean(),
          language: z.string(),
          accessibility_needs: z.string().nullable(),
        }),
        loyalty_points: z.int(),
        membership_tier: membershipTier,
        total_spent: moneyStringSchema,
        total_appointments: z.int(),
        last_appointment_date: date.nullable(),
        created_at: timestamp,
        updated_at: timestamp,
      },
      CUSTOMER_FIELDS,
    ),
  )
  .meta({ id: 'Customer' });

export const customerDeleted = message;

export const pagedStaffUsers = pagedSchema(staffUser);
export const pagedOutlets = pagedSchema(outlet);
export const pagedAuditEntries = pagedSchema(auditEntry);
export const pagedStaffCustomers = pagedSchema(staffCustomer);
