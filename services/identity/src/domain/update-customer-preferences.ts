import type { RequestContext } from '@salon/service-kit';
import { updateCustomer, type CustomerRecord } from '../db/customer.repository';
import { assertPreferencesUsable, reachableCustomer } from './customer-access';
import { applyStaffPreferences, type StaffPreferencesChange } from './customer-rules';
import type { IdentityDeps } from './deps';
import { publishCustomerUpdated } from './events';

/** PUT /customers/{id}/preferences (any staff of the tenant). */
export async function updatePreferencesByStaff(
  deps: IdentityDeps,
  ctx: RequestContext,
  { customerId, change }: { customerId: string; change: StaffPreferencesChange },
): Promise<CustomerRecord> {
  return deps.db.withTx(async (tx) => {
    const current = await reachableCustomer(tx, ctx, customerId, { forUpdate: true });
    await assertPreferencesUsable(tx, current.tenant_id, {
      outletIds: change.preferred_outlets,
      staffIds: change.preferred_staff,
      serviceIds: change.preferred_services,
    });
    const customer = await updateCustomer(tx, current.id, {
      preferences: applyStaffPreferences(current.preferences, change),
    });
    await publishCustomerUpdated(deps, tx, ctx, customer);
    return customer;
  });
}
