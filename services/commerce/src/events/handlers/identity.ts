import type {
  CustomerDeletedV1,
  CustomerRegisteredV1,
  CustomerUpdatedV1,
  EventEnvelope,
  OutletUpsertedV1,
  TenantRegisteredV1,
  TenantUpdatedV1,
} from '@salon/contracts';
import type { Executor } from '@salon/service-kit';
import { eraseCustomerData } from '../../db/erasure.repository';
import { writeAudit } from '../../db/invoice.repository';
import { anonymiseCustomer, upsertCustomer, upsertOutlet, upsertTenant } from '../../db/replica.repository';

/** identity.tenant.registered/updated.v1: name and e-mail (provider sub-account), currency, wallet setting. */
export async function applyTenantEvent(event: EventEnvelope, tx: Executor): Promise<void> {
  const data = event.data as TenantRegisteredV1 | TenantUpdatedV1;
  await upsertTenant(tx, {
    tenant_id: data.tenant_id,
    name: data.name,
    email: data.email,
    currency: data.settings.currency,
    wallet_enabled: data.settings.wallet_enabled,
    is_active: data.is_active,
    version: data.version,
    updated_at: 'updated_at' in data ? data.updated_at : data.created_at,
  });
}

/** identity.outlet.upserted.v1: which outlets are the tenant's (packages name outlets; purchases happen at one). */
export async function applyOutletEvent(event: EventEnvelope, tx: Executor): Promise<void> {
  const data = event.data as OutletUpsertedV1;
  await upsertOutlet(tx, {
    outlet_id: data.outlet_id,
    tenant_id: data.tenant_id,
    is_active: data.is_active,
    version: data.version,
    updated_at: data.updated_at,
  });
}

/** identity.customer.registered/updated.v1: the customer's contact data (payment links, invoices). */
export async function applyCustomerEvent(event: EventEnvelope, tx: Executor): Promise<void> {
  const data = event.data as CustomerRegisteredV1 | CustomerUpdatedV1;
  await upsertCustomer(tx, {
    customer_id: data.customer_id,
    tenant_id: data.tenant_id,
    email: data.email,
    phone: data.phone,
    first_name: data.first_name,
    last_name: data.last_name,
    is_deleted: 'is_deleted' in data ? data.is_deleted : false,
    version: data.version,
    updated_at: 'updated_at' in data ? data.updated_at : data.created_at,
  });
}

/**
 * identity.customer.deleted.v1, one inbox transaction: the replica's contact data is removed; settled payments,
 * paid invoices and paid customer packages are anonymised; other payments, unpaid invoices and packages, the
 * wallet and its transactions are deleted (`eraseCustomerData`).
 */
export async function applyCustomerDeleted(event: EventEnvelope, tx: Executor): Promise<void> {
  const data = event.data as CustomerDeletedV1;
  await anonymiseCustomer(tx, data.tenant_id, data.customer_id);
  const counts = await eraseCustomerData(tx, data.tenant_id, data.customer_id);
  await writeAudit(tx, data.tenant_id, {
    action: 'CUSTOMER_DATA_ERASED',
    entity_type: 'customer',
    entity_id: data.customer_id,
    details: { reason: data.reason, gdpr_deletion: data.gdpr_deletion, ...counts },
  });
}
