import { sql, type SQL } from 'drizzle-orm';
import type { WaitlistStatus } from '@salon/contracts';
import { idArray, isoOf, lockFor, selectRows, type Executor } from '@salon/service-kit';

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
  /** The slot held for the entry now, if any. */
  offer: WaitlistOfferRecord | null;
  created_at: string;
  updated_at: string;
}

export type WaitlistOfferStatus = 'offered' | 'accepted' | 'declined' | 'lapsed' | 'withdrawn';

export interface WaitlistOfferRecord {
  id: string;
  tenant_id: string;
  entry_id: string;
  customer_id: string;
  outlet_id: string;
  service_id: string;
  staff_id: string;
  date: string;
  start_time: number;
  starts_at: string;
  status: WaitlistOfferStatus;
  expires_at: string;
  appointment_id: string | null;
  /** Whether `expires_at` has passed by the database's clock (as the hold was set by it). */
  expired: boolean;
}

const offerColumns = sql`o.id, o.tenant_id, o.entry_id, o.customer_id, o.outlet_id, o.service_id, o.staff_id,
  to_char(o.date, 'YYYY-MM-DD') AS date, o.start_time::int AS start_time, ${isoOf(sql`o.starts_at`)} AS starts_at,
  o.status, ${isoOf(sql`o.expires_at`)} AS expires_at, o.appointment_id, o.expires_at <= now() AS expired`;

const columns = sql`w.id, w.tenant_id, w.customer_id,
  (SELECT nullif(trim(concat_ws(' ', c.first_name, c.last_name)), '') FROM scheduling.customers c
   WHERE c.tenant_id = w.tenant_id AND c.customer_id = w.customer_id) AS customer_name,
  w.outlet_id, w.service_id, w.staff_id, to_char(w.date, 'YYYY-MM-DD') AS date,
  w.window_start::int AS window_start, w.window_end::int AS window_end, w.status, w.appointment_id,
  (SELECT row_to_json(x) FROM (SELECT ${offerColumns} FROM scheduling.waitlist_offers o
     WHERE o.entry_id = w.id AND o.status = 'offered') x) AS offer,
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

/** A freed slot: a staff member's start on a local date at an outlet. */
export interface FreedSlot {
  tenantId: string;
  outletId: string;
  staffId: string;
  date: string;
  /** Minutes since local midnight. */
  startTime: number;
}

/**
 * Serialises the offering of one day's slots at an outlet: two slots freeing at once are offered one after the
 * other, so the second sees the first's offer and goes to the next customer.
 */
export async function lockWaitlistDay(tx: Executor, slot: Pick<FreedSlot, 'tenantId' | 'outletId' | 'date'>) {
  await lockFor(tx, 'scheduling.waitlist', `${slot.tenantId}:${slot.outletId}:${slot.date}`);
}

/** Of `dates`, those on which someone who joined by `joinedBy` waits at the outlet for this staff member or anyone. */
export async function datesWithWaiting(
  tx: Executor,
  where: { tenantId: string; outletId: string; staffId: string; dates: readonly string[]; joinedBy: string },
): Promise<string[]> {
  const rows = await selectRows<{ date: string }>(
    tx,
    sql`SELECT DISTINCT to_char(date, 'YYYY-MM-DD') AS date FROM scheduling.waitlist_entries
        WHERE tenant_id = ${where.tenantId} AND outlet_id = ${where.outletId} AND status = 'waiting'
          AND date = ANY(${`{${where.dates.join(',')}}`}::date[])
          AND (staff_id IS NULL OR staff_id = ${where.staffId}) AND created_at <= ${where.joinedBy}::timestamptz
        ORDER BY 1`,
  );
  return rows.map((row) => row.date);
}

/** Whether the slot is held for someone now. */
export async function hasLiveOffer(tx: Executor, slot: FreedSlot): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`SELECT id FROM scheduling.waitlist_offers WHERE tenant_id = ${slot.tenantId} AND staff_id = ${slot.staffId}
          AND date = ${slot.date}::date AND start_time = ${slot.startTime} AND status = 'offered'`,
  );
  return rows.length > 0;
}

/**
 * The waiting entries the slot may go to, in queue order: the outlet and date, anyone or this staff member, a
 * window that lets the slot start then, no offer held now, and never offered this slot before.
 */
export async function slotCandidates(
  tx: Executor,
  slot: FreedSlot,
  joinedBy: string | null = null,
): Promise<WaitlistEntryRecord[]> {
  return selectRows<WaitlistEntryRecord>(
    tx,
    sql`SELECT ${columns} FROM scheduling.waitlist_entries w
        WHERE w.tenant_id = ${slot.tenantId} AND w.outlet_id = ${slot.outletId} AND w.date = ${slot.date}::date
          AND w.status = 'waiting' AND (w.staff_id IS NULL OR w.staff_id = ${slot.staffId})
          AND (${joinedBy}::timestamptz IS NULL OR w.created_at <= ${joinedBy}::timestamptz)
          AND (w.window_start IS NULL OR w.window_start <= ${slot.startTime})
          AND (w.window_end IS NULL OR w.window_end > ${slot.startTime})
          AND NOT EXISTS (SELECT 1 FROM scheduling.waitlist_offers o WHERE o.entry_id = w.id
                          AND (o.status = 'offered' OR (o.staff_id = ${slot.staffId} AND o.date = w.date
                                                        AND o.start_time = ${slot.startTime})))
        ORDER BY w.created_at, w.id
        LIMIT 50`,
  );
}

export async function insertWaitlistOffer(
  tx: Executor,
  offer: {
    id: string;
    entry: WaitlistEntryRecord;
    slot: FreedSlot;
    startsAt: Date;
    holdMinutes: number;
  },
): Promise<WaitlistOfferRecord> {
  const { entry, slot } = offer;
  const [row] = await selectRows<WaitlistOfferRecord>(
    tx,
    sql`WITH o AS (
          INSERT INTO scheduling.waitlist_offers
            (id, tenant_id, entry_id, customer_id, outlet_id, service_id, staff_id, date, start_time, starts_at,
             expires_at)
          VALUES (${offer.id}, ${slot.tenantId}, ${entry.id}, ${entry.customer_id}, ${slot.outletId},
            ${entry.service_id}, ${slot.staffId}, ${slot.date}::date, ${slot.startTime},
            ${offer.startsAt.toISOString()}::timestamptz, now() + make_interval(mins => ${offer.holdMinutes}))
          RETURNING *)
        SELECT ${offerColumns} FROM o`,
  );
  return row as WaitlistOfferRecord;
}

export async function findWaitlistOffer(
  executor: Executor,
  tenantId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<WaitlistOfferRecord | undefined> {
  const [row] = await selectRows<WaitlistOfferRecord>(
    executor,
    sql`SELECT ${offerColumns} FROM scheduling.waitlist_offers o WHERE o.tenant_id = ${tenantId} AND o.id = ${id}
        ${options.forUpdate ? sql`FOR UPDATE` : sql``}`,
  );
  return row;
}

/** Ends a live offer (accepted, declined, lapsed, withdrawn); whether it was still live. */
export async function closeWaitlistOffer(
  tx: Executor,
  tenantId: string,
  id: string,
  status: Exclude<WaitlistOfferStatus, 'offered'>,
  appointmentId: string | null = null,
): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`UPDATE scheduling.waitlist_offers SET status = ${status}, appointment_id = ${appointmentId},
          updated_at = now()
        WHERE tenant_id = ${tenantId} AND id = ${id} AND status = 'offered' RETURNING id`,
  );
  return rows.length > 0;
}

/** The entry an accepted offer booked. */
export async function markWaitlistEntryBooked(
  tx: Executor,
  tenantId: string,
  id: string,
  appointmentId: string,
): Promise<void> {
  await tx.execute(
    sql`UPDATE scheduling.waitlist_entries SET status = 'booked', appointment_id = ${appointmentId},
          updated_at = now()
        WHERE tenant_id = ${tenantId} AND id = ${id}`,
  );
}
