/**
 * The plan catalogue of the spec (first document, "Plan catalogue values"), in one place.
 * -1 means unlimited. Package limits, token quotas and channel quotas come from the second document and
 * the issues (package counts FREE 5 / PRO 50 / ENTERPRISE unlimited; SMS quotas are our decision, see
 * docs/decisions.md).
 */
export const PLAN_TYPES = ['FREE', 'PRO', 'ENTERPRISE'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled', 'expired', 'suspended'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const UNLIMITED = -1;

export interface PlanLimits {
  max_outlets: number;
  max_staff_per_outlet: number;
  max_appointments_per_month: number;
  max_services: number;
  max_packages: number;
  max_package_items: number;
  daily_tokens: number;
  monthly_tokens: number;
  email_per_month: number;
  whatsapp_per_month: number;
  sms_per_month: number;
  push_per_month: number;
}

export interface PlanDefinition {
  plan_type: PlanType;
  display_name: string;
  description: string;
  price: { monthly: number; quarterly: number; yearly: number; currency: string };
  limits: PlanLimits;
  /** Platform fee on appointment payments, percent of the base amount. */
  appointment_fee_percent: number;
  features: string[];
}

export const PLAN_CATALOGUE: Record<PlanType, PlanDefinition> = {
  FREE: {
    plan_type: 'FREE',
    display_name: 'Free',
    description: 'For a single outlet getting started with online booking',
    price: { monthly: 0, quarterly: 0, yearly: 0, currency: 'IDR' },
    limits: {
      max_outlets: 1,
      max_staff_per_outlet: 5,
      max_appointments_per_month: 100,
      max_services: 10,
      max_packages: 5,
      max_package_items: 3,
      daily_tokens: 16000,
      monthly_tokens: 480000,
      email_per_month: 100,
      whatsapp_per_month: 50,
      sms_per_month: 50,
      push_per_month: UNLIMITED,
    },
    appointment_fee_percent: 8,
    features: ['online_booking', 'customer_portal', 'packages'],
  },
  PRO: {
    plan_type: 'PRO',
    display_name: 'Pro',
    description: 'For growing businesses with several outlets',
    price: { monthly: 599000, quarterly: 1617300, yearly: 6468000, currency: 'IDR' },
    limits: {
      max_outlets: 10,
      max_staff_per_outlet: 50,
      max_appointments_per_month: 2000,
      max_services: 50,
      max_packages: 50,
      max_package_items: 10,
      daily_tokens: 64000,
      monthly_tokens: 1920000,
      email_per_month: 1000,
      whatsapp_per_month: 500,
      sms_per_month: 500,
      push_per_month: UNLIMITED,
    },
    appointment_fee_percent: 5,
    features: ['online_booking', 'customer_portal', 'packages', 'outlet_pricing', 'custom_categories'],
  },
  ENTERPRISE: {
    plan_type: 'ENTERPRISE',
    display_name: 'Enterprise',
    description: 'For chains with unlimited outlets, staff and bookings',
    price: { monthly: 1499000, quarterly: 4047300, yearly: 16188000, currency: 'IDR' },
    limits: {
      max_outlets: UNLIMITED,
      max_staff_per_outlet: UNLIMITED,
      max_appointments_per_month: UNLIMITED,
      max_services: UNLIMITED,
      max_packages: UNLIMITED,
      max_package_items: 20,
      daily_tokens: 128000,
      monthly_tokens: 3840000,
      email_per_month: UNLIMITED,
      whatsapp_per_month: 5000,
      sms_per_month: 5000,
      push_per_month: UNLIMITED,
    },
    appointment_fee_percent: 3,
    features: [
      'online_booking',
      'customer_portal',
      'packages',
      'outlet_pricing',
      'custom_categories',
      'priority_support',
    ],
  },
};

export function isUnlimited(limit: number): boolean {
  return limit === UNLIMITED;
}
