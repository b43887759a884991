import { sql } from 'drizzle-orm';
import { selectRows } from '@salon/service-kit';
import type { TestService } from '@salon/testing';

/** How large the filled platform is; `scale` shrinks every count alike (BENCH_GROWTH_SCALE, for trying it out). */
export function platformSize(scale: number) {
  const tenants = Math.max(1, Math.round(10_000 * scale));
  return {
    tenants,
    staffPerTenant: 5,
    customersPerTenant: 10,
    appointments: Math.round(1_000_000 * scale),
    /** Rows the relay and the consumers already processed: inbox rows kept, outbox rows published and deleted. */
    inboxRows: Math.round(1_000_000 * scale),
    outboxRows: Math.round(1_000_000 * scale),
    workingDays: 30,
  };
}

/** 24 hex characters: a 4-character prefix per kind of record, then the number, so kinds never collide. */
const id = (prefix: string, number: string) => `'${prefix}' || lpad(to_hex(${number}), 20, '0')`;

/**
 * The messaging tables of `schema` as a relay and consumers leave them after millions of events: inbox rows
 * kept, outbox rows published and deleted (dead rows for vacuum, as in production). One SQL text.
 */
export function processedMessagingRows(schema: string, scale: number): string {
  const size = platformSize(scale);
  return `INSERT INTO ${schema}.inbox (consumer, event_id, processed_at)
     SELECT '${schema}.' || (e % 7), ${id('f900', 'e')}, now() - (e % 1000) * interval '1 minute'
     FROM generate_series(1, ${size.inboxRows}) e;
     INSERT INTO ${schema}.outbox (event_id, event_type, envelope)
     SELECT ${id('fa00', 'e')}, 'scheduling.appointment.created.v1', '{}'
     FROM generate_series(1, ${size.outboxRows}) e;
     DELETE FROM ${schema}.outbox WHERE event_id LIKE 'fa00%'`;
}

/**
 * Fills scheduling's database like a large platform, in generated SQL (minutes, not hours): tenants with an
 * outlet, a service, five staff with working hours for 30 days and ten customers each; a million appointments
 * spread over the year around today (half past, completed; half ahead, confirmed), at most one a day per
 * staff member; and the messaging tables as a relay and consumers leave them after millions of events. Returns
 * the seconds each step took.
 */
export async function fillPlatform(service: TestService, scale: number): Promise<Record<string, number>> {
  const size = platformSize(scale);
  const staffCount = size.tenants * size.staffPerTenant;
  const perStaff = Math.ceil(size.appointments / staffCount);
  const db = service.running.context.db.orm;
  const seconds: Record<string, number> = {};
  const step = async (name: string, statement: string) => {
    const began = performance.now();
    await db.execute(sql.raw(statement));
    seconds[name] = Number(((performance.now() - began) / 1000).toFixed(1));
  };
  // The grid's change marks (staff_schedule_changes) are kept for a day by the retention job, so a year of
  // writes leaves only a day's: the fill writes its rows with those triggers off (they are the tables' only ones).
  const unmarked = (table: string, statement: string) =>
    `ALTER TABLE ${table} DISABLE TRIGGER USER; ${statement}; ALTER TABLE ${table} ENABLE TRIGGER USER`;
  const tenant = (n: string) => id('f100', n);
  const staffTenant = `(s / ${size.staffPerTenant})`;

  await step(
    'tenants',
    `INSERT INTO scheduling.tenants (tenant_id, name, slug, timezone, booking_advance_days, version, updated_at)
     SELECT ${tenant('t')}, 'Salon ' || t, 'fill-salon-' || t, 'Asia/Jakarta', 90, 1, now()
     FROM generate_series(1, ${size.tenants}) t;
     INSERT INTO scheduling.outlets (outlet_id, tenant_id, name, timezone, is_active, version, updated_at)
     SELECT ${id('f200', 't')}, ${tenant('t')}, 'Main', 'Asia/Jakarta', true, 1, now()
     FROM generate_series(1, ${size.tenants}) t;
     INSERT INTO scheduling.services (service_id, tenant_id, name, duration_minutes, preparation_minutes,
       cleanup_minutes, max_advance_booking_days, min_advance_booking_hours, allow_parallel_bookings,
       max_parallel_bookings, pricing, is_active, status, version, updated_at)
     SELECT ${id('f300', 't')}, ${tenant('t')}, 'Haircut', 30, 0, 0, 90, 0, false, 1,
       '{"base_price": 150000, "currency": "IDR"}', true, 'active', 1, now()
     FROM generate_series(1, ${size.tenants}) t;
     INSERT INTO scheduling.customers (customer_id, tenant_id, first_name, version, updated_at)
     SELECT ${id('f400', 'c')}, ${tenant(`(c / ${size.customersPerTenant} + 1)`)}, 'Customer ' || c, 1, now()
     FROM generate_series(0, ${size.tenants * size.customersPerTenant - 1}) c`,
  );
  await step(
    'staff',
    `INSERT INTO scheduling.staff (id, tenant_id, outlet_id, first_name, last_name, display_name, email, position,
       employment_type, skills, max_advance_booking_days)
     SELECT ${id('f500', 's')}, ${tenant(`(${staffTenant} + 1)`)}, ${id('f200', `(${staffTenant} + 1)`)},
       'Staff', s::text, 'Staff ' || s, 'staff-' || s || '@example.com', 'Stylist', 'full_time', '[]', 90
     FROM generate_series(0, ${staffCount - 1}) s`,
  );
  await step(
    'working_hours',
    unmarked(
      'scheduling.availability',
      `INSERT INTO scheduling.availability (id, tenant_id, staff_id, outlet_id, date, start_time, end_time,
       availability_type, recurrence_type, recurrence_end_date, is_available, pattern_id)
     SELECT ${id('f600', `(s * ${size.workingDays} + d)`)}, ${tenant(`(${staffTenant} + 1)`)}, ${id('f500', 's')},
       ${id('f200', `(${staffTenant} + 1)`)}, current_date + d, '09:00', '18:00', 'working_hours', 'daily',
       current_date + ${size.workingDays - 1}, true, ${id('f700', 's')}
     FROM generate_series(0, ${staffCount - 1}) s, generate_series(0, ${size.workingDays - 1}) d`,
    ),
  );
  // Appointment k of staff member s falls on day k * spacing + s % spacing of the year around today.
  const spacing = Math.max(1, Math.floor(365 / perStaff));
  const day = `(current_date - 182 + k * ${spacing} + s % ${spacing})`;
  const startsAt = `((${day} + time '10:00') AT TIME ZONE 'Asia/Jakarta')`;
  const endsAt = `((${day} + time '10:30') AT TIME ZONE 'Asia/Jakarta')`;
  const appointment = id('f800', `(s * ${perStaff} + k)`);
  const chosen = `FROM generate_series(0, ${staffCount - 1}) s, generate_series(0, ${perStaff - 1}) k
     WHERE s * ${perStaff} + k < ${size.appointments}`;
  const rebuild = await dropSecondaryIndexes(db, [
    'scheduling.appointments',
    'scheduling.appointment_services',
  ]);
  await step(
    'appointments',
    unmarked(
      'scheduling.appointment_services',
      `INSERT INTO scheduling.appointments (id, tenant_id, outlet_id, customer_id, appointment_date, start_time,
       end_time, timezone, starts_at, ends_at, status, total_price, currency, booked_by, created_at)
     SELECT ${appointment}, ${tenant(`(${staffTenant} + 1)`)}, ${id('f200', `(${staffTenant} + 1)`)},
       ${id('f400', `(${staffTenant} * ${size.customersPerTenant} + k % ${size.customersPerTenant})`)},
       ${day}, '10:00', '10:30', 'Asia/Jakarta', ${startsAt}, ${endsAt},
       CASE WHEN ${day} < current_date THEN 'completed' ELSE 'confirmed' END, 150000, 'IDR', 'customer',
       ${startsAt} - interval '7 days'
     ${chosen};
     INSERT INTO scheduling.appointment_services (appointment_id, position, tenant_id, service_id, service_name,
       staff_id, staff_name, start_time, end_time, duration_minutes, price, currency, price_source, parallel,
       max_parallel, occupancy, active)
     SELECT ${appointment}, 0, ${tenant(`(${staffTenant} + 1)`)}, ${id('f300', `(${staffTenant} + 1)`)}, 'Haircut',
       ${id('f500', 's')}, 'Staff ' || s, '10:00', '10:30', 30, 150000, 'IDR', 'base_price', false, 1,
       tstzrange(${startsAt}, ${endsAt}), ${day} >= current_date
     ${chosen}`,
    ),
  );
  await step('appointment_indexes', rebuild);
  await step('messaging', processedMessagingRows('scheduling', scale));
  // What autovacuum does after such a load; measuring before it would measure the fill, not the size.
  await step('vacuum_analyze', 'VACUUM ANALYZE');
  return seconds;
}

type Orm = TestService['running']['context']['db']['orm'];

/**
 * Drops the tables' indexes and exclusion constraints other than primary keys, and returns the SQL that builds
 * them again exactly as they were (their definitions as PostgreSQL prints them): a million rows inserted into
 * the GiST indexes one by one take most of an hour on these machines, a build after the load a minute or two.
 */
async function dropSecondaryIndexes(db: Orm, tables: string[]): Promise<string> {
  const rebuild: string[] = ["SET maintenance_work_mem = '512MB'"];
  for (const table of tables) {
    const constraints = await selectRows<{ name: string; definition: string }>(
      db,
      sql`SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
          WHERE conrelid = ${table}::regclass AND contype = 'x'`,
    );
    const indexes = await selectRows<{ name: string; definition: string }>(
      db,
      sql`SELECT indexrelid::regclass::text AS name, pg_get_indexdef(indexrelid) AS definition FROM pg_index
          WHERE indrelid = ${table}::regclass
            AND NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conindid = indexrelid)`,
    );
    for (const { name } of constraints)
      await db.execute(sql.raw(`ALTER TABLE ${table} DROP CONSTRAINT ${name}`));
    for (const { name } of indexes) await db.execute(sql.raw(`DROP INDEX ${name}`));
    rebuild.push(...indexes.map(({ definition }) => definition));
    rebuild.push(
      ...constraints.map(
        ({ name, definition }) => `ALTER TABLE ${table} ADD CONSTRAINT ${name} ${definition}`,
      ),
    );
  }
  return rebuild.join(';\n');
}
