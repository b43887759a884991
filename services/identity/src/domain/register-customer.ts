import { badRequest, normaliseOptionalPhone, type RequestContext } from '@salon/service-kit';
import type { CustomerRecord } from '../db/customer.repository';
import { activeTenantBySlug } from './customer-access';
import { addCustomer } from './customer-creation';
import { selfDefaults } from './customer-rules';
import type { IdentityDeps } from './deps';
import { tenantRegion } from './phone-region';
import { hashPassword } from './passwords';

export interface CustomerRegistration {
  tenant_slug: string;
  email?: string;
  phone?: string;
  password: string;
  first_name: string;
  last_name: string;
  marketing_consent?: boolean;
}

/** POST /customer/auth/register. The codes travel to notifications in identity.customer.registered.v1. */
export async function registerCustomer(
  deps: IdentityDeps,
  ctx: RequestContext,
  input: CustomerRegistration,
): Promise<CustomerRecord> {
  if (!input.email && !input.phone) throw badRequest('Either email or phone is required');
  const tenant = await activeTenantBySlug(deps.db.orm, input.tenant_slug);
  const { customer } = await addCustomer(
    deps,
    ctx,
    {
      tenant_id: tenant.id,
      email: input.email ?? null,
      phone: normaliseOptionalPhone(input.phone, tenantRegion(tenant), ['body', 'phone']) ?? null,
      password_hash: await hashPassword(input.password, deps.passwordCostLog2),
      first_name: input.first_name,
      last_name: input.last_name,
      date_of_birth: null,
      gender: null,
      address: null,
      avatar_url: null,
      tags: [],
      is_active: true,
      preferences: selfDefaults(input.marketing_consent ?? false),
    },
    'self_registration',
  );
  return customer;
}
