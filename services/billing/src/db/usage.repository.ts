import { sql } from 'drizzle-orm';
import type { AppointmentSnapshot } from '@salon/contracts';
import { selectRows, type Executor } from '@salon/service-kit';

/** Replica rows are applied only when newer than the version held (out-of-order delivery is harmless). */
export async function upsertOutlet(
  tx: Executor,
  outlet: { outlet_id: string; tenant_id: string; is_active: boolean; version: number },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO billing.outlets (outlet_id, tenant_id, is_active, version)
    VALUES (${outlet.outlet_id}, ${outlet.tenant_id}, ${outlet.is_active}, ${outlet.version})
    ON CONFLICT (outlet_id) DO UPDATE SET tenant_id = EXCLUDED.tenant_id, is_active = EXCLUDED.is_active,
      version = EXCLUDED.version
    WHERE billing.outlets.version < EXCLUDED.version`);
}

/** `orEqual` lets an archived event carrying the same version as its upserted twin win. */
export async function upsertService(
  tx: Executor,
  service: { service_id: string; tenant_id: string; status: string; version: number },
  { orEqual = false } = {},
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO billing.services (service_id, tenant_id, status, version)
    VALUES (${service.service_id}, ${service.tenant_id}, ${service.status}, ${service.version})
    ON CONFLICT (service_id) DO UPDATE SET tenant_id = EXCLUDED.tenant_id, status = EXCLUDED.status,
      version = EXCLUDED.version
    WHERE billing.services.version < EXCLUDED.version
      ${orEqual ? sql`OR billing.services.version = EXCLUDED.version` : sql``}`);
}

export async function upsertStaff(
  tx: Executor,
  staff: { staff_id: string; tenant_id: string; status: string; version: number },
  { orEqual = false } = {},
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO billing.staff (staff_id, tenant_id, status, version)
    VALUES (${staff.staff_id}, ${staff.tenant_id}, ${staff.status}, ${staff.version})
    ON CONFLICT (staff_id) DO UPDATE SET tenant_id = EXCLUDED.tenant_id, status = EXCLUDED.status,
      version = EXCLUDED.version
    WHERE billing.staff.version < EXCLUDED.version
      ${orEqual ? sql`OR billing.staff.version = EXCLUDED.version` : sql``}`);
}

export async function upsertAppointment(
  tx: Executor,
  appointment: {
    appointment_id: string;
    tenant_id: string;
    appointment_date: string;
    status: string;
    created_at: string;
    timezone: string;
    version: number;
  },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO billing.appointments (appointment_id, tenant_id, appointment_date, status, created_at, timezone, version)
    VALUES (${appointment.appointment_id}, ${appointment.tenant_id}, ${appointment.appointment_date}::date,
            ${appointment.status}, ${appointment.created_at}::timestamptz, ${appointment.timezone}, ${appointment.version})
    ON CONFLICT (appointment_id) DO UPDATE SET tenant_id = EXCLUDED.tenant_id,
      appointment_date = EXCLUDED.appointment_date, status = EXCLUDED.status, created_at = EXCLUDED.created_at,
      timezone = EXCLUDED.timezone, version = EXCLUDED.version
    WHERE billing.appointments.version < EXCLUDED.version`);
}

/** Any scheduling.appointment.* snapshot: when and in which time zone it was booked, and its status. */
export const upsertAppointmentSnapshot = (tx: Executor, snapshot: AppointmentSnapshot): Promise<void> =>
  upsertAppointment(tx, {
    appointment_id: snapshot.appointment_id,
    tenant_id: snapshot.tenant_id,
    appointment_date: snapshot.appointment_date,
    status: snapshot.status,
    created_at: snapshot.created_at,
    timezone: snapshot.timezone,
    version: snapshot.version,
  });

export interface UsageCounts {
  outlets: number;
  staff: number;
  appointments_this_month: number;
  services: number;
}

/**
 * The tenant's counters: active outlets, staff not terminated, appointments booked this month and services
 * not archived. "This month" is the plan's definition, shared with scheduling's limit check: created in the
 * calendar month of `now` in the tenant's time zone (which each appointment carries), cancelled ones excluded.
 */
export async function usageCounts(executor: Executor, tenantId: string, now: Date): Promise<UsageCounts> {
  const [row] = await selectRows<UsageCounts>(
    executor,
    sql`SELECT
      (SELECT count(*)::int FROM billing.outlets WHERE tenant_id = ${tenantId} AND is_active) AS outlets,
      (SELECT count(*)::int FROM billing.staff WHERE tenant_id = ${tenantId} AND status <> 'terminated') AS staff,
      (SELECT count(*)::int FROM billing.appointments
        WHERE tenant_id = ${tenantId} AND status <> 'cancelled'
          AND created_at > ${now.toISOString()}::timestamptz - interval '32 days'
          AND to_char(created_at AT TIME ZONE timezone, 'YYYY-MM')
            = to_char(${now.toISOString()}::timestamptz AT TIME ZONE timezone, 'YYYY-MM')) AS appointments_this_month,
      (SELECT count(*)::int FROM billing.services WHERE tenant_id = ${tenantId} AND status <> 'archived') AS services`,
  );
  return row ?? { outlets: 0, staff: 0, appointments_this_month: 0, services: 0 };
}

export async function upsertCustomer(tx: Executor, customerId: string, tenantId: string): Promise<void> {
  await tx.execute(sql`
    INSERT INTO billing.customers (customer_id, tenant_id) VALUES (${customerId}, ${tenantId})
    ON CONFLICT (customer_id) DO NOTHING`);
}

export async function deleteCustomer(tx: Executor, customerId: string): Promise<void> {
  await tx.execute(sql`DELETE FROM billing.customers WHERE customer_id = ${customerId}`);
}

/** The tenant of a known customer; `tenantId` restricts the lookup to one tenant. */
export async function customerTenant(
  executor: Executor,
  customerId: string,
  tenantId?: string,
): Promise<string | undefined> {
  const [row] = await selectRows<{ tenant_id: string }>(
    executor,
    sql`SELECT tenant_id FROM billing.customers WHERE customer_id = ${customerId}
        ${tenantId ? sql`AND tenant_id = ${tenantId}` : sql``}`,
  );
  return row?.tenant_id;
}
