import { createHash, randomInt } from 'node:crypto';
import type { CustomerPreferences } from '@salon/contracts';

export type MembershipTier = 'basic' | 'silver' | 'gold' | 'platinum';

/** Spec: basic 0 to 99, silver 100 to 499, gold 500 to 999, platinum 1000 and above. */
export function membershipTier(loyaltyPoints: number): MembershipTier {
  if (loyaltyPoints >= 1000) return 'platinum';
  if (loyaltyPoints >= 500) return 'gold';
  if (loyaltyPoints >= 100) return 'silver';
  return 'basic';
}

export const STAFF_CREATED_TAG = 'staff-created';

/** The spec's defaults for a customer's own preferences (self-registration). */
export function selfDefaults(marketingConsent = false): CustomerPreferences {
  return {
    preferred_outlet_ids: [],
    preferred_staff_ids: [],
    preferred_services: [],
    communication: { email: true, sms: false, push: true, whatsapp: false },
    marketing_consent: marketingConsent,
    data_processing_consent: true,
    analytics_consent: false,
    language: 'en',
    timezone: 'UTC',
    notification_settings: {
      booking_reminders: true,
      promotional_offers: false,
      appointment_updates: true,
      loyalty_updates: true,
    },
    notes: null,
    accessibility_needs: null,
  };
}

/** Staff creation: every channel on, language id, marketing consent off unless given. */
export function staffDefaults(): CustomerPreferences {
  return {
    ...selfDefaults(false),
    communication: { email: true, sms: true, push: true, whatsapp: true },
    language: 'id',
  };
}

/** The customer's own change (PUT /customers/preferences): communication preferences merge, the rest replaces. */
export interface SelfPreferencesChange {
  preferred_outlet_id?: string | null;
  preferred_staff_ids?: string[];
  preferred_services?: string[];
  communication_preferences?: Partial<CustomerPreferences['communication']>;
  marketing_consent?: boolean;
  language?: CustomerPreferences['language'];
  timezone?: string;
  notification_settings?: Partial<CustomerPreferences['notification_settings']>;
  notes?: string | null;
}

export function applySelfPreferences(
  current: CustomerPreferences,
  change: SelfPreferencesChange,
): CustomerPreferences {
  const next = { ...current };
  // One preferred outlet in the self view is the first of the stored list; the others stay behind it.
  if (change.preferred_outlet_id !== undefined)
    next.preferred_outlet_ids =
      change.preferred_outlet_id === null
        ? []
        : [
            change.preferred_outlet_id,
            ...current.preferred_outlet_ids.filter((id) => id !== change.preferred_outlet_id),
          ];
  if (change.preferred_staff_ids !== undefined) next.preferred_staff_ids = change.preferred_staff_ids;
  if (change.preferred_services !== undefined) next.preferred_services = change.preferred_services;
  if (change.communication_preferences)
    next.communication = { ...current.communication, ...change.communication_preferences };
  if (change.marketing_consent !== undefined) next.marketing_consent = change.marketing_consent;
  if (change.language !== undefined) next.language = change.language;
  if (change.timezone !== undefined) next.timezone = change.timezone;
  if (change.notification_settings)
    next.notification_settings = { ...current.notification_settings, ...change.notification_settings };
  if (change.notes !== undefined) next.notes = change.notes;
  return next;
}

/** Staff's change (PUT /customers/{id}/preferences and creation), in the staff view's field names. */
export interface StaffPreferencesChange {
  preferred_services?: string[];
  preferred_staff?: string[];
  preferred_outlets?: string[];
  communication_channels?: Partial<Pick<CustomerPreferences['communication'], 'email' | 'sms' | 'push'>>;
  marketing_consent?: boolean;
  language?: 'id' | 'en';
  accessibility_needs?: string | null;
}

export function applyStaffPreferences(
  current: CustomerPreferences,
  change: StaffPreferencesChange,
): CustomerPreferences {
  const next = { ...current };
  if (change.preferred_services !== undefined) next.preferred_services = change.preferred_services;
  if (change.preferred_staff !== undefined) next.preferred_staff_ids = change.preferred_staff;
  if (change.preferred_outlets !== undefined) next.preferred_outlet_ids = change.preferred_outlets;
  if (change.communication_channels)
    next.communication = { ...current.communication, ...change.communication_channels };
  if (change.marketing_consent !== undefined) next.marketing_consent = change.marketing_consent;
  if (change.language !== undefined) next.language = change.language;
  if (change.accessibility_needs !== undefined) next.accessibility_needs = change.accessibility_needs;
  return next;
}

export interface ConsentChange {
  marketing_consent?: boolean;
  data_processing_consent?: boolean;
  analytics_consent?: boolean;
  communication_consent?: Partial<CustomerPreferences['communication']>;
}

/** The new preferences and, for the audit entry, each consent that really changed as `{from, to}`. */
export function applyConsent(
  current: CustomerPreferences,
  change: ConsentChange,
): { preferences: CustomerPreferences; changes: Record<string, { from: boolean; to: boolean }> } {
  const preferences: CustomerPreferences = {
    ...current,
    marketing_consent: change.marketing_consent ?? current.marketing_consent,
    data_processing_consent: change.data_processing_consent ?? current.data_processing_consent,
    analytics_consent: change.analytics_consent ?? current.analytics_consent,
    communication: { ...current.communication, ...change.communication_consent },
  };
  const changes: Record<string, { from: boolean; to: boolean }> = {};
  for (const field of ['marketing_consent', 'data_processing_consent', 'analytics_consent'] as const)
    if (preferences[field] !== current[field])
      changes[field] = { from: current[field], to: preferences[field] };
  for (const channel of ['email', 'sms', 'push', 'whatsapp'] as const)
    if (preferences.communication[channel] !== current.communication[channel])
      changes[`communication_consent.${channel}`] = {
        from: current.communication[channel],
        to: preferences.communication[channel],
      };
  return { preferences, changes };
}

export const EMAIL_CODE_TTL_SECONDS = 24 * 60 * 60;
export const PHONE_CODE_TTL_SECONDS = 15 * 60;
export const MAX_CODE_ATTEMPTS = 5;
/** A new code for a channel at most once a minute (counted from the current code's issue, registration's too). */
export const RESEND_COOLDOWN_SECONDS = 60;

/** A 6-digit code, uniformly random, leading zeros kept. */
export const newVerificationCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Codes are stored as SHA-256 of customer, channel and code, so a row is useless for another customer. */
export const hashVerificationCode = (customerId: string, channel: string, code: string): string =>
  createHash('sha256').update(`${customerId}:${channel}:${code}`).digest('hex');

/** Age between 0 and 120 years on `today` (YYYY-MM-DD); dates in the future are refused. */
export function isReasonableBirthDate(date: string, today = new Date().toISOString().slice(0, 10)): boolean {
  if (date > today) return false;
  const oldest = `${Number(today.slice(0, 4)) - 120}${today.slice(4)}`;
  return date >= oldest;
}
