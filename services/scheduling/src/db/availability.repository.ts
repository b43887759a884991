import { sql, type SQL } from 'drizzle-orm';
import { idArray, isoOf, selectRows, type Executor } from '@salon/service-kit';
import type { AvailabilityType, RecurrenceType } from '../domain/availability-rules';

export interface AvailabilityRecord {
  id: string;
  tenant_id: string;
  staff_id: string;
  outlet_id: string;
  date: string;
  start_time: string;
  end_time: string;
  availability_type: AvailabilityType;
  recurrence_type: RecurrenceType;
  recurrence_end_date: string | null;
  recurrence_days: number[] | null;
  is_available: boolean;
  notes: string | null;
  service_ids: string[] | null;
  created_at: string;
  updated_at: string;
}

export type AvailabilityWrite = Omit<AvailabilityRecord, 'tenant_id' | 'created_at' | 'updated_at'> & {
  pattern_id: string | null;
};

export const availabilityColumns = sql`id, tenant_id, staff_id, outlet_id, to_char(date, 'YYYY-MM-DD') AS date,
  to_char(start_time, 'HH24:MI:SS') AS start_time, to_char(end_time, 'HH24:MI:SS') AS end_time,
  availability_type, recurrence_type, to_char(recurrence_end_date, 'YYYY-MM-DD') AS recurrence_end_date,
  recurrence_days, is_available, notes, service_ids,
  ${isoOf(sql`created_at`)} AS created_at, ${isoOf(sql`updated_at`)} AS updated_at`;

export async function insertAvailability(
  tx: Executor,
  tenantId: string,
  entries: readonly AvailabilityWrite[],
): Promise<void> {
  for (let index = 0; index < entries.length; index += 200) {
    const rows = entries.slice(index, index + 200).map(
      (entry) => sql`(${entry.id}, ${tenantId}, ${entry.staff_id}, ${entry.outlet_id}, ${entry.date}::date,
        ${entry.start_time}::time, ${entry.end_time}::time, ${entry.availability_type}, ${entry.recurrence_type},
        ${entry.recurrence_end_date}::date, ${entry.recurrence_days ? JSON.stringify(entry.recurrence_days) : null}::jsonb,
        ${entry.is_available}, ${entry.notes}, ${entry.service_ids ? JSON.stringify(entry.service_ids) : null}::jsonb,
        ${entry.pattern_id})`,
    );
    await tx.execute(sql`
      INSERT INTO scheduling.availability (id, tenant_id, staff_id, outlet_id, date, start_time, end_time,
        availability_type, recurrence_type, recurrence_end_date, recurrence_days, is_available, notes, service_ids,
        pattern_id)
      VALUES ${sql.join(rows, sql`, `)}`);
  }
}

export async function updateAvailability(
  tx: Executor,
  tenantId: string,
  entry: AvailabilityWrite,
): Promise<void> {
  await tx.execute(sql`
    UPDATE scheduling.availability SET date = ${entry.date}::date, start_time = ${entry.start_time}::time,
      end_time = ${entry.end_time}::time, availability_type = ${entry.availability_type},
      is_available = ${entry.is_available}, notes = ${entry.notes},
      service_ids = ${entry.service_ids ? JSON.stringify(entry.service_ids) : null}::jsonb, updated_at = now()
    WHERE tenant_id = ${tenantId} AND id = ${entry.id}`);
}

export async function deleteAvailability(tx: Executor, tenantId: string, id: string): Promise<void> {
  await tx.execute(sql`DELETE FROM scheduling.availability WHERE tenant_id = ${tenantId} AND id = ${id}`);
}

export async function findAvailability(
  executor: Executor,
  tenantId: string,
  id: string,
): Promise<AvailabilityRecord | undefined> {
  const [row] = await selectRows<AvailabilityRecord>(
    executor,
    sql`SELECT ${availabilityColumns} FROM scheduling.availability WHERE tenant_id = ${tenantId} AND id = ${id}`,
  );
  return row;
}

/** Every entry of the given staff members between two dates (inclusive), in date and time order. */
export async function entriesOfStaff(
  executor: Executor,
  tenantId: string,
  staffIds: readonly string[],
  from: string,
  to: string,
): Promise<AvailabilityRecord[]> {
  if (staffIds.length === 0) return [];
  return selectRows<AvailabilityRecord>(
    executor,
    sql`SELECT ${availabilityColumns} FROM scheduling.availability
        WHERE tenant_id = ${tenantId} AND staff_id = ANY(${idArray(staffIds)})
          AND date BETWEEN ${from}::date AND ${to}::date
        ORDER BY date, start_time, id`,
  );
}

export interface AvailabilityFilters {
  from: string;
  to: string;
  staffId?: string;
  /** Only these staff members' entries (role visibility); an empty list sees nothing. */
  onlyStaffIds?: string[];
  type?: string;
  outletId?: string;
  /** Only entries at these outlets (the caller's outlet scope); an empty list sees nothing. */
  outletIds?: readonly string[];
}

export async function listAvailability(
  executor: Executor,
  tenantId: string,
  filters: AvailabilityFilters,
  page: { offset: number; limit: number },
): Promise<{ items: AvailabilityRecord[]; total: number }> {
  const conditions: SQL[] = [
    sql`tenant_id = ${tenantId}`,
    sql`date BETWEEN ${filters.from}::date AND ${filters.to}::date`,
  ];
  if (filters.staffId) conditions.push(sql`staff_id = ${filters.staffId}`);
  if (filters.onlyStaffIds) conditions.push(sql`staff_id = ANY(${idArray(filters.onlyStaffIds)})`);
  if (filters.type) conditions.push(sql`availability_type = ${filters.type}`);
  if (filters.outletId) conditions.push(sql`outlet_id = ${filters.outletId}`);
  if (filters.outletIds) conditions.push(sql`outlet_id = ANY(${idArray(filters.outletIds)})`);
  const where = sql.join(conditions, sql` AND `);
  const [count] = await selectRows<{ total: number }>(
    executor,
    sql`SELECT count(*)::int AS total FROM scheduling.availability WHERE ${where}`,
  );
  const items = await selectRows<AvailabilityRecord>(
    executor,
    sql`SELECT ${availabilityColumns} FROM scheduling.availability WHERE ${where}
        ORDER BY date, start_time, id LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  return { items, total: count?.total ?? 0 };
}
