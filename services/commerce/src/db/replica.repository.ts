import { sql } from 'drizzle-orm';
import type {
  CustomerRegisteredV1,
  CustomerUpdatedV1,
  ServicePricingV1,
  TenantRegisteredV1,
  TenantUpdatedV1,
} from '@salon/contracts';
import { idArray, selectRows, type Executor } from '@salon/service-kit';

/** Replicas apply a snapshot only when it is newer than the one held: out-of-order delivery is harmless. */

export interface TenantReplica {
  tenant_id: string;
  name: string;
  email: string;
  currency: string;
  wallet_enabled: boolean;
  is_active: boolean;
  version: number;
  updated_at: string;
}

/** The replica row of identity's tenant snapshot (registered or updated), as of `updatedAt`. */
export const tenantReplicaOf = (
  data: TenantRegisteredV1 | TenantUpdatedV1,
  updatedAt: string,
): TenantReplica => ({
  tenant_id: data.tenant_id,
  name: data.name,
  email: data.email,
  currency: data.settings.currency,
  wallet_enabled: data.settings.wallet_enabled,
  is_active: data.is_active,
  version: data.version,
  updated_at: updatedAt,
});

export async function upsertTenant(tx: Executor, tenant: TenantReplica): Promise<void> {
  await tx.execute(sql`
    INSERT INTO commerce.tenants (tenant_id, name, email, currency, wallet_enabled, is_active, version, updated_at)
    VALUES (${tenant.tenant_id}, ${tenant.name}, ${tenant.email}, ${tenant.currency}, ${tenant.wallet_enabled},
            ${tenant.is_active}, ${tenant.version}, ${tenant.updated_at}::timestamptz)
    ON CONFLICT (tenant_id) DO UPDATE SET
      name = EXCLUDED.name, email = EXCLUDED.email, currency = EXCLUDED.currency,
      wallet_enabled = EXCLUDED.wallet_enabled, is_active = EXCLUDED.is_active, version = EXCLUDED.version,
      updated_at = EXCLUDED.updated_at
    WHERE commerce.tenants.version < EXCLUDED.version`);
}

export async function setTenantActive(tx: Executor, tenantId: string, isActive: boolean): Promise<void> {
  await tx.execute(sql`UPDATE commerce.tenants SET is_active = ${isActive} WHERE tenant_id = ${tenantId}`);
}

export async function findTenant(executor: Executor, tenantId: string): Promise<TenantReplica | undefined> {
  const [row] = await selectRows<TenantReplica>(
    executor,
    sql`SELECT tenant_id, name, email, currency, wallet_enabled, is_active, version, updated_at::text
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
  await tx.execute(sql`
    INSERT INTO commerce.outlets (outlet_id, tenant_id, is_active, version, updated_at)
    VALUES (${outlet.outlet_id}, ${outlet.tenant_id}, ${outlet.is_active}, ${outlet.version},
            ${outlet.updated_at}::timestamptz)
    ON CONFLICT (outlet_id) DO UPDATE SET
      tenant_id = EXCLUDED.tenant_id, is_active = EXCLUDED.is_active, version = EXCLUDED.version,
      updated_at = EXCLUDED.updated_at
    WHERE commerce.outlets.version < EXCLUDED.version`);
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
  await tx.execute(sql`
    INSERT INTO commerce.services (service_id, tenant_id, name, pricing, is_active, status, version, updated_at)
    VALUES (${service.service_id}, ${service.tenant_id}, ${service.name}, ${JSON.stringify(service.pricing)}::jsonb,
            ${service.is_active}, ${service.status}, ${service.version}, ${service.updated_at}::timestamptz)
    ON CONFLICT (service_id) DO UPDATE SET
      tenant_id = EXCLUDED.tenant_id, name = EXCLUDED.name, pricing = EXCLUDED.pricing,
      is_active = EXCLUDED.is_active, status = EXCLUDED.status, version = EXCLUDED.version,
      updated_at = EXCLUDED.updated_at
    WHERE commerce.services.version < EXCLUDED.version`);
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
  customer_id: data.customer_id,
  tenant_id: data.tenant_id,
  email: data.email,
  phone: data.phone,
  first_name: data.first_name,
  last_name: data.last_name,
  is_deleted: state.isDeleted,
  version: data.version,
  updated_at: state.updatedAt,
});

export async function upsertCustomer(tx: Executor, customer: CustomerReplica): Promise<void> {
  await tx.execute(sql`
    INSERT INTO commerce.customers (customer_id, tenant_id, email, phone, first_name, last_name, is_deleted,
                                    version, updated_at)
    VALUES (${customer.customer_id}, ${customer.tenant_id}, ${customer.email}, ${customer.phone},
            ${customer.first_name}, ${customer.last_name}, ${customer.is_deleted}, ${customer.version},
            ${customer.updated_at}::timestamptz)
    ON CONFLICT (customer_id) DO UPDATE SET
      tenant_id = EXCLUDED.tenant_id, email = EXCLUDED.email, phone = EXCLUDED.phone,
      first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, is_deleted = EXCLUDED.is_deleted,
      version = EXCLUDED.version, updated_at = EXCLUDED.updated_at
    WHERE commerce.customers.version < EXCLUDED.version`);
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
