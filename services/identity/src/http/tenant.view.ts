import type { TenantListRow, TenantRecord } from '../db/tenant.repository';
import type { TenantWithPlan } from '../domain/tenant-access';

/** A tenant as POST /tenants answers it. */
export const tenantSummaryView = (tenant: TenantRecord) => ({
  id: tenant.id,
  name: tenant.name,
  slug: tenant.slug,
  email: tenant.email,
  phone: tenant.phone,
  is_active: tenant.is_active,
  subscription_id: tenant.subscription_id,
  client_partner_id: tenant.client_partner_id,
  client_partner_number: tenant.client_partner_number,
  created_at: tenant.created_at,
  updated_at: tenant.updated_at,
});

/** The spec's Tenant, with its subscription from billing's plan replica. */
export const tenantView = ({ tenant, plan }: TenantWithPlan) => ({
  ...tenantSummaryView(tenant),
  description: tenant.description,
  website: tenant.website,
  logo_url: tenant.logo_url,
  theme_color: tenant.theme_color,
  // Billing's dates, as its plan snapshot brought them to identity's replica.
  subscription: {
    plan: plan.plan,
    status: plan.status,
    trial_ends_at: plan.trialEndsAt,
    current_period_start: plan.currentPeriodStart,
    current_period_end: plan.currentPeriodEnd,
  },
  settings: tenant.settings,
});

/** One tenant of GET /tenants. */
export const tenantListItemView = (row: TenantListRow) => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  email: row.email,
  is_active: row.is_active,
  subscription: { plan: row.plan ?? 'FREE', status: row.plan_status ?? 'active' },
  created_at: row.created_at,
});

/** The answer to a business's public registration. */
export const tenantRegistrationView = (tenant: TenantRecord, registrationId: string) => ({
  registration_id: registrationId,
  tenant_id: tenant.id,
  slug: tenant.slug,
  client_partner_id: tenant.client_partner_id,
  client_partner_number: tenant.client_partner_number,
  status: 'active',
  message: 'Registration successful. Your business account is active on the FREE plan.',
  next_steps: [
    'Sign in with your admin email and password',
    'Complete your business profile and outlet details',
    'Add your services',
    'Add your staff and their availability',
    'Share your booking page with customers',
  ],
});
