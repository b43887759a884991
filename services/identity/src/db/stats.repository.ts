import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '@salon/service-kit';

export interface AppointmentCounter {
  appointment_id: string;
  tenant_id: string;
  status: string;
  appointment_date: string;
  version: number;
  customer_id: string | null;
  total_price: string;
}

/** Keeps one row per appointment with the status of its newest snapshot; older or repeated ones change nothing. */
export async function upsertAppointmentCounter(tx: Executor, counter: AppointmentCounter): Promise<void> {
  await tx.execute(
    sql`INSERT INTO identity.appointment_counters
          (appointment_id, tenant_id, status, appointment_date, version, customer_id, total_price)
        VALUES (${counter.appointment_id}, ${counter.tenant_id}, ${counter.status}, ${counter.appointment_date},
          ${counter.version}, ${counter.customer_id}, ${counter.total_price}::numeric)
        ON CONFLICT (appointment_id) DO UPDATE
          SET status = excluded.status, appointment_date = excluded.appointment_date,
            version = excluded.version, customer_id = excluded.customer_id,
            total_price = excluded.total_price, updated_at = now()
          WHERE identity.appointment_counters.version < excluded.version`,
  );
}

/** Appointments of the tenant dated in `[from, to)` (local dates), by latest status. */
export async function countAppointmentsByStatus(
  executor: Executor,
  tenantId: string,
  { from, to }: { from: string; to: string },
): Promise<{ status: string; count: number }[]> {
  return selectRows<{ status: string; count: number }>(
    executor,
    sql`SELECT status, count(*)::int AS count FROM identity.appointment_counters
        WHERE tenant_id = ${tenantId} AND appointment_date >= ${from}::date AND appointment_date < ${to}::date
        GROUP BY status`,
  );
}

/** Customers not deleted; active ones; and those who signed up in the last 30 days. */
export async function countCustomers(
  executor: Executor,
  tenantId: string,
): Promise<{ total: number; active: number; recent_signups: number }> {
  const [row] = await selectRows<{ total: number; active: number; recent_signups: number }>(
    executor,
    sql`SELECT count(*)::int AS total,
          count(*) FILTER (WHERE is_active)::int AS active,
          count(*) FILTER (WHERE created_at >= now() - interval '30 days')::int AS recent_signups
        FROM identity.customers WHERE tenant_id = ${tenantId} AND NOT is_deleted`,
  );
  return row!;
}
