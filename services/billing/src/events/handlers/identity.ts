import type {
  CustomerDeletedV1,
  CustomerRegisteredV1,
  CustomerUpdatedV1,
  EventEnvelope,
  OutletUpsertedV1,
  TenantDeactivatedV1,
  TenantReactivatedV1,
  TenantRegisteredV1,
} from '@salon/contracts';
import { causedBy } from '@salon/messaging';
import type { Executor } from '@salon/service-kit';
import { deleteCustomerTokenData } from '../../db/token.repository';
import { deleteCustomer, upsertCustomer, upsertOutlet } from '../../db/usage.repository';
import { PRODUCER, type BillingDeps } from '../../domain/deps';
import { createFreeSubscription, setTenantSuspended } from '../../domain/manage-subscription';

/** identity.tenant.registered / deactivated / reactivated: the subscription's life follows the tenant's. */
export const applyTenantEvent =
  (deps: BillingDeps) =>
  async (event: EventEnvelope, tx: Executor): Promise<void> => {
    const origin = causedBy(event, PRODUCER);
    switch (event.type) {
      case 'identity.tenant.registered.v1':
        return createFreeSubscription(deps, tx, event.data as TenantRegisteredV1, origin);
      case 'identity.tenant.deactivated.v1': {
        const data = event.data as TenantDeactivatedV1;
        return setTenantSuspended(deps, tx, data.tenant_id, true, data.at, origin);
      }
      case 'identity.tenant.reactivated.v1': {
        const data = event.data as TenantReactivatedV1;
        return setTenantSuspended(deps, tx, data.tenant_id, false, data.at, origin);
      }
    }
  };

/** identity.outlet.upserted.v1: active outlets count against max_outlets. */
export async function applyOutletEvent(event: EventEnvelope, tx: Executor): Promise<void> {
  const data = event.data as OutletUpsertedV1;
  await upsertOutlet(tx, {
    outlet_id: data.outlet_id,
    tenant_id: data.tenant_id,
    is_active: data.is_active,
    version: data.version,
  });
}

/** Identity's customers: which tenant a customer belongs to (quota overrides), and erasure on deletion. */
export async function applyCustomerEvent(event: EventEnvelope, tx: Executor): Promise<void> {
  if (event.type === 'identity.customer.deleted.v1') {
    const data = event.data as CustomerDeletedV1;
    await deleteCustomer(tx, data.customer_id);
    await deleteCustomerTokenData(tx, data.tenant_id, data.customer_id);
    return;
  }
  const data = event.data as CustomerRegisteredV1 | CustomerUpdatedV1;
  await upsertCustomer(tx, data.customer_id, data.tenant_id);
}
