import { sql, type SQL } from 'drizzle-orm';
import { idArray, selectRows, type Executor } from '@salon/service-kit';
import {
  serviceColumns,
  tenantAndOutletJson,
  type OutletView,
  type ServiceReplica,
  type TenantSettingsView,
} from './replica.repository';

/**
 * The availability grid's reads: three round trips whatever the range or staff count, and a fourth when some of
 * them are cached. Entries and occupancies come back as one packed string per staff member (a few numbers per
 * row, decided for the grid's service in SQL), which is far cheaper to produce, send and parse than a row or a
 * JSON object each, with the snapshot they were read in.
 */

export interface GridStaff {
  id: string;
  display_name: string;
  gender: string | null;
  accepts_online_booking: boolean;
  max_advance_booking_days: number;
}

export interface GridContext {
  tenant: TenantSettingsView | null;
  outlet: OutletView | null;
  service: ServiceReplica | null;
  /** Active, bookable staff of the outlet qualified for the service, in display-name order. */
  staff: GridStaff[];
}

export async function loadGridContext(
  executor: Executor,
  tenantId: string,
  query: { outletId: string; serviceId: string; staffId?: string },
): Promise<GridContext> {
  const [row] = await selectRows<GridContext>(
    executor,
    sql`SELECT
      ${tenantAndOutletJson(tenantId, query.outletId)},
      (SELECT row_to_json(v) FROM (SELECT ${serviceColumns} FROM scheduling.services
                                   WHERE tenant_id = ${tenantId} AND service_id = ${query.serviceId}) v) AS service,
      (SELECT coalesce(json_agg(v ORDER BY lower(v.display_name), v.id), '[]'::json) FROM (
         SELECT s.id, s.display_name, s.gender, s.accepts_online_booking, s.max_advance_booking_days
         FROM scheduling.staff s
         WHERE s.tenant_id = ${tenantId} AND s.outlet_id = ${query.outletId} AND s.status = 'active' AND s.is_bookable
           AND (s.skills->'service_ids' @> ${JSON.stringify([query.serviceId])}::jsonb
                OR jsonb_array_length(coalesce(s.skills->'service_ids', '[]'::jsonb)) = 0)
           ${query.staffId ? sql`AND s.id = ${query.staffId}` : sql``}) v) AS staff`,
  );
  return row as GridContext;
}

/**
 * Reads a packed string's fields in order (integers and one-letter codes, each followed by `,` or `;`) without
 * splitting it: a 90-day grid's packed strings hold tens of thousands of fields, and a string each is garbage.
 */
class PackedFields {
  private at = 0;

  constructor(private readonly text: string) {}

  get done(): boolean {
    return this.at >= this.text.length;
  }

  integer(): number {
    const { text } = this;
    const negative = text.charCodeAt(this.at) === 45; // '-'
    if (negative) this.at += 1;
    let value = 0;
    for (let code = text.charCodeAt(this.at); code >= 48 && code <= 57; code = text.charCodeAt(this.at)) {
      value = value * 10 + (code - 48);
      this.at += 1;
    }
    this.at += 1; // the separator
    return negative ? -value : value;
  }

  letter(): string {
    const letter = this.text.charAt(this.at);
    this.at += 2; // the letter and its separator
    return letter;
  }
}

/** Rows of some staff members as one statement saw them, and that statement's snapshot (`pg_snapshot` text). */
export interface SnapshotRead<T> {
  byStaff: Map<string, T>;
  snapshot: string;
}

/** Packed rows by staff id, and the snapshot of the statement that read them (the row without a staff id). */
async function packedRead(
  executor: Executor,
  grouped: SQL,
): Promise<{ rows: Map<string, string>; snapshot: string }> {
  const rows = await selectRows<{ staff_id: string | null; packed: string }>(
    executor,
    sql`SELECT staff_id, packed FROM (${grouped}) g UNION ALL SELECT NULL, pg_current_snapshot()::text`,
  );
  const byStaff = new Map<string, string>();
  let snapshot = '';
  for (const row of rows) {
    if (row.staff_id === null) snapshot = row.packed;
    else byStaff.set(row.staff_id.trim(), row.packed);
  }
  return { rows: byStaff, snapshot };
}

/**
 * Of cached reads, by staff id and the snapshot each was read in, those now out of date: the staff member's
 * entries or appointments changed (`staff_schedule_changes`) in a transaction that has committed and that the
 * snapshot did not see. A change still in progress is invisible here too, so the read stays current until it
 * commits; only rows from transactions at or after the snapshot's xmin can be unseen, which the index finds.
 */
export async function staleReads(
  executor: Executor,
  reads: readonly { staffId: string; snapshot: string }[],
): Promise<Set<string>> {
  if (reads.length === 0) return new Set();
  // A snapshot's text ("xmin:xmax:xip,…") holds commas, so each is quoted in the array literal.
  const snapshots = `{${reads.map((read) => `"${read.snapshot}"`).join(',')}}`;
  const rows = await selectRows<{ staff_id: string; snapshot: string }>(
    executor,
    sql`SELECT r.staff_id, r.snapshot
        FROM unnest(${idArray(reads.map((read) => read.staffId))}, ${snapshots}::text[]) AS r(staff_id, snapshot)
        WHERE EXISTS (
          SELECT 1 FROM scheduling.staff_schedule_changes c
          WHERE c.staff_id = r.staff_id AND c.changed_by >= pg_snapshot_xmin(r.snapshot::pg_snapshot)
            AND NOT pg_visible_in_snapshot(c.changed_by, r.snapshot::pg_snapshot))`,
  );
  return new Set(rows.map((row) => staleKey(row.staff_id.trim(), row.snapshot)));
}

/** How `staleReads` names a stale read. */
export const staleKey = (staffId: string, snapshot: string) => `${staffId} ${snapshot}`;

/** One staff member's availability entries of one day, in local minutes. */
export interface GridDay {
  /** Working-hours entries that allow the service: [start, end] pairs, flattened. */
  working: number[];
  /** Breaks, blocks and vacations: [start, end] pairs, flattened. */
  blocked: number[];
}

/**
 * Availability entries from `from` to `to` by staff id, then by day offset from `from`. A working-hours entry
 * whose `service_ids` leaves the service out gives no slots, so it is dropped here.
 */
export async function gridEntries(
  executor: Executor,
  tenantId: string,
  staffIds: readonly string[],
  serviceId: string,
  from: string,
  to: string,
): Promise<SnapshotRead<Map<number, GridDay>>> {
  const minutes = (column: string) =>
    sql.raw(`(date_part('hour', ${column}) * 60 + date_part('minute', ${column}))::int`);
  const { rows, snapshot } = await packedRead(
    executor,
    sql`SELECT staff_id, string_agg(concat_ws(',', date - ${from}::date, ${minutes('start_time')},
          ${minutes('end_time')},
          CASE WHEN availability_type <> 'working_hours' THEN 'b'
               WHEN jsonb_typeof(service_ids) IS DISTINCT FROM 'array'
                 OR service_ids @> ${JSON.stringify([serviceId])}::jsonb THEN 'w'
               ELSE '-' END), ';' ORDER BY date, start_time) AS packed
        FROM scheduling.availability
        WHERE tenant_id = ${tenantId} AND staff_id = ANY(${idArray(staffIds)})
          AND date BETWEEN ${from}::date AND ${to}::date
        GROUP BY staff_id`,
  );
  const byStaff = new Map<string, Map<number, GridDay>>();
  for (const staffId of staffIds) {
    const days = new Map<number, GridDay>();
    const packed = rows.get(staffId);
    for (const fields = new PackedFields(packed ?? ''); !fields.done;) {
      const offset = fields.integer();
      const start = fields.integer();
      const end = fields.integer();
      const kind = fields.letter();
      if (kind === '-') continue;
      let day = days.get(offset);
      if (!day) days.set(offset, (day = { working: [], blocked: [] }));
      (kind === 'w' ? day.working : day.blocked).push(start, end);
    }
    byStaff.set(staffId, days);
  }
  return { byStaff, snapshot };
}

/** One staff member's active occupancies, sorted by start (epoch ms, half open). */
export interface GridOccupancies {
  starts: number[];
  ends: number[];
  /** True for an appointment of the same parallel service (shares capacity); false conflicts outright. */
  sameParallel: boolean[];
  /** The longest range, so a lookup can start from a binary search on starts. */
  longest: number;
}

export async function gridOccupancies(
  executor: Executor,
  tenantId: string,
  staffIds: readonly string[],
  serviceId: string,
  from: Date,
  to: Date,
): Promise<SnapshotRead<GridOccupancies>> {
  const { rows, snapshot } = await packedRead(
    executor,
    sql`SELECT staff_id, string_agg(
          CASE WHEN parallel AND service_id = ${serviceId} THEN '1,' ELSE '0,' END
            || date_part('epoch', lower(occupancy))::int8 || ',' || date_part('epoch', upper(occupancy))::int8,
          ';' ORDER BY lower(occupancy)) AS packed
        FROM scheduling.appointment_services
        WHERE tenant_id = ${tenantId} AND active AND staff_id = ANY(${idArray(staffIds)})
          AND occupancy && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz)
        GROUP BY staff_id`,
  );
  const byStaff = new Map<string, GridOccupancies>();
  for (const staffId of staffIds) {
    const occupancies: GridOccupancies = { starts: [], ends: [], sameParallel: [], longest: 0 };
    for (const fields = new PackedFields(rows.get(staffId) ?? ''); !fields.done;) {
      const same = fields.integer() === 1;
      const startMs = fields.integer() * 1000;
      const endMs = fields.integer() * 1000;
      occupancies.starts.push(startMs);
      occupancies.ends.push(endMs);
      occupancies.sameParallel.push(same);
      occupancies.longest = Math.max(occupancies.longest, endMs - startMs);
    }
    byStaff.set(staffId, occupancies);
  }
  return { byStaff, snapshot };
}

/** What a staff member's next free slot reads: its tenant, its outlet and the bookable services it may take. */
export interface StaffSlotContext {
  tenant: TenantSettingsView | null;
  outlet: OutletView | null;
  /** The tenant's active services among `serviceIds` (all of them when `serviceIds` is empty), by id. */
  services: ServiceReplica[];
}

export async function loadStaffSlotContext(
  executor: Executor,
  tenantId: string,
  query: { outletId: string; serviceIds: readonly string[] },
): Promise<StaffSlotContext> {
  const [row] = await selectRows<StaffSlotContext>(
    executor,
    sql`SELECT
      ${tenantAndOutletJson(tenantId, query.outletId)},
      (SELECT coalesce(json_agg(v ORDER BY v.service_id), '[]'::json) FROM (
         SELECT ${serviceColumns} FROM scheduling.services
         WHERE tenant_id = ${tenantId} AND status = 'active' AND is_active
           ${query.serviceIds.length > 0 ? sql`AND service_id = ANY(${idArray(query.serviceIds)})` : sql``}) v)
        AS services`,
  );
  return row as StaffSlotContext;
}
