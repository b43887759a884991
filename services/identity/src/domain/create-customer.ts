import { badRequest, tenantIn, type RequestContext } from '@salon/service-kit';
import type { CustomerRecord } from '../db/customer.repository';
import { assertPreferencesUsable } from './customer-access';
import { addCustomer } from './customer-creation';
import {
  STAFF_CREATED_TAG,
  applyStaffPreferences,
  staffDefaults,
  type StaffPreferencesChange,
} from './customer-rules';
import type { IdentityDeps } from './deps';
import { tenantPhone } from './phone-region';
import { hashPassword } from './passwords';

export interface StaffCustomerInput {
  email?: string;
  phone?: string;
  first_name: string;
  last_name?: string;
  date_of_birth?: string;
  gender?: 'male' | 'female' | 'other';
  address?: string;
  avatar_url?: string;
  password?: string;
  tags?: string[];
  is_active: boolean;
  preferences?: StaffPreferencesChange;
}

/** POST /customers: tagged staff-created; a password gives portal access, none makes a walk-in customer. */
export async function createCustomerByStaff(
  deps: IdentityDeps,
  ctx: RequestContext,
  input: StaffCustomerInput,
): Promise<CustomerRecord> {
  const tenantId = tenantIn(ctx);
  if (!input.email && !input.phone) throw badRequest('Either email or phone is required');
  const phone = await tenantPhone(deps.db.orm, tenantId, input.phone);
  if (input.preferences)
    await assertPreferencesUsable(deps.db.orm, tenantId, {
      outletIds: input.preferences.preferred_outlets,
      staffIds: input.preferences.preferred_staff,
      serviceIds: input.preferences.preferred_services,
    });
  const { customer } = await addCustomer(
    deps,
    ctx,
    {
      tenant_id: tenantId,
      email: input.email ?? null,
      phone: phone ?? null,
      password_hash: input.password ? await hashPassword(input.password, deps.passwordCostLog2) : null,
      first_name: input.first_name,
      last_name: input.last_name ?? null,
      date_of_birth: input.date_of_birth ?? null,
      gender: input.gender ?? null,
      address: input.address ?? null,
      avatar_url: input.avatar_url ?? null,
      tags: [...new Set([...(input.tags ?? []), STAFF_CREATED_TAG])],
      is_active: input.is_active,
      preferences: applyStaffPreferences(staffDefaults(), input.preferences ?? {}),
    },
    'staff',
  );
  return customer;
}
