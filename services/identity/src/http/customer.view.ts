import type { CustomerRecord } from '../db/customer.repository';
import { membershipTier } from '../domain/customer-rules';
import type { ConsentUpdate } from '../domain/update-consent';

/** The spec's Customer (staff view). */
export const staffCustomerView = (customer: CustomerRecord) => ({
  id: customer.id,
  tenant_id: customer.tenant_id,
  email: customer.email,
  phone: customer.phone,
  first_name: customer.first_name,
  last_name: customer.last_name,
  full_name: [customer.first_name, customer.last_name].filter(Boolean).join(' '),
  date_of_birth: customer.date_of_birth,
  gender: customer.gender,
  address: customer.address,
  avatar_url: customer.avatar_url,
  tags: customer.tags,
  has_password: customer.password_hash !== null,
  email_verified: customer.email_verified,
  phone_verified: customer.phone_verified,
  is_active: customer.is_active,
  is_deleted: customer.is_deleted,
  preferences: {
    preferred_services: customer.preferences.preferred_services,
    preferred_staff: customer.preferences.preferred_staff_ids,
    preferred_outlets: customer.preferences.preferred_outlet_ids,
    communication_channels: {
      sms: customer.preferences.communication.sms,
      email: customer.preferences.communication.email,
      push: customer.preferences.communication.push,
    },
    marketing_consent: customer.preferences.marketing_consent,
    language: customer.preferences.language,
    accessibility_needs: customer.preferences.accessibility_needs,
  },
  loyalty_points: customer.loyalty_points,
  membership_tier: membershipTier(customer.loyalty_points),
  total_spent: customer.total_spent,
  total_appointments: customer.total_appointments,
  last_appointment_date: customer.last_appointment_date,
  created_at: customer.created_at,
  updated_at: customer.updated_at,
});

/** The spec's Customer profile (self view). */
export const profileView = (customer: CustomerRecord) => ({
  id: customer.id,
  email: customer.email,
  first_name: customer.first_name,
  last_name: customer.last_name,
  phone: customer.phone,
  date_of_birth: customer.date_of_birth,
  gender: customer.gender,
  email_verified: customer.email_verified,
  phone_verified: customer.phone_verified,
  preferences: {
    preferred_outlet_id: customer.preferences.preferred_outlet_ids[0] ?? null,
    preferred_staff_ids: customer.preferences.preferred_staff_ids,
    preferred_services: customer.preferences.preferred_services,
    communication_preferences: customer.preferences.communication,
    marketing_consent: customer.preferences.marketing_consent,
    language: customer.preferences.language,
    timezone: customer.preferences.timezone,
  },
  loyalty_points: customer.loyalty_points,
  membership_tier: membershipTier(customer.loyalty_points),
  total_appointments: customer.total_appointments,
  last_appointment_date: customer.last_appointment_date,
  created_at: customer.created_at,
});

/** The spec's Customer preferences (self). */
export const preferencesView = ({ preferences }: CustomerRecord) => ({
  preferred_outlet_id: preferences.preferred_outlet_ids[0] ?? null,
  preferred_staff_ids: preferences.preferred_staff_ids,
  preferred_services: preferences.preferred_services,
  communication_preferences: preferences.communication,
  marketing_consent: preferences.marketing_consent,
  data_processing_consent: preferences.data_processing_consent,
  analytics_consent: preferences.analytics_consent,
  language: preferences.language,
  timezone: preferences.timezone,
  notification_settings: preferences.notification_settings,
  notes: preferences.notes,
});

/** The spec's answer to a consent change. */
export const consentView = ({ preferences, at }: ConsentUpdate) => ({
  marketing_consent: preferences.marketing_consent,
  data_processing_consent: preferences.data_processing_consent,
  analytics_consent: preferences.analytics_consent,
  communication_preferences: preferences.communication,
  last_updated: at,
  message: 'Consent preferences updated',
});
