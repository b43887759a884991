import { sql } from 'drizzle-orm';
import type { ServicePricingV1 } from '@salon/contracts';
import {
  idArray,
  jsonb,
  selectRows,
  timestamptz,
  upsertNewer,
  type Executor,
  type TenantFields,
} from '@salon/service-kit';

/** Identity's tenant as scheduling needs it: time zone, booking window, position templates, slug. */
export const tenantReplicaColumns = [
  'tenant_id',
  'name',
  'slug',
  'timezone',
  'booking_advance_days',
  'cancellation_hours',
  'deposit_hold_minutes',
  'waitlist_hold_minutes',
  'staff_position_templates',
  'is_active',
  'version',
  'updated_at',
] as const;
export type TenantReplica = Pick<TenantFields, (typeof tenantReplicaColumns)[number]>;

export async function upsertTenantReplica(tx: Executor, tenant: TenantReplica): Promise<void> {
  await upsertNewer(tx, 'scheduling.tenants', 'tenant_id', {
    ...tenant,
    staff_position_templates: jsonb(tenant.staff_position_templates),
    updated_at: timestamptz(tenant.updated_at),
  });
}

export type TenantSettingsView = Pick<
  TenantReplica,
  | 'tenant_id'
  | 'name'
  | 'slug'
  | 'timezone'
  | 'booking_advance_days'
  | 'staff_position_templates'
  | 'is_active'
  | 'version'
> & {
  cancellation_hours: number | null;
  deposit_hold_minutes?: number | null;
  waitlist_hold_minutes?: number | null;
};

export const tenantColumns = sql`tenant_id, name, slug, timezone, booking_advance_days, cancellation_hours,
  deposit_hold_minutes, waitlist_hold_minutes, staff_position_templates, is_active, version`;

/** What the use cases read of an outlet: whether it is open, its time zone (see outlet-time-zone.ts), its version. */
export type OutletView = Pick<OutletReplica, 'outlet_id' | 'name' | 'is_active' | 'timezone' | 'version'>;

const outletColumns = sql`outlet_id, name, is_active, timezone, version`;

/**
 * Two columns of a context query: `tenant` (the settings view) and `outlet` (`OutletView`), each a JSON object
 * or null when the replica has not heard of it.
 */
export const tenantAndOutletJson = (tenantId: string, outletId: string) =>
  sql`(SELECT row_to_json(t) FROM (SELECT ${tenantColumns} FROM scheduling.tenants WHERE tenant_id = ${tenantId}) t)
        AS tenant,
      (SELECT row_to_json(o) FROM (SELECT ${outletColumns} FROM scheduling.outlets
                                   WHERE tenant_id = ${tenantId} AND outlet_id = ${outletId}) o) AS outlet`;

export interface TenantAndOutlet {
  tenant: TenantSettingsView | null;
  outlet: OutletView | null;
}

/** The tenant's settings and one of its outlets, in one round trip. */
export async function findTenantAndOutlet(
  executor: Executor,
  tenantId: string,
  outletId: string,
): Promise<TenantAndOutlet> {
  const [row] = await selectRows<TenantAndOutlet>(
    executor,
    sql`SELECT ${tenantAndOutletJson(tenantId, outletId)}`,
  );
  return row ?? { tenant: null, outlet: null };
}

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
  await upsertNewer(tx, 'scheduling.outlets', 'outlet_id', {
    ...outlet,
    updated_at: timestamptz(outlet.updated_at),
  });
}

/** The tenant's outlet (active or not); another tenant's is undefined. */
export async function findOutlet(
  executor: Executor,
  tenantId: string,
  outletId: string,
): Promise<OutletView | undefined> {
  const [row] = await selectRows<OutletView>(
    executor,
    sql`SELECT ${outletColumns} FROM scheduling.outlets WHERE tenant_id = ${tenantId} AND outlet_id = ${outletId}`,
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
  await upsertNewer(
    tx,
    'scheduling.services',
    'service_id',
    { ...service, pricing: jsonb(service.pricing), updated_at: timestamptz(service.updated_at) },
    { insertOnly: ['tenant_id'] },
  );
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
  await upsertNewer(
    tx,
    'scheduling.customers',
    'customer_id',
    { ...customer, updated_at: timestamptz(customer.updated_at) },
    { insertOnly: ['tenant_id'] },
  );
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
