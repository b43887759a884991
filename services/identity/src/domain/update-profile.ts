import { rethrowUnique, tenantIn, type RequestContext } from '@salon/service-kit';
import { lockTenantCustomers, updateCustomer, type CustomerRecord } from '../db/customer.repository';
import { currentCustomer } from './customer-access';
import { CUSTOMER_UNIQUE_FIELDS, assertContactFree, requestVerification } from './customer-creation';
import type { IdentityDeps } from './deps';
import { tenantPhone } from './phone-region';
import { publishCustomerUpdated } from './events';

export interface ProfileChange {
  first_name?: string;
  last_name?: string;
  phone?: string;
  date_of_birth?: string;
  gender?: CustomerRecord['gender'];
}

/**
 * POST /customers/profile: e-mail never changes here; a new phone is unverified, must be free in the tenant,
 * and gets a new verification code.
 */
export async function updateProfile(
  deps: IdentityDeps,
  ctx: RequestContext,
  typed: ProfileChange,
): Promise<CustomerRecord> {
  const tenantId = tenantIn(ctx);
  try {
    return await deps.db.withTx(async (tx) => {
      await lockTenantCustomers(tx, tenantId);
      const change = { ...typed, phone: await tenantPhone(tx, tenantId, typed.phone) };
      const current = await currentCustomer(tx, ctx, { forUpdate: true });
      const phoneChanged = change.phone !== undefined && change.phone !== current.phone;
      if (phoneChanged) await assertContactFree(tx, tenantId, { phone: change.phone }, current.id);
      const customer = await updateCustomer(tx, current.id, {
        ...change,
        ...(phoneChanged ? { phone_verified: false } : {}),
      });
      await publishCustomerUpdated(deps, tx, ctx, customer);
      if (phoneChanged && customer.phone !== null)
        await requestVerification(deps, tx, ctx, customer, 'phone', 'phone_changed');
      return customer;
    });
  } catch (error) {
    rethrowUnique(error, CUSTOMER_UNIQUE_FIELDS);
  }
}
