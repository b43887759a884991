import { sql } from 'drizzle-orm';
import type { ServicePricingV1 } from '@salon/contracts';
import { idArray, selectRows, type Executor } from '@salon/service-kit';

/** Identity's tenant as scheduling needs it. */
export interface TenantReplica {
  tenant_id: string;
  name: string;
  slug: string;
  timezone: string;
  booking_advance_days: number;
  staff_position_templates: string[];
  is_active: boolean;
  version: number;
  updated_at: string;
}

export async function upsertTenantReplica(tx: Executor, tenant: TenantReplica): Promise<void> {
  await tx.execute(sql`
    INSERT INTO scheduling.tenants (tenant_id, name, slug, timezone, booking_advance_days, staff_position_templates,
                                    is_active, version, updated_at)
    VALUES (${tenant.tenant_id}, ${tenant.name}, ${tenant.slug}, ${tenant.timezone}, ${tenant.booking_advance_days},
            ${JSON.stringify(tenant.staff_position_templates)}::jsonb, ${tenant.is_active}, ${tenant.version},
            ${tenant.updated_at}::timestamptz)
    ON CONFLICT (tenant_id) DO UPDATE SET
      name = EXCLUDED.name, slug = EXCLUDED.slug, timezone = EXCLUDED.timezone,
      booking_advance_days = EXCLUDED.booking_advance_days,
      staff_position_templates = EXCLUDED.staff_position_templates, is_active = EXCLUDED.is_active,
      version = EXCLUDED.version, updated_at = EXCLUDED.updated_at
    WHERE scheduling.tenants.version < EXCLUDED.version`);
}

export type TenantSettingsView = Pick<
  TenantReplica,
  'tenant_id' | 'name' | 'slug' | 'timezone' | 'booking_advance_days' | 'staff_position_templates' | 'version'
>;

export const tenantColumns = sql`tenant_id, name, slug, timezone, booking_advance_days, staff_position_templates, version`;

export async function findTenantReplica(
  executor: Executor,
  tenantId: string,
): Promise<TenantSettingsView | undefined> {
  const [row] = await selectRows<TenantSettingsView>(
    executor,
    sql`SELECT ${tenantColumns} FROM scheduling.tenants WHERE tenant_id = ${tenantId}`,
  );
  return row;
}

export async function findTenantBySlug(
  executor: Executor,
  slug: string,
): Promise<TenantSettingsView | undefined> {
  const [row] = await selectRows<TenantSettingsView>(
    executor,
    sql`SELECT ${tenantColumns} FROM scheduling.tenants WHERE slug = ${slug} AND is_active ORDER BY version DESC LIMIT 1`,
  );
  return row;
}

export interface OutletReplica {
  outlet_id: string;
  tenant_id: string;
  name: string;
  timezone: string;
  is_active: boolean;
  version: number;
  updated_at: string;
}

export async function upsertOutletReplica(tx: Executor, outlet: OutletReplica): Promise<void> {
  await tx.execute(sql`
    INSERT INTO scheduling.outlets (outlet_id, tenant_id, name, timezone, is_active, version, updated_at)
    VALUES (${outlet.outlet_id}, ${outlet.tenant_id}, ${outlet.name}, ${outlet.timezone}, ${outlet.is_active},
            ${outlet.version}, ${outlet.updated_at}::timestamptz)
    ON CONFLICT (outlet_id) DO UPDATE SET
      tenant_id = EXCLUDED.tenant_id, name = EXCLUDED.name, timezone = EXCLUDED.timezone,
      is_active = EXCLUDED.is_active, version = EXCLUDED.version, updated_at = EXCLUDED.updated_at
    WHERE scheduling.outlets.version < EXCLUDED.version`);
}

/** The tenant's outlet (active or not); another tenant's is undefined. */
export async function findOutlet(
  executor: Executor,
  tenantId: string,
  outletId: string,
): Promise<Pick<OutletReplica, 'outlet_id' | 'name' | 'is_active' | 'version'> | undefined> {
  const [row] = await selectRows<Pick<OutletReplica, 'outlet_id' | 'name' | 'is_active' | 'version'>>(
    executor,
    sql`SELECT outlet_id, name, is_active, version FROM scheduling.outlets
        WHERE tenant_id = ${tenantId} AND outlet_id = ${outletId}`,
  );
  return row;
}

export interface ServiceReplica {
  service_id: string;
  tenant_id: string;
  name: string;
  duration_minutes: number;
  preparation_minutes: number;
  cleanup_minutes: number;
  max_advance_booking_days: number;
  min_advance_booking_hours: number;
  allow_parallel_bookings: boolean;
  max_parallel_bookings: number;
  pricing: ServicePricingV1;
  is_active: boolean;
  status: string;
  version: number;
  updated_at: string;
}

export async function upsertServiceReplica(tx: Executor, service: ServiceReplica): Promise<void> {
  await tx.execute(sql`
    INSERT INTO scheduling.services (service_id, tenant_id, name, duration_minutes, preparation_minutes,
      cleanup_minutes, max_advance_booking_days, min_advance_booking_hours, allow_parallel_bookings,
      max_parallel_bookings, pricing, is_active, status, version, updated_at)
    VALUES (${service.service_id}, ${service.tenant_id}, ${service.name}, ${service.duration_minutes},
      ${service.preparation_minutes}, ${service.cleanup_minutes}, ${service.max_advance_booking_days},
      ${service.min_advance_booking_hours}, ${service.allow_parallel_bookings}, ${service.max_parallel_bookings},
      ${JSON.stringify(service.pricing)}::jsonb, ${service.is_active}, ${service.status}, ${service.version},
      ${service.updated_at}::timestamptz)
    ON CONFLICT (service_id) DO UPDATE SET
      name = EXCLUDED.name, duration_minutes = EXCLUDED.duration_minutes,
      preparation_minutes = EXCLUDED.preparation_minutes, cleanup_minutes = EXCLUDED.cleanup_minutes,
      max_advance_booking_days = EXCLUDED.max_advance_booking_days,
      min_advance_booking_hours = EXCLUDED.min_advance_booking_hours,
      allow_parallel_bookings = EXCLUDED.allow_parallel_bookings,
      max_parallel_bookings = EXCLUDED.max_parallel_bookings, pricing = EXCLUDED.pricing,
      is_active = EXCLUDED.is_active, status = EXCLUDED.status, version = EXCLUDED.version,
      updated_at = EXCLUDED.updated_at
    WHERE scheduling.services.version < EXCLUDED.version`);
}

/** catalog.service.archived.v1: not bookable any more (the full snapshot usually arrives too). */
export async function archiveServiceReplica(tx: Executor, serviceId: string, version: number): Promise<void> {
  await tx.execute(sql`
    UPDATE scheduling.services SET status = 'archived', is_active = false, version = ${version}
    WHERE service_id = ${serviceId} AND version < ${version}`);
}

export const serviceColumns = sql`service_id, tenant_id, name, duration_minutes, preparation_minutes, cleanup_minutes,
  max_advance_booking_days, min_advance_booking_hours, allow_parallel_bookings, max_parallel_bookings, pricing,
  is_active, status, version`;

/** The tenant's services among `ids` (any status). */
export async function findServices(
  executor: Executor,
  tenantId: string,
  ids: readonly string[],
): Promise<ServiceReplica[]> {
  if (ids.length === 0) return [];
  return selectRows<ServiceReplica>(
    executor,
    sql`SELECT ${serviceColumns} FROM scheduling.services
        WHERE tenant_id = ${tenantId} AND service_id = ANY(${idArray(ids)})`,
  );
}

export async function findService(
  executor: Executor,
  tenantId: string,
  id: string,
): Promise<ServiceReplica | undefined> {
  const [row] = await findServices(executor, tenantId, [id]);
  return row;
}

export const isBookableService = (service: ServiceReplica): boolean =>
  service.status === 'active' && service.is_active;

export interface CustomerReplica {
  customer_id: string;
  tenant_id: string;
  first_name: string;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  is_active: boolean;
  is_deleted: boolean;
  version: number;
  updated_at: string;
}

export async function upsertCustomerReplica(tx: Executor, customer: CustomerReplica): Promise<void> {
  await tx.execute(sql`
    INSERT INTO scheduling.customers (customer_id, tenant_id, first_name, last_name, email, phone, is_active,
                                      is_deleted, version, updated_at)
    VALUES (${customer.customer_id}, ${customer.tenant_id}, ${customer.first_name}, ${customer.last_name},
            ${customer.email}, ${customer.phone}, ${customer.is_active}, ${customer.is_deleted}, ${customer.version},
            ${customer.updated_at}::timestamptz)
    ON CONFLICT (customer_id) DO UPDATE SET
      first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, email = EXCLUDED.email,
      phone = EXCLUDED.phone, is_active = EXCLUDED.is_active, is_deleted = EXCLUDED.is_deleted,
      version = EXCLUDED.version, updated_at = EXCLUDED.updated_at
    WHERE scheduling.customers.version < EXCLUDED.version`);
}

export async function deleteCustomerReplica(
  tx: Executor,
  tenantId: string,
  customerId: string,
): Promise<void> {
  await tx.execute(
    sql`DELETE FROM scheduling.customers WHERE tenant_id = ${tenantId} AND customer_id = ${customerId}`,
  );
}

/** The customer wherever it lives, so a caller can tell "another tenant's" from "unknown". */
export async function findCustomerAnyTenant(
  executor: Executor,
  customerId: string,
): Promise<CustomerReplica | undefined> {
  const [row] = await selectRows<CustomerReplica>(
    executor,
    sql`SELECT customer_id, tenant_id, first_name, last_name, email, phone, is_active, is_deleted, version
        FROM scheduling.customers WHERE customer_id = ${customerId}`,
  );
  return row;
}
