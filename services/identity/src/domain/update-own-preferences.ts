import { tenantIn, type RequestContext } from '@salon/service-kit';
import { updateCustomer, type CustomerRecord } from '../db/customer.repository';
import { assertPreferencesUsable, currentCustomer } from './customer-access';
import { applySelfPreferences, type SelfPreferencesChange } from './customer-rules';
import type { IdentityDeps } from './deps';
import { publishCustomerUpdated } from './events';

/** PUT /customers/preferences. */
export async function updateOwnPreferences(
  deps: IdentityDeps,
  ctx: RequestContext,
  change: SelfPreferencesChange,
): Promise<CustomerRecord> {
  return deps.db.withTx(async (tx) => {
    const current = await currentCustomer(tx, ctx, { forUpdate: true });
    await assertPreferencesUsable(tx, tenantIn(ctx), {
      outletIds: change.preferred_outlet_id ? [change.preferred_outlet_id] : [],
      staffIds: change.preferred_staff_ids,
      serviceIds: change.preferred_services,
    });
    const customer = await updateCustomer(tx, current.id, {
      preferences: applySelfPreferences(current.preferences, change),
    });
    await publishCustomerUpdated(deps, tx, ctx, customer);
    return customer;
  });
}
