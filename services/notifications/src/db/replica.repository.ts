import { sql } from 'drizzle-orm';
import type { AppointmentSnapshot, CustomerPreferences } from '@salon/contracts';
import { jsonb, selectRows, upsertNewer, type Executor } from '@salon/service-kit';

/** Notifications' replicas take a snapshot of the version they hold too; a row never changes tenant. */
const sameVersionReplaces = { insertOnly: ['tenant_id'], replaceSameVersion: true } as const;

export interface TenantReplica {
  tenant_id: string;
  name: string;
  /** The business's e-mail; null on a row replicated before it was kept. */
  email: string | null;
  timezone: string;
  language: string;
  currency: string;
}

export async function upsertTenant(tx: Executor, t: TenantReplica & { version: number }): Promise<void> {
  await upsertNewer(tx, 'notifications.tenants', 'tenant_id', t, sameVersionReplaces);
}

export async function findTenant(executor: Executor, tenantId: string): Promise<TenantReplica | null> {
  const [row] = await selectRows<TenantReplica>(
    executor,
    sql`SELECT tenant_id, name, email, timezone, language, currency FROM notifications.tenants WHERE tenant_id = ${tenantId}`,
  );
  return row ?? null;
}

export interface OutletReplica {
  outlet_id: string;
  tenant_id: string;
  name: string;
  address: string | null;
  timezone: string;
}

export async function upsertOutlet(tx: Executor, o: OutletReplica & { version: number }): Promise<void> {
  await upsertNewer(tx, 'notifications.outlets', 'outlet_id', o, sameVersionReplaces);
}

export async function findOutlet(
  executor: Executor,
  tenantId: string,
  outletId: string,
): Promise<OutletReplica | null> {
  const [row] = await selectRows<OutletReplica>(
    executor,
    sql`SELECT outlet_id, tenant_id, name, address, timezone FROM notifications.outlets
        WHERE tenant_id = ${tenantId} AND outlet_id = ${outletId}`,
  );
  return row ?? null;
}

export interface CustomerReplica {
  customer_id: string;
  tenant_id: string;
  name: string;
  email: string | null;
  phone: string | null;
  preferences: CustomerPreferences;
}

export async function upsertCustomer(tx: Executor, c: CustomerReplica & { version: number }): Promise<void> {
  await upsertNewer(
    tx,
    'notifications.customers',
    'customer_id',
    { ...c, preferences: jsonb(c.preferences) },
    sameVersionReplaces,
  );
}

export async function findCustomer(
  executor: Executor,
  tenantId: string,
  customerId: string,
): Promise<CustomerReplica | null> {
  const [row] = await selectRows<CustomerReplica>(
    executor,
    sql`SELECT customer_id, tenant_id, name, email, phone, preferences FROM notifications.customers
        WHERE tenant_id = ${tenantId} AND customer_id = ${customerId}`,
  );
  return row ?? null;
}

export async function deleteCustomer(tx: Executor, tenantId: string, customerId: string): Promise<void> {
  await tx.execute(
    sql`DELETE FROM notifications.customers WHERE tenant_id = ${tenantId} AND customer_id = ${customerId}`,
  );
}

export interface StaffReplica {
  staff_id: string;
  tenant_id: string;
  name: string;
  email: string | null;
  phone: string | null;
}

export async function upsertStaff(tx: Executor, s: StaffReplica & { version: number }): Promise<void> {
  await upsertNewer(tx, 'notifications.staff', 'staff_id', s, sameVersionReplaces);
}

export async function findStaff(
  executor: Executor,
  tenantId: string,
  staffId: string,
): Promise<StaffReplica | null> {
  const [row] = await selectRows<StaffReplica>(
    executor,
    sql`SELECT staff_id, tenant_id, name, email, phone FROM notifications.staff
        WHERE tenant_id = ${tenantId} AND staff_id = ${staffId}`,
  );
  return row ?? null;
}

/** Applies the snapshot when newer than the one held; true when it was applied. */
export async function upsertAppointment(tx: Executor, a: AppointmentSnapshot): Promise<boolean> {
  return upsertNewer(
    tx,
    'notifications.appointments',
    'appointment_id',
    { appointment_id: a.appointment_id, tenant_id: a.tenant_id, snapshot: jsonb(a), version: a.version },
    { insertOnly: ['tenant_id'] },
  );
}

export async function findAppointment(
  executor: Executor,
  tenantId: string,
  appointmentId: string,
): Promise<AppointmentSnapshot | null> {
  const [row] = await selectRows<{ snapshot: AppointmentSnapshot }>(
    executor,
    sql`SELECT snapshot FROM notifications.appointments WHERE tenant_id = ${tenantId} AND appointment_id = ${appointmentId}`,
  );
  return row?.snapshot ?? null;
}
