import type {
  AppointmentSnapshot,
  CustomerPreferences,
  CustomerRegisteredV1,
  OutletUpsertedV1,
  ServiceUpsertedV1,
  TenantRegisteredV1,
  TenantSettings,
  TenantUpdatedV1,
} from '@salon/contracts';
import { newId } from '@salon/service-kit';

/**
 * Contract fixtures: valid event payloads with sensible defaults, shared by every service's tests so each
 * does not keep its own copy of the contracts' shapes. Tests override only what they assert on.
 */
export function tenantSettingsFixture(overrides: Partial<TenantSettings> = {}): TenantSettings {
  return {
    timezone: 'Asia/Jakarta',
    currency: 'IDR',
    language: 'id',
    business_type: 'salon',
    staff_position_templates: [],
    service_category_templates: [],
    booking_advance_days: 30,
    cancellation_hours: 24,
    deposit_hold_minutes: 30,
    payments_enabled: true,
    late_cancellation_fee_percent: 0,
    waitlist_hold_minutes: 15,
    wallet_enabled: false,
    loyalty_points_enabled: false,
    ...overrides,
  };
}

/** `identity.tenant.updated.v1` data for a tenant named Glow. */
export function tenantUpdatedFixture(
  tenantId: string,
  version: number,
  settings: Partial<TenantSettings> = {},
  overrides: Partial<TenantUpdatedV1> = {},
): TenantUpdatedV1 {
  return {
    tenant_id: tenantId,
    name: 'Glow',
    slug: `glow-${tenantId}`,
    email: 'owner@glow.example',
    phone: null,
    description: null,
    website: null,
    is_active: true,
    settings: tenantSettingsFixture(settings),
    updated_at: new Date().toISOString(),
    version,
    ...overrides,
  };
}

/** `catalog.service.upserted.v1` data: an active single-booking haircut priced in IDR. */
export function serviceUpsertedFixture(
  tenantId: string,
  overrides: Partial<ServiceUpsertedV1> = {},
): ServiceUpsertedV1 {
  const now = new Date().toISOString();
  return {
    service_id: newId(),
    tenant_id: tenantId,
    name: 'Haircut',
    slug: `haircut-${newId()}`,
    description: null,
    category: 'hair_cut',
    duration_minutes: 60,
    preparation_minutes: 0,
    cleanup_minutes: 0,
    max_advance_booking_days: 90,
    min_advance_booking_hours: 1,
    requires_staff: true,
    required_staff_count: 1,
    allow_parallel_bookings: false,
    max_parallel_bookings: 1,
    pricing: {
      base_price: '150000.00',
      currency: 'IDR',
      outlet_prices: {},
      promotional_price: null,
      promotional_valid_until: null,
      deposit: null,
    },
    tags: [],
    image_url: null,
    is_active: true,
    status: 'active',
    created_at: now,
    updated_at: now,
    version: 1,
    ...overrides,
  };
}

/** A pending 45-minute haircut (100,000 IDR) on 2030-01-10 in Asia/Jakarta, as scheduling's events carry it. */
export function appointmentSnapshotFixture(
  overrides: Partial<AppointmentSnapshot> & Pick<AppointmentSnapshot, 'tenant_id' | 'customer_id'>,
): AppointmentSnapshot {
  const now = new Date().toISOString();
  return {
    appointment_id: newId(),
    outlet_id: newId(),
    customer_name: 'Ana Putri',
    customer_email: 'ana@example.com',
    customer_phone: null,
    status: 'pending',
    appointment_date: '2030-01-10',
    start_time: '10:00:00',
    end_time: '10:45:00',
    timezone: 'Asia/Jakarta',
    starts_at: '2030-01-10T03:00:00.000Z',
    ends_at: '2030-01-10T03:45:00.000Z',
    services: [
      {
        service_id: newId(),
        service_name: 'Haircut',
        staff_id: newId(),
        staff_name: 'Budi',
        start_time: '10:00:00',
        end_time: '10:45:00',
        duration_minutes: 45,
        price: '100000.00',
        currency: 'IDR',
        price_source: 'base_price',
      },
    ],
    total_price: '100000.00',
    currency: 'IDR',
    deposit_amount: '0.00',
    deposit_due_at: null,
    booked_by: 'customer',
    created_at: now,
    updated_at: now,
    version: 1,
    ...overrides,
  };
}

/** `identity.tenant.registered.v1` data for a tenant named Glow, registered now. */
export function tenantRegisteredFixture(
  tenantId: string,
  overrides: Partial<TenantRegisteredV1> = {},
): TenantRegisteredV1 {
  return {
    tenant_id: tenantId,
    name: 'Glow',
    slug: `glow-${tenantId}`,
    email: 'owner@glow.example',
    phone: null,
    is_active: true,
    settings: tenantSettingsFixture(),
    subscription_id: newId(),
    client_partner_id: 'partner',
    client_partner_number: 'CP-0000000001',
    admin_user_id: newId(),
    admin_email: 'admin@glow.example',
    created_at: new Date().toISOString(),
    version: 1,
    ...overrides,
  };
}

/** `identity.outlet.upserted.v1` data: an active outlet "Main" in Asia/Jakarta, version 1. */
export function outletUpsertedFixture(
  tenantId: string,
  overrides: Partial<OutletUpsertedV1> = {},
): OutletUpsertedV1 {
  return {
    outlet_id: newId(),
    tenant_id: tenantId,
    name: 'Main',
    slug: 'main',
    address: null,
    phone: null,
    timezone: 'Asia/Jakarta',
    business_hours: {},
    is_active: true,
    updated_at: new Date().toISOString(),
    version: 1,
    ...overrides,
  };
}

/** A customer's preferences: e-mail and push on, data processing consented, English in Asia/Jakarta. */
export function customerPreferencesFixture(
  overrides: Partial<CustomerPreferences> = {},
): CustomerPreferences {
  return {
    preferred_outlet_ids: [],
    preferred_staff_ids: [],
    preferred_services: [],
    communication: { email: true, sms: false, push: true, whatsapp: false },
    marketing_consent: false,
    data_processing_consent: true,
    analytics_consent: false,
    language: 'en',
    timezone: 'Asia/Jakarta',
    notification_settings: {
      booking_reminders: true,
      promotional_offers: false,
      appointment_updates: true,
      loyalty_updates: false,
    },
    notes: null,
    accessibility_needs: null,
    ...overrides,
  };
}

/** `identity.customer.registered.v1` data: Ani Wijaya, self-registered, with no verification codes. */
export function customerRegisteredFixture(
  tenantId: string,
  overrides: Partial<CustomerRegisteredV1> = {},
): CustomerRegisteredV1 {
  return {
    customer_id: newId(),
    tenant_id: tenantId,
    email: 'ani@example.com',
    phone: '+628123456789',
    first_name: 'Ani',
    last_name: 'Wijaya',
    source: 'self_registration',
    has_password: true,
    tags: [],
    preferences: customerPreferencesFixture(),
    verification: { email: null, phone: null },
    created_at: new Date().toISOString(),
    version: 1,
    ...overrides,
  };
}
