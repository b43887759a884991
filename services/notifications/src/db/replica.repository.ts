import { sql } from 'drizzle-orm';
import type { AppointmentSnapshot, CustomerPreferences } from '@salon/contracts';
import { selectRows, type Executor } from '@salon/service-kit';

export interface TenantReplica {
  tenant_id: string;
  name: string;
  timezone: string;
  language: string;
  currency: string;
}

export async function upsertTenant(tx: Executor, t: TenantReplica & { version: number }): Promise<void> {
  await tx.execute(
    sql`INSERT INTO notifications.tenants (tenant_id, name, timezone, language, currency, version)
        VALUES (${t.tenant_id}, ${t.name}, ${t.timezone}, ${t.language}, ${t.currency}, ${t.version})
        ON CONFLICT (tenant_id) DO UPDATE SET name = EXCLUDED.name, timezone = EXCLUDED.timezone,
          language = EXCLUDED.language, currency = EXCLUDED.currency, version = EXCLUDED.version
        WHERE notifications.tenants.version <= EXCLUDED.version`,
  );
}

export async function findTenant(executor: Executor, tenantId: string): Promise<TenantReplica | null> {
  const [row] = await selectRows<TenantReplica>(
    executor,
    sql`SELECT tenant_id, name, timezone, language, currency FROM notifications.tenants WHERE tenant_id = ${tenantId}`,
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
  await tx.execute(
    sql`INSERT INTO notifications.outlets (outlet_id, tenant_id, name, address, timezone, version)
        VALUES (${o.outlet_id}, ${o.tenant_id}, ${o.name}, ${o.address}, ${o.timezone}, ${o.version})
        ON CONFLICT (outlet_id) DO UPDATE SET name = EXCLUDED.name, address = EXCLUDED.address,
          timezone = EXCLUDED.timezone, version = EXCLUDED.version
        WHERE notifications.outlets.version <= EXCLUDED.version`,
  );
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
  await tx.execute(
    sql`INSERT INTO notifications.customers (customer_id, tenant_id, name, email, phone, preferences, version)
        VALUES (${c.customer_id}, ${c.tenant_id}, ${c.name}, ${c.email}, ${c.phone}, ${JSON.stringify(c.preferences)}::jsonb, ${c.version})
        ON CONFLICT (customer_id) DO UPDATE SET name = EXCLUDED.name, email = EXCLUDED.email, phone = EXCLUDED.phone,
          preferences = EXCLUDED.preferences, version = EXCLUDED.version
        WHERE notifications.customers.version <= EXCLUDED.version`,
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
  await tx.execute(
    sql`INSERT INTO notifications.staff (staff_id, tenant_id, name, email, phone, version)
        VALUES (${s.staff_id}, ${s.tenant_id}, ${s.name}, ${s.email}, ${s.phone}, ${s.version})
        ON CONFLICT (staff_id) DO UPDATE SET name = EXCLUDED.name, email = EXCLUDED.email, phone = EXCLUDED.phone,
          version = EXCLUDED.version
        WHERE notifications.staff.version <= EXCLUDED.version`,
  );
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
  const rows = await selectRows(
    tx,
    sql`INSERT INTO notifications.appointments (appointment_id, tenant_id, snapshot, version)
        VALUES (${a.appointment_id}, ${a.tenant_id}, ${JSON.stringify(a)}::jsonb, ${a.version})
        ON CONFLICT (appointment_id) DO UPDATE SET snapshot = EXCLUDED.snapshot, version = EXCLUDED.version
        WHERE notifications.appointments.version < EXCLUDED.version
        RETURNING 1`,
  );
  return rows.length > 0;
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
