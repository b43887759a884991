import type { z } from 'zod';

/**
 * The spec's descriptions of its main resources' fields (/work/shared/spec, "Resources and their fields"),
 * worded as its tables' Rules column, so the OpenAPI document shows them on every field. `described` puts them
 * on a zod shape; a field the spec describes but a shape lacks is simply not used.
 */
export function described<S extends z.ZodRawShape>(shape: S, descriptions: Record<string, string>): S {
  return Object.fromEntries(
    Object.entries(shape).map(([name, field]) => [
      name,
      descriptions[name] === undefined ? field : (field as z.ZodType).describe(descriptions[name]),
    ]),
  ) as S;
}

const ID = 'Identifier: 24 lowercase hexadecimal characters; read-only';
const TENANT_ID = "The owning tenant's identifier; comes from the caller's token; read-only";
const CREATED = 'When it was created (ISO 8601 UTC); read-only';
const UPDATED = 'When it last changed (ISO 8601 UTC); read-only';

export const TENANT_FIELDS: Record<string, string> = {
  id: ID,
  name: "The business's name; required on admin creation",
  slug: 'Unique; generated from the name when omitted; duplicates get a numeric suffix; cannot be changed after creation',
  email: "The business's contact e-mail",
  phone: "The business's contact phone",
  description: "The business's description",
  website: 'Website; gets an https:// prefix when the scheme is missing',
  logo_url: "The business's logo: an https:// URL, or null",
  theme_color: "The business's theme colour as #RRGGBB, or null",
  is_active: 'false once the tenant is deactivated',
  subscription_id: "The tenant's subscription",
  client_partner_id: 'Payment-gateway partner UUID, created automatically with the tenant',
  client_partner_number: 'Payment-gateway partner number used for invoices, created automatically',
  subscription: 'The subscription: plan, status, trial_ends_at, current_period_start, current_period_end',
  settings:
    'Tenant settings: timezone (IANA), currency, language, business_type, staff_position_templates, ' +
    'service_category_templates, booking_advance_days, cancellation_hours, wallet_enabled, loyalty_points_enabled, waitlist_hold_minutes',
  created_at: CREATED,
  updated_at: UPDATED,
};

export const SERVICE_FIELDS: Record<string, string> = {
  id: ID,
  tenant_id: TENANT_ID,
  name: 'Required, max 200 characters',
  slug: 'Required, unique within the tenant',
  description: 'Optional',
  category: 'Required; any string; by convention lowercase with underscores, see the category templates',
  duration_minutes: 'Required, 5 to 480; multiples of 5 advised',
  preparation_minutes: 'Minutes blocked before the service; default 0',
  cleanup_minutes: 'Minutes blocked after the service; default 0',
  max_advance_booking_days: 'How many days ahead it can be booked; default 90',
  min_advance_booking_hours: 'How many hours ahead at least it must be booked; default 1',
  requires_staff: 'Whether a staff member performs it; default true',
  required_staff_count: 'Staff members needed at once; default 1',
  allow_parallel_bookings: 'Whether several bookings may share a slot; default false',
  max_parallel_bookings: 'Default 1, range 1 to 100, used only when allow_parallel_bookings is true',
  pricing: 'Required; see ServicePricing',
  tags: 'Searchable tags',
  image_url: 'Optional image address',
  is_active: 'Default true',
  status: 'active, inactive, archived; default active',
  average_rating: 'Read-only; null before the first rating',
  rating_count: 'Read-only',
  created_at: CREATED,
  updated_at: UPDATED,
  price: 'The price resolved now for the outlet asked (server-authoritative)',
};

export const SERVICE_PRICING_FIELDS: Record<string, string> = {
  base_price: 'Required decimal, >= 0',
  currency: 'Exactly 3 characters (ISO 4217); required on creation; schema default USD',
  outlet_prices:
    'Outlet identifier to decimal price; default empty; keys are valid identifiers; values positive',
  promotional_price: 'Decimal >= 0, or null; applies to every outlet until promotional_valid_until',
  promotional_valid_until: 'UTC expiry of the promotional price, or null',
  deposit:
    'Deposit paid when booking, or null (default): {type: fixed, value: positive amount, capped at the price} or {type: percentage, value: above 0 to 100} of the booked price',
};

export const STAFF_MEMBER_FIELDS: Record<string, string> = {
  id: ID,
  tenant_id: TENANT_ID,
  outlet_id: 'Required; the outlet must belong to the tenant',
  first_name: 'Required',
  last_name: 'Required',
  display_name: 'Defaults to the first name',
  email: 'Required, unique within the tenant',
  phone: 'Optional',
  gender: 'male, female, other, prefer_not_to_say',
  position: 'Required; any string (see the position templates)',
  employment_type: 'Required: full_time, part_time, contractor',
  employee_id: "The employer's own identifier, or null",
  hire_date: 'Date (YYYY-MM-DD) or null',
  birth_date: 'Date (YYYY-MM-DD) or null',
  hourly_rate: 'Number or null',
  salary: 'Number or null',
  is_bookable: 'Default true',
  accepts_online_booking: 'Default true',
  max_advance_booking_days: 'Default 30',
  bio: 'String or null',
  profile_image_url: 'String or null',
  instagram_handle: 'String or null',
  skills: 'service_ids (valid tenant services), specialties, certifications, years_experience',
  is_active: 'Read-only here',
  status: 'active, inactive, terminated, on_leave',
  average_rating: 'Read-only; null before the first rating',
  rating_count: 'Read-only',
  total_bookings: 'Read-only',
  next_available_slot: 'Read-only; null when none is known',
  created_at: CREATED,
  updated_at: UPDATED,
};

export const AVAILABILITY_FIELDS: Record<string, string> = {
  id: ID,
  tenant_id: TENANT_ID,
  staff_id: 'The staff member; required on creation',
  outlet_id: "The staff member's outlet; present in responses",
  date: 'Date (YYYY-MM-DD); required on creation',
  start_time: 'Required; HH:MM on input, 5-minute increments, before end_time; returned as HH:MM:SS',
  end_time: 'Required; HH:MM on input, 5-minute increments, after start_time; returned as HH:MM:SS',
  availability_type: 'working_hours, break, blocked, vacation',
  recurrence_type: 'none, daily, weekly, monthly',
  recurrence_end_date: 'Date or null; required when recurrence_type is not none',
  recurrence_days: 'Weekly only; 0=Monday to 6=Sunday; or null',
  is_available: 'Must be true for working_hours and false for break, blocked, vacation',
  notes: 'String or null',
  service_ids:
    'null means all services the staff member is qualified for; a list restricts the slot to those services',
  created_at: CREATED,
  updated_at: UPDATED,
};

export const PACKAGE_FIELDS: Record<string, string> = {
  id: ID,
  tenant_id: TENANT_ID,
  name: 'Required, 3 to 100 characters',
  description: 'Max 500 characters',
  package_items:
    'Required; item count bounded by plan (FREE 3, PRO 10, ENTERPRISE 20); no duplicate services',
  package_price: 'Required decimal; strictly less than the sum of quantity x unit_price',
  currency: 'Default IDR',
  validity_days: '1 to 365; null means credits never expire',
  is_active: 'Default true',
  status: 'active, inactive, archived; default active',
  outlet_ids: 'Tenant outlets; empty means all outlets',
  total_purchased: 'Read-only',
  active_credits_count: 'Read-only; detail and create/update responses',
  total_revenue: 'Read-only decimal',
  total_individual_price: 'Read-only decimal: the sum of quantity x unit_price',
  discount_amount: 'Read-only decimal: total_individual_price minus package_price',
  discount_percentage:
    'Read-only: (total_individual_price - package_price) / total_individual_price x 100, two decimals',
  service_ids: 'List responses only',
  created_at: CREATED,
  updated_at: UPDATED,
};

export const PACKAGE_ITEM_FIELDS: Record<string, string> = {
  service_id: 'Required; an existing active service of the tenant',
  service_name: 'Filled from the catalogue',
  quantity: 'Required, 1 to 100 (credits)',
  unit_price: 'Decimal, filled from the catalogue',
};

export const CUSTOMER_FIELDS: Record<string, string> = {
  id: ID,
  tenant_id: TENANT_ID,
  email: 'Valid e-mail, unique per tenant, stored lowercase',
  phone: 'Unique per tenant; with country code, E.164 recommended',
  first_name: 'Required on staff creation, 1 to 100 characters',
  last_name: 'Optional, 1 to 100 characters',
  full_name: 'Read-only',
  date_of_birth: 'Date, not in the future',
  gender: 'male, female, other',
  address: 'Max 500 characters',
  avatar_url: 'A valid URL',
  tags: 'Tags; a staff-created customer gets the tag staff-created automatically',
  email_verified: 'Read-only',
  is_active: 'false for a soft-deleted customer',
  preferences:
    'preferred_services, preferred_staff, preferred_outlets, communication_channels {sms, email, push}, ' +
    'marketing_consent, language, accessibility_needs',
  loyalty_points: 'System-managed',
  total_spent: 'System-managed',
  total_appointments: 'System-managed',
  created_at: CREATED,
  updated_at: UPDATED,
};

export const CUSTOMER_PACKAGE_FIELDS: Record<string, string> = {
  id: ID,
  tenant_id: TENANT_ID,
  customer_id: 'The customer who owns it',
  package_id: 'The package bought',
  outlet_id: 'The outlet it was sold at',
  package_name: "The package's name",
  payment_method: 'gateway_digital, bank_transfer, pay_on_visit, manual_onspot',
  payment_status: 'pending, paid (also failed, refunded on the payment-status endpoint)',
  payment_id: 'The payment',
  gateway_payment_url: 'When a gateway payment link exists',
  amount_paid: 'Decimal',
  currency: 'ISO 4217 code',
  validity_days: 'Integer or null',
  purchased_at: 'Datetime',
  expires_at: 'Datetime; null when it never expires',
  payment_confirmed_at: 'Datetime',
  status: 'pending_payment, active, partially_used, depleted, expired, cancelled',
  total_credits: 'Integer',
  used_credits: 'Integer',
  remaining_credits: 'Integer',
  expired_credits: 'Integer',
  notes: 'String',
  package_details: 'The full package, when details are requested; else null',
  credits_details: 'Per-service credit rows, when details are requested; else null',
  days_until_expiry: 'Integer or null',
  is_expiring_soon: 'true when expiry is within 7 days',
};
