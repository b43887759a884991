import type {
  CustomerDeletedV1,
  CustomerRegisteredV1,
  CustomerUpdatedV1,
  EventEnvelope,
} from '@salon/contracts';
import type { Executor } from '@salon/service-kit';
import { anonymiseCustomerAppointments } from '../../db/appointment.repository';
import { deleteCustomerReplica, upsertCustomerReplica } from '../../db/replica.repository';

/** identity.customer.registered.v1 / updated.v1: names and contact data copied onto new appointments. */
export async function applyCustomerEvent(event: EventEnvelope, tx: Executor): Promise<void> {
  const data = event.data as CustomerRegisteredV1 | CustomerUpdatedV1;
  const updated = 'updated_at' in data ? data : undefined;
  await upsertCustomerReplica(tx, {
    customer_id: data.customer_id,
    tenant_id: data.tenant_id,
    first_name: data.first_name,
    last_name: data.last_name,
    email: data.email,
    phone: data.phone,
    is_active: updated?.is_active ?? true,
    is_deleted: updated?.is_deleted ?? false,
    version: data.version,
    updated_at: updated?.updated_at ?? (data as CustomerRegisteredV1).created_at,
  });
}

/**
 * identity.customer.deleted.v1: the customer's appointments are anonymised (customer reference removed,
 * name a placeholder, contact data cleared, note replaced) and the replica row goes.
 */
export async function applyCustomerDeleted(event: EventEnvelope, tx: Executor): Promise<void> {
  const data = event.data as CustomerDeletedV1;
  await anonymiseCustomerAppointments(tx, data.tenant_id, data.customer_id);
  await deleteCustomerReplica(tx, data.tenant_id, data.customer_id);
}
