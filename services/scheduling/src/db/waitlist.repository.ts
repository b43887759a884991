import { sql, type SQL } from 'drizzle-orm';
import type { WaitlistStatus } from '@salon/contracts';
import { idArray, isoOf, selectRows, type Executor } from '@salon/service-kit';

export interface WaitlistEntryRecord {
  id: string;
  tenant_id: string;
  customer_id: string;
  /** From the customers replica at read time (null while the replica has not heard of the customer). */
  customer_name: string | null;
  outlet_id: string;
  service_id: string;
  staff_id: string | null;
  date: string;
  /** Minutes since local midnight; null: any time. */
  window_start: number | null;
  window_end: number | null;
  status: WaitlistStatus;
  appointment_id: string | null;
  created_at: string;
  updated_at: string;
}

const columns = sql`w.id, w.tenant_id, w.customer_id,
  (SELECT nullif(trim(concat_ws(' ', c.first_name, c.last_name)), '') FROM scheduling.customers c
   WHERE c.tenant_id = w.tenant_id AND c.customer_id = w.customer_id) AS customer_name,
  w.outlet_id, w.service_id, w.staff_id, to_char(w.date, 'YYYY-MM-DD') AS date,
  w.window_start::int AS window_start, w.window_end::int AS window_end, w.status, w.appointment_id,
  ${isoOf(sql`w.created_at`)} AS created_at, ${isoOf(sql`w.updated_at`)} AS updated_at`;

export async function insertWaitlistEntry(
  tx: Executor,
  entry: {
    id: string;
    tenantId: string;
    customerId: string;
    outletId: string;
    serviceId: string;
    staffId: string | null;
    date: string;
    windowStart: number | null;
    windowEnd: number | null;
  },
): Promise<WaitlistEntryRecord> {
  const [row] = await selectRows<WaitlistEntryRecord>(
    tx,
    sql`WITH w AS (
          INSERT INTO scheduling.waitlist_entries
            (id, tenant_id, customer_id, outlet_id, service_id, staff_id, date, window_start, window_end)
          VALUES (${entry.id}, ${entry.tenantId}, ${entry.customerId}, ${entry.outletId}, ${entry.serviceId},
            ${entry.staffId}, ${entry.date}::date, ${entry.windowStart}, ${entry.windowEnd})
          RETURNING *)
        SELECT ${columns} FROM w`,
  );
  return row as WaitlistEntryRecord;
}

export async function findWaitlistEntry(
  executor: Executor,
  tenantId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<WaitlistEntryRecord | undefined> {
  const [row] = await selectRows<WaitlistEntryRecord>(
    executor,
    sql`SELECT ${columns} FROM scheduling.waitlist_entries w WHERE w.tenant_id = ${tenantId} AND w.id = ${id}
        ${options.forUpdate ? sql`FOR UPDATE` : sql``}`,
  );
  return row;
}

/** Leaves the queue: only a waiting entry; whether it changed. */
export async function leaveWaitlistEntry(tx: Executor, tenantId: string, id: string): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`UPDATE scheduling.waitlist_entries SET status = 'left', updated_at = now()
        WHERE tenant_id = ${tenantId} AND id = ${id} AND status = 'waiting' RETURNING id`,
  );
  return rows.length > 0;
}

export interface WaitlistFilter {
  customerId?: string;
  date?: string;
  serviceId?: string;
  /** The outlets the caller may see; undefined: all of the tenant's. */
  outletIds?: readonly string[];
  status?: WaitlistStatus;
}

/** A page of the tenant's waitlist entries: a customer's newest first, a day's in queue order. */
export async function listWaitlistEntries(
  executor: Executor,
  tenantId: string,
  filter: WaitlistFilter,
  { offset, limit, order }: { offset: number; limit: number; order: 'newest' | 'queue' },
): Promise<{ items: WaitlistEntryRecord[]; total: number }> {
  const conditions: SQL[] = [sql`w.tenant_id = ${tenantId}`];
  if (filter.customerId) conditions.push(sql`w.customer_id = ${filter.customerId}`);
  if (filter.date) conditions.push(sql`w.date = ${filter.date}::date`);
  if (filter.serviceId) conditions.push(sql`w.service_id = ${filter.serviceId}`);
  if (filter.outletIds) conditions.push(sql`w.outlet_id = ANY(${idArray(filter.outletIds)})`);
  if (filter.status) conditions.push(sql`w.status = ${filter.status}`);
  const where = sql.join(conditions, sql` AND `);
  const [count] = await selectRows<{ total: number }>(
    executor,
    sql`SELECT count(*)::int AS total FROM scheduling.waitlist_entries w WHERE ${where}`,
  );
  const orderBy = order === 'queue' ? sql`w.created_at, w.id` : sql`w.created_at DESC, w.id DESC`;
  const items = await selectRows<WaitlistEntryRecord>(
    executor,
    sql`SELECT ${columns} FROM scheduling.waitlist_entries w WHERE ${where}
        ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}`,
  );
  return { items, total: count?.total ?? 0 };
}

/** Account deletion: the customer's entries go (they name the customer). */
export async function deleteCustomerWaitlistEntries(
  tx: Executor,
  tenantId: string,
  customerId: string,
): Promise<void> {
  await tx.execute(
    sql`DELETE FROM scheduling.waitlist_entries WHERE tenant_id = ${tenantId} AND customer_id = ${customerId}`,
  );
}
