import { sql, type SQL } from 'drizzle-orm';
import type { AppointmentStatus } from '@salon/contracts';
import { idArray, isoOf, selectRows, textArray, type Executor } from '@salon/service-kit';

export interface AppointmentLine {
  position: number;
  service_id: string;
  service_name: string;
  staff_id: string;
  staff_name: string;
  start_time: string;
  end_time: string;
  duration_minutes: number;
  price: string;
  currency: string;
  price_source: 'promotional_price' | 'outlet_override' | 'base_price';
}

export interface AppointmentRecord {
  id: string;
  tenant_id: string;
  outlet_id: string;
  customer_id: string | null;
  customer_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  appointment_date: string;
  start_time: string;
  end_time: string;
  timezone: string;
  starts_at: string;
  ends_at: string;
  status: AppointmentStatus;
  total_price: string;
  currency: string;
  /** The deposit the booking owes ("0.00" when none) and when it is released unpaid (null when none). */
  deposit_amount: string;
  deposit_due_at: string | null;
  notes: string | null;
  booked_by: 'customer' | 'staff';
  payment_id: string | null;
  cancelled_at: string | null;
  /** Who cancelled it, and who last moved it and when (staff may do both inside the customers' deadline). */
  cancelled_by: AppointmentActor | null;
  rescheduled_at: string | null;
  rescheduled_by: AppointmentActor | null;
  version: number;
  created_at: string;
  updated_at: string;
  services: AppointmentLine[];
}

export interface AppointmentActor {
  type: 'customer' | 'staff';
  id: string;
}

/** One service line to store, with its occupancy in UTC. */
export interface SegmentWrite extends Omit<AppointmentLine, 'position'> {
  /** The deposit this line asks for at its price (pricing.deposit); not stored per line. */
  deposit?: string;
  parallel: boolean;
  max_parallel: number;
  occupancy_start: Date;
  occupancy_end: Date;
}

export interface AppointmentWrite {
  id: string;
  outlet_id: string;
  customer_id: string | null;
  customer_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  appointment_date: string;
  start_time: string;
  end_time: string;
  timezone: string;
  starts_at: Date;
  ends_at: Date;
  total_price: string;
  currency: string;
  deposit_amount: string;
  deposit_due_at: Date | null;
  notes: string | null;
  booked_by: 'customer' | 'staff';
}

const columns = sql`a.id, a.tenant_id, a.outlet_id, a.customer_id, a.customer_name, a.customer_email,
  a.customer_phone, to_char(a.appointment_date, 'YYYY-MM-DD') AS appointment_date,
  to_char(a.start_time, 'HH24:MI:SS') AS start_time, to_char(a.end_time, 'HH24:MI:SS') AS end_time, a.timezone,
  ${isoOf(sql`a.starts_at`)} AS starts_at, ${isoOf(sql`a.ends_at`)} AS ends_at, a.status,
  a.total_price::text AS total_price, a.currency, a.deposit_amount::text AS deposit_amount,
  ${isoOf(sql`a.deposit_due_at`)} AS deposit_due_at, a.notes, a.booked_by, a.payment_id,
  ${isoOf(sql`a.cancelled_at`)} AS cancelled_at,
  CASE WHEN a.cancelled_by_type IS NULL THEN NULL
    ELSE json_build_object('type', a.cancelled_by_type, 'id', a.cancelled_by_id) END AS cancelled_by,
  ${isoOf(sql`a.rescheduled_at`)} AS rescheduled_at,
  CASE WHEN a.rescheduled_by_type IS NULL THEN NULL
    ELSE json_build_object('type', a.rescheduled_by_type, 'id', a.rescheduled_by_id) END AS rescheduled_by,
  a.version,
  ${isoOf(sql`a.created_at`)} AS created_at, ${isoOf(sql`a.updated_at`)} AS updated_at,
  (SELECT coalesce(json_agg(json_build_object(
      'position', x.position, 'service_id', x.service_id, 'service_name', x.service_name, 'staff_id', x.staff_id,
      'staff_name', x.staff_name, 'start_time', to_char(x.start_time, 'HH24:MI:SS'),
      'end_time', to_char(x.end_time, 'HH24:MI:SS'), 'duration_minutes', x.duration_minutes,
      'price', x.price::text, 'currency', x.currency, 'price_source', x.price_source) ORDER BY x.position), '[]')
     FROM scheduling.appointment_services x WHERE x.appointment_id = a.id) AS services`;

/**
 * The plan's monthly count, the same as billing's usage page: appointments created in the calendar month of
 * `now`, each read in its own (its outlet's) time zone, cancelled ones excluded.
 */
export async function countBookedThisMonth(executor: Executor, tenantId: string, now: Date): Promise<number> {
  const [row] = await selectRows<{ count: number }>(
    executor,
    sql`SELECT count(*)::int AS count FROM scheduling.appointments
        WHERE tenant_id = ${tenantId} AND status <> 'cancelled'
          AND created_at > ${now.toISOString()}::timestamptz - interval '32 days'
          AND to_char(created_at AT TIME ZONE timezone, 'YYYY-MM')
            = to_char(${now.toISOString()}::timestamptz AT TIME ZONE timezone, 'YYYY-MM')`,
  );
  return row?.count ?? 0;
}

export interface OccupancyRow {
  appointment_id: string;
  staff_id: string;
  service_id: string;
  parallel: boolean;
  start: number;
  end: number;
  start_time: string;
  end_time: string;
  notes: string | null;
}

/** An occupancy's ids and its range in epoch ms (half open). */
const rangeColumns = sql`x.appointment_id, x.staff_id, x.service_id, x.parallel,
          (extract(epoch FROM lower(x.occupancy)) * 1000)::float8 AS start,
          (extract(epoch FROM upper(x.occupancy)) * 1000)::float8 AS "end"`;

/** The active occupancies of the staff members overlapping [from, to), optionally leaving one appointment out. */
const activeOverlapping = (
  tenantId: string,
  staffIds: readonly string[],
  from: Date,
  to: Date,
  excludeAppointmentId?: string,
) => sql`WHERE x.tenant_id = ${tenantId} AND x.active AND x.staff_id = ANY(${idArray(staffIds)})
          AND x.occupancy && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz)
          ${excludeAppointmentId ? sql`AND x.appointment_id <> ${excludeAppointmentId}` : sql``}`;

/** Active occupancies of the staff members overlapping [from, to), optionally leaving one appointment out. */
export async function activeOccupancies(
  executor: Executor,
  tenantId: string,
  staffIds: readonly string[],
  from: Date,
  to: Date,
  excludeAppointmentId?: string,
): Promise<OccupancyRow[]> {
  if (staffIds.length === 0) return [];
  return selectRows<OccupancyRow>(
    executor,
    sql`SELECT ${rangeColumns},
          to_char(x.start_time, 'HH24:MI:SS') AS start_time, to_char(x.end_time, 'HH24:MI:SS') AS end_time,
          a.notes
        FROM scheduling.appointment_services x JOIN scheduling.appointments a ON a.id = x.appointment_id
        ${activeOverlapping(tenantId, staffIds, from, to, excludeAppointmentId)}`,
  );
}

export type OccupancyRange = Pick<
  OccupancyRow,
  'appointment_id' | 'staff_id' | 'service_id' | 'parallel' | 'start' | 'end'
>;

/** The same occupancies as bare ranges (capacity decisions and the grid need nothing else). */
export async function activeOccupancyRanges(
  executor: Executor,
  tenantId: string,
  staffIds: readonly string[],
  from: Date,
  to: Date,
  excludeAppointmentId?: string,
): Promise<OccupancyRange[]> {
  if (staffIds.length === 0) return [];
  return selectRows<OccupancyRange>(
    executor,
    sql`SELECT ${rangeColumns} FROM scheduling.appointment_services x
        ${activeOverlapping(tenantId, staffIds, from, to, excludeAppointmentId)}`,
  );
}

const segmentRows = (tenantId: string, appointmentId: string, segments: readonly SegmentWrite[]) =>
  sql.join(
    segments.map(
      (segment, position) => sql`(${appointmentId}, ${position}, ${tenantId}, ${segment.service_id},
      ${segment.service_name}, ${segment.staff_id}, ${segment.staff_name}, ${segment.start_time}::time,
      ${segment.end_time}::time, ${segment.duration_minutes}, ${segment.price}, ${segment.currency},
      ${segment.price_source}, ${segment.parallel}, ${segment.max_parallel},
      tstzrange(${segment.occupancy_start.toISOString()}::timestamptz, ${segment.occupancy_end.toISOString()}::timestamptz))`,
    ),
    sql`, `,
  );

const segmentInsert = sql`INSERT INTO scheduling.appointment_services (appointment_id, position, tenant_id, service_id,
  service_name, staff_id, staff_name, start_time, end_time, duration_minutes, price, currency, price_source, parallel,
  max_parallel, occupancy)`;

async function insertSegments(
  tx: Executor,
  tenantId: string,
  appointmentId: string,
  segments: readonly SegmentWrite[],
): Promise<void> {
  await tx.execute(sql`${segmentInsert} VALUES ${segmentRows(tenantId, appointmentId, segments)}`);
}

/** The appointment and its service lines in one statement; `at` is its created_at and updated_at. */
export async function insertAppointment(
  tx: Executor,
  tenantId: string,
  appointment: AppointmentWrite,
  segments: readonly SegmentWrite[],
  at: Date,
): Promise<void> {
  await tx.execute(sql`
    WITH appointment AS (
      INSERT INTO scheduling.appointments (id, tenant_id, outlet_id, customer_id, customer_name, customer_email,
        customer_phone, appointment_date, start_time, end_time, timezone, starts_at, ends_at, total_price, currency,
        deposit_amount, deposit_due_at, notes, booked_by, created_at, updated_at)
      VALUES (${appointment.id}, ${tenantId}, ${appointment.outlet_id}, ${appointment.customer_id},
        ${appointment.customer_name}, ${appointment.customer_email}, ${appointment.customer_phone},
        ${appointment.appointment_date}::date, ${appointment.start_time}::time, ${appointment.end_time}::time,
        ${appointment.timezone}, ${appointment.starts_at.toISOString()}::timestamptz,
        ${appointment.ends_at.toISOString()}::timestamptz, ${appointment.total_price}, ${appointment.currency},
        ${appointment.deposit_amount}, ${appointment.deposit_due_at?.toISOString() ?? null}::timestamptz,
        ${appointment.notes}, ${appointment.booked_by}, ${at.toISOString()}::timestamptz,
        ${at.toISOString()}::timestamptz)
      RETURNING id
    )
    ${segmentInsert} VALUES ${segmentRows(tenantId, appointment.id, segments)}`);
}

/** What a freshly inserted appointment reads as, without reading it back. */
export const insertedRecord = (
  tenantId: string,
  appointment: AppointmentWrite,
  segments: readonly SegmentWrite[],
  at: Date,
): AppointmentRecord => ({
  ...appointment,
  tenant_id: tenantId,
  starts_at: appointment.starts_at.toISOString(),
  ends_at: appointment.ends_at.toISOString(),
  deposit_due_at: appointment.deposit_due_at?.toISOString() ?? null,
  status: 'pending',
  payment_id: null,
  cancelled_at: null,
  cancelled_by: null,
  rescheduled_at: null,
  rescheduled_by: null,
  version: 1,
  created_at: at.toISOString(),
  updated_at: at.toISOString(),
  services: segments.map((segment, position) => ({
    position,
    service_id: segment.service_id,
    service_name: segment.service_name,
    staff_id: segment.staff_id,
    staff_name: segment.staff_name,
    start_time: segment.start_time,
    end_time: segment.end_time,
    duration_minutes: segment.duration_minutes,
    price: segment.price,
    currency: segment.currency,
    price_source: segment.price_source,
  })),
});

/** Moves an appointment: new date, times and the zone they are read in, segments replaced, version + 1. */
export async function moveAppointment(
  tx: Executor,
  tenantId: string,
  appointment: Pick<
    AppointmentWrite,
    'id' | 'appointment_date' | 'start_time' | 'end_time' | 'timezone' | 'starts_at' | 'ends_at'
  >,
  segments: readonly SegmentWrite[],
  by: AppointmentActor,
): Promise<void> {
  await tx.execute(sql`
    UPDATE scheduling.appointments SET appointment_date = ${appointment.appointment_date}::date,
      rescheduled_at = now(), rescheduled_by_type = ${by.type}, rescheduled_by_id = ${by.id},
      start_time = ${appointment.start_time}::time, end_time = ${appointment.end_time}::time,
      timezone = ${appointment.timezone}, starts_at = ${appointment.starts_at.toISOString()}::timestamptz,
      ends_at = ${appointment.ends_at.toISOString()}::timestamptz, version = version + 1, updated_at = now()
    WHERE tenant_id = ${tenantId} AND id = ${appointment.id}`);
  await tx.execute(sql`DELETE FROM scheduling.appointment_services WHERE appointment_id = ${appointment.id}`);
  await insertSegments(tx, tenantId, appointment.id, segments);
}

/** A status change; `active` follows whether the new status holds capacity. */
export async function setAppointmentStatus(
  tx: Executor,
  tenantId: string,
  id: string,
  status: AppointmentStatus,
  active: boolean,
  extra: { cancelledBy?: AppointmentActor; paymentId?: string } = {},
): Promise<void> {
  const { cancelledBy } = extra;
  await tx.execute(sql`
    UPDATE scheduling.appointments SET status = ${status}, version = version + 1, updated_at = now()
      ${
        cancelledBy
          ? sql`, cancelled_at = now(), cancelled_by_type = ${cancelledBy.type}, cancelled_by_id = ${cancelledBy.id}`
          : sql``
      }
      ${extra.paymentId ? sql`, payment_id = ${extra.paymentId}` : sql``}
    WHERE tenant_id = ${tenantId} AND id = ${id}`);
  await tx.execute(
    sql`UPDATE scheduling.appointment_services SET active = ${active} WHERE appointment_id = ${id}`,
  );
}

/**
 * Releases a booking whose deposit is unpaid (issue 22 item 1): pending → cancelled with the reason, only while it
 * is still pending without a payment (the caller holds the row lock the payment handler takes too); the capacity
 * frees at once. False when it was not released.
 */
export async function releaseUnpaidAppointment(tx: Executor, tenantId: string, id: string): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`UPDATE scheduling.appointments
        SET status = 'cancelled', version = version + 1, updated_at = now(), cancelled_at = now(),
          cancellation_reason = 'deposit_unpaid'
        WHERE tenant_id = ${tenantId} AND id = ${id} AND status = 'pending' AND payment_id IS NULL
        RETURNING id`,
  );
  if (rows.length === 0) return false;
  await tx.execute(
    sql`UPDATE scheduling.appointment_services SET active = false WHERE appointment_id = ${id}`,
  );
  return true;
}

/** Whether the database's clock has reached `at` (tasks may be delivered a little early). */
export async function hasPassed(executor: Executor, at: string): Promise<boolean> {
  const [row] = await selectRows<{ passed: boolean }>(
    executor,
    sql`SELECT now() >= ${at}::timestamptz AS passed`,
  );
  return row?.passed ?? false;
}

export async function findAppointment(
  executor: Executor,
  tenantId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<AppointmentRecord | undefined> {
  if (options.forUpdate) {
    await executor.execute(
      sql`SELECT 1 FROM scheduling.appointments WHERE tenant_id = ${tenantId} AND id = ${id} FOR UPDATE`,
    );
  }
  const [row] = await selectRows<AppointmentRecord>(
    executor,
    sql`SELECT ${columns} FROM scheduling.appointments a WHERE a.tenant_id = ${tenantId} AND a.id = ${id}`,
  );
  return row;
}

export interface AppointmentFilters {
  from?: string;
  to?: string;
  outletId?: string;
  /** Only appointments at these outlets (the caller's outlet scope); an empty list sees nothing. */
  outletIds?: readonly string[];
  staffId?: string;
  customerId?: string;
  statuses?: AppointmentStatus[];
  /** Only appointments starting at or after this instant. */
  upcomingFrom?: Date;
  /** Only appointments dated on or after this instant's local date in each appointment's own time zone. */
  fromLocalDateOf?: Date;
}

function appointmentWhere(tenantId: string, filters: AppointmentFilters): SQL {
  const conditions: SQL[] = [sql`a.tenant_id = ${tenantId}`];
  if (filters.from) conditions.push(sql`a.appointment_date >= ${filters.from}::date`);
  if (filters.to) conditions.push(sql`a.appointment_date <= ${filters.to}::date`);
  if (filters.outletId) conditions.push(sql`a.outlet_id = ${filters.outletId}`);
  if (filters.outletIds) conditions.push(sql`a.outlet_id = ANY(${idArray(filters.outletIds)})`);
  if (filters.customerId) conditions.push(sql`a.customer_id = ${filters.customerId}`);
  if (filters.statuses) conditions.push(sql`a.status = ANY(${textArray(filters.statuses)})`);
  if (filters.upcomingFrom)
    conditions.push(sql`a.starts_at >= ${filters.upcomingFrom.toISOString()}::timestamptz`);
  if (filters.fromLocalDateOf) {
    conditions.push(
      sql`a.appointment_date >= (${filters.fromLocalDateOf.toISOString()}::timestamptz AT TIME ZONE a.timezone)::date`,
    );
  }
  if (filters.staffId) {
    conditions.push(sql`EXISTS (SELECT 1 FROM scheduling.appointment_services x
                                WHERE x.appointment_id = a.id AND x.staff_id = ${filters.staffId})`);
  }
  return sql.join(conditions, sql` AND `);
}

export async function listAppointments(
  executor: Executor,
  tenantId: string,
  filters: AppointmentFilters,
  page: { offset: number; limit: number },
  order: 'asc' | 'desc' = 'asc',
): Promise<{ items: AppointmentRecord[]; total: number }> {
  const where = appointmentWhere(tenantId, filters);
  const [count] = await selectRows<{ total: number }>(
    executor,
    sql`SELECT count(*)::int AS total FROM scheduling.appointments a WHERE ${where}`,
  );
  const direction = order === 'asc' ? sql`ASC` : sql`DESC`;
  const items = await selectRows<AppointmentRecord>(
    executor,
    sql`SELECT ${columns} FROM scheduling.appointments a WHERE ${where}
        ORDER BY a.starts_at ${direction}, a.id ${direction} LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  return { items, total: count?.total ?? 0 };
}

export async function countAppointments(
  executor: Executor,
  tenantId: string,
  filters: AppointmentFilters,
): Promise<number> {
  const [row] = await selectRows<{ total: number }>(
    executor,
    sql`SELECT count(*)::int AS total FROM scheduling.appointments a WHERE ${appointmentWhere(tenantId, filters)}`,
  );
  return row?.total ?? 0;
}

export interface CustomerStatistics {
  total_appointments: number;
  completed: number;
  cancelled: number;
  no_show: number;
  upcoming: number;
}

export async function customerStatistics(
  executor: Executor,
  tenantId: string,
  customerId: string,
  now: Date,
  outletIds?: readonly string[],
): Promise<CustomerStatistics> {
  const atOutlets = outletIds ? sql` AND outlet_id = ANY(${idArray(outletIds)})` : sql``;
  const [row] = await selectRows<CustomerStatistics>(
    executor,
    sql`SELECT count(*)::int AS total_appointments,
          count(*) FILTER (WHERE status = 'completed')::int AS completed,
          count(*) FILTER (WHERE status = 'cancelled')::int AS cancelled,
          count(*) FILTER (WHERE status = 'no_show')::int AS no_show,
          count(*) FILTER (WHERE status IN ('pending', 'confirmed') AND starts_at >= ${now.toISOString()}::timestamptz)::int
            AS upcoming
        FROM scheduling.appointments WHERE tenant_id = ${tenantId} AND customer_id = ${customerId}${atOutlets}`,
  );
  return row ?? { total_appointments: 0, completed: 0, cancelled: 0, no_show: 0, upcoming: 0 };
}

export const ANONYMISED_NAME = 'Deleted customer';
export const ANONYMISED_NOTE = 'Removed at the customer\u2019s request';

/** GDPR erasure of a customer on appointments: reference removed, placeholder name, contact and note cleared. */
export async function anonymiseCustomerAppointments(
  tx: Executor,
  tenantId: string,
  customerId: string,
): Promise<void> {
  await tx.execute(sql`
    UPDATE scheduling.appointments SET customer_id = NULL, customer_name = ${ANONYMISED_NAME},
      customer_email = NULL, customer_phone = NULL,
      notes = CASE WHEN notes IS NULL THEN NULL ELSE ${ANONYMISED_NOTE} END, updated_at = now()
    WHERE tenant_id = ${tenantId} AND customer_id = ${customerId}`);
}
