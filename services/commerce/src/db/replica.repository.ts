import { sql } from 'drizzle-orm';
import type { CustomerRegisteredV1, CustomerUpdatedV1, ServicePricingV1 } from '@salon/contracts';
import {
  customerContactOf,
  idArray,
  jsonb,
  selectRows,
  tenantFieldsOf,
  timestamptz,
  upsertNewer,
  type Executor,
  type TenantFields,
  type TenantSnapshotEvent,
} from '@salon/service-kit';

/** Replicas apply a snapshot only when it is newer than the one held: out-of-order delivery is harmless. */

/**
 * What commerce keeps of an identity tenant: name and e-mail (provider sub-account), currency, wallet, whether it
 * takes online payments, the late-cancellation fee, and the time zone (commission report periods).
 */
const tenantColumns = [
  'tenant_id',
  'name',
  'email',
  'currency',
  'wallet_enabled',
  'payments_enabled',
  'late_cancellation_fee_percent',
  'timezone',
  'is_active',
  'version',
  'updated_at',
] as const;
export type TenantReplica = Pick<TenantFields, (typeof tenantColumns)[number]>;

/** The replica row of identity's tenant snapshot (registered or updated), as of `updatedAt`. */
export const tenantReplicaOf = (data: TenantSnapshotEvent, updatedAt: string): TenantReplica =>
  tenantFieldsOf(data, updatedAt, tenantColumns);

export async function upsertTenant(tx: Executor, tenant: TenantReplica): Promise<void> {
  await upsertNewer(tx, 'commerce.tenants', 'tenant_id', {
    ...tenant,
    updated_at: timestamptz(tenant.updated_at),
  });
}

export async function setTenantActive(tx: Executor, tenantId: string, isActive: boolean): Promise<void> {
  await tx.execute(sql`UPDATE commerce.tenants SET is_active = ${isActive} WHERE tenant_id = ${tenantId}`);
}

export async function findTenant(executor: Executor, tenantId: string): Promise<TenantReplica | undefined> {
  const [row] = await selectRows<TenantReplica>(
    executor,
    sql`SELECT tenant_id, name, email, currency, wallet_enabled, payments_enabled,
          late_cancellation_fee_percent::float8 AS late_cancellation_fee_percent, timezone, is_active, version,
          updated_at::text
        FROM commerce.tenants WHERE tenant_id = ${tenantId}`,
  );
  return row;
}

export interface OutletReplica {
  outlet_id: string;
  tenant_id: string;
  is_active: boolean;
  version: number;
  updated_at: string;
}

export async function upsertOutlet(tx: Executor, outlet: OutletReplica): Promise<void> {
  await upsertNewer(tx, 'commerce.outlets', 'outlet_id', {
    ...outlet,
    updated_at: timestamptz(outlet.updated_at),
  });
}

/** The ids among `outletIds` that are active outlets of the tenant. */
export async function tenantOutletIds(
  executor: Executor,
  tenantId: string,
  outletIds: string[],
): Promise<Set<string>> {
  if (outletIds.length === 0) return new Set();
  const rows = await selectRows<{ outlet_id: string }>(
    executor,
    sql`SELECT outlet_id FROM commerce.outlets
        WHERE tenant_id = ${tenantId} AND is_active AND outlet_id = ANY(${idArray(outletIds)})`,
  );
  return new Set(rows.map((row) => row.outlet_id));
}

export interface ServiceReplica {
  service_id: string;
  tenant_id: string;
  name: string;
  pricing: ServicePricingV1;
  is_active: boolean;
  status: string;
  version: number;
  updated_at: string;
}

export async function upsertService(tx: Executor, service: ServiceReplica): Promise<void> {
  await upsertNewer(tx, 'commerce.services', 'service_id', {
    ...service,
    pricing: jsonb(service.pricing),
    updated_at: timestamptz(service.updated_at),
  });
}

/** Archiving: the service is never sellable again unless a newer snapshot restores it. */
export async function archiveService(tx: Executor, serviceId: string, version: number): Promise<void> {
  await tx.execute(sql`
    UPDATE commerce.services SET status = 'archived', is_active = false, version = ${version}
    WHERE service_id = ${serviceId} AND version < ${version}`);
}

export async function findTenantServices(
  executor: Executor,
  tenantId: string,
  serviceIds: string[],
): Promise<ServiceReplica[]> {
  if (serviceIds.length === 0) return [];
  return selectRows<ServiceReplica>(
    executor,
    sql`SELECT service_id, tenant_id, name, pricing, is_active, status, version, updated_at::text
        FROM commerce.services WHERE tenant_id = ${tenantId} AND service_id = ANY(${idArray(serviceIds)})`,
  );
}

export interface CustomerReplica {
  customer_id: string;
  tenant_id: string;
  email: string | null;
  phone: string | null;
  first_name: string;
  last_name: string | null;
  is_deleted: boolean;
  version: number;
  updated_at: string;
}

/** The replica row of identity's customer snapshot (registered or updated). */
export const customerReplicaOf = (
  data: CustomerRegisteredV1 | CustomerUpdatedV1,
  state: { isDeleted: boolean; updatedAt: string },
): CustomerReplica => ({
  ...customerContactOf(data),
  is_deleted: state.isDeleted,
  updated_at: state.updatedAt,
});

export async function upsertCustomer(tx: Executor, customer: CustomerReplica): Promise<void> {
  await upsertNewer(tx, 'commerce.customers', 'customer_id', {
    ...customer,
    updated_at: timestamptz(customer.updated_at),
  });
}

/** identity.customer.deleted.v1: contact data goes; the row stays (deleted) so old packages keep a reference. */
export async function anonymiseCustomer(tx: Executor, tenantId: string, customerId: string): Promise<void> {
  await tx.execute(sql`
    UPDATE commerce.customers SET email = NULL, phone = NULL, first_name = 'Deleted', last_name = NULL,
      is_deleted = true
    WHERE tenant_id = ${tenantId} AND customer_id = ${customerId}`);
}

export async function findCustomer(
  executor: Executor,
  tenantId: string,
  customerId: string,
): Promise<CustomerReplica | undefined> {
  const [row] = await selectRows<CustomerReplica>(
    executor,
    sql`SELECT customer_id, tenant_id, email, phone, first_name, last_name, is_deleted, version, updated_at::text
        FROM commerce.customers
        WHERE tenant_id = ${tenantId} AND customer_id = ${customerId} AND NOT is_deleted`,
  );
  return row;
}
