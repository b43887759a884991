/**
 * Scheduling benchmark on real PostgreSQL and RabbitMQ, over HTTP to the service (no gateway).
 *
 *   npx tsx services/scheduling/bench/scheduling.bench.ts
 *
 * (a) GET /availability/availability-grid for 20 staff over 90 days at 15-minute slots, with daily working
 *     hours, a lunch break, a week of vacation for some staff and about 30% of the slots booked: p50/p99.
 * (b) 100 concurrent clients booking random slots: bookings per second, p50/p99, then an SQL audit counting
 *     double bookings (overlapping active single-booking segments of one staff member), which must be 0.
 */
import { sql } from 'drizzle-orm';
import { newId, selectRows } from '@salon/service-kit';
import { startTestService } from '@salon/testing';
import { schedulingService } from '../src/definition';
import { availabilityGrid } from '../src/domain/availability-grid';
import { addDays } from '../src/domain/time-rules';
import {
  addCustomer,
  addOutlet,
  addService,
  createdStaff,
  futureDate,
  newTenant,
  onPlan,
  setTenant,
} from '../test/helpers';

const STAFF = 20;
const DAYS = 90;
const GRID_RUNS = 30;
const CLIENTS = 100;
const BOOKINGS_PER_CLIENT = 10;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number;
};

async function main(): Promise<void> {
  const service = await startTestService(schedulingService);
  const db = service.running.context.db;
  try {
    const tenant = newTenant(service);
    await setTenant(service, tenant.tenantId, { booking_advance_days: 365 });
    await onPlan(service, tenant.tenantId, 'ENTERPRISE');
    const outletId = await addOutlet(service, tenant.tenantId);
    const haircut = await addService(service, tenant.tenantId, {
      duration_minutes: 30,
      max_advance_booking_days: 365,
    });
    const customerId = await addCustomer(service, tenant.tenantId);
    const start = futureDate(1);
    const staffIds: string[] = [];
    for (let i = 0; i < STAFF; i += 1) {
      const member = await createdStaff(service, tenant.admin, outletId, { max_advance_booking_days: 365 });
      staffIds.push(member.id);
      const post = (body: Record<string, unknown>) =>
        service.request('POST', '/availability', {
          token: tenant.admin,
          body: { staff_id: member.id, ...body },
        });
      await post({
        date: start,
        start_time: '09:00',
        end_time: '18:00',
        availability_type: 'working_hours',
        recurrence_type: 'daily',
        recurrence_end_date: addDays(start, DAYS - 1),
      });
      await post({
        date: start,
        start_time: '12:00',
        end_time: '13:00',
        availability_type: 'break',
        recurrence_type: 'daily',
        recurrence_end_date: addDays(start, DAYS - 1),
      });
      if (i % 4 === 0) {
        await post({
          date: addDays(start, 30 + i),
          start_time: '00:00',
          end_time: '23:55',
          availability_type: 'vacation',
          recurrence_type: 'daily',
          recurrence_end_date: addDays(start, 36 + i),
        });
      }
    }
    // About 30% of the 30-minute slots booked, written directly (the booking path is measured in (b)).
    await db.withTx(async (tx) => {
      await tx.execute(sql`
        WITH slots AS (
          SELECT s.id AS staff_id, s.display_name, d::date AS day, m AS minute, random() AS r
          FROM scheduling.staff s, generate_series(${start}::date, ${addDays(start, DAYS - 1)}::date, '1 day') d,
               generate_series(540, 1050, 30) m
          WHERE s.tenant_id = ${tenant.tenantId} AND m NOT IN (720, 750)
        ), picked AS (
          SELECT *, substr(md5(staff_id || day || minute), 1, 24) AS id FROM slots WHERE r < 0.3
        ), appointments AS (
          INSERT INTO scheduling.appointments (id, tenant_id, outlet_id, customer_id, appointment_date, start_time,
            end_time, timezone, starts_at, ends_at, status, total_price, currency, booked_by)
          SELECT id, ${tenant.tenantId}, ${outletId}, ${customerId}, day, make_time(minute / 60, minute % 60, 0),
            make_time((minute + 30) / 60, (minute + 30) % 60, 0), 'Asia/Jakarta',
            (day + make_time(minute / 60, minute % 60, 0)) AT TIME ZONE 'Asia/Jakarta',
            (day + make_time((minute + 30) / 60, (minute + 30) % 60, 0)) AT TIME ZONE 'Asia/Jakarta',
            'confirmed', 150000, 'IDR', 'staff' FROM picked RETURNING id
        )
        INSERT INTO scheduling.appointment_services (appointment_id, position, tenant_id, service_id, service_name,
          staff_id, staff_name, start_time, end_time, duration_minutes, price, currency, price_source, parallel,
          max_parallel, occupancy)
        SELECT id, 0, ${tenant.tenantId}, ${haircut.service_id}, 'Haircut', staff_id, display_name,
          make_time(minute / 60, minute % 60, 0), make_time((minute + 30) / 60, (minute + 30) % 60, 0), 30, 150000,
          'IDR', 'base_price', false, 1,
          tstzrange((day + make_time(minute / 60, minute % 60, 0)) AT TIME ZONE 'Asia/Jakarta',
                    (day + make_time((minute + 30) / 60, (minute + 30) % 60, 0)) AT TIME ZONE 'Asia/Jakarta')
        FROM picked`);
    });
    await db.orm.execute(sql`ANALYZE`);

    const path = `/availability/availability-grid?service_id=${haircut.service_id}&outlet_id=${outletId}&start_date=${start}&num_days=${DAYS}&slot_interval_minutes=15`;
    const gridTimes: number[] = [];
    let slots = 0;
    for (let run = 0; run < GRID_RUNS + 3; run += 1) {
      const began = performance.now();
      const response = await service.request('GET', path, { token: tenant.admin });
      const elapsed = performance.now() - began;
      if (response.status !== 200) throw new Error(`grid ${response.status}`);
      slots = Object.values(response.body.availability_grid as Record<string, unknown[]>).reduce(
        (n, d) => n + d.length,
        0,
      );
      if (run >= 3) gridTimes.push(elapsed);
    }
    const { store, plans, verifier } = service.running.context;
    const deps = { db, store, plans, verifier };
    const serverTimes: number[] = [];
    for (let run = 0; run < GRID_RUNS + 3; run += 1) {
      const began = performance.now();
      await availabilityGrid(
        deps,
        tenant.tenantId,
        {
          service_id: haircut.service_id,
          outlet_id: outletId,
          start_date: start,
          num_days: DAYS,
          slot_interval_minutes: 15,
        },
        'staff',
      );
      if (run >= 3) serverTimes.push(performance.now() - began);
    }
    console.log(
      `(a) grid server time (6 queries + computation, no serialisation): p50 ${percentile(serverTimes, 0.5).toFixed(1)} ms, p99 ${percentile(serverTimes, 0.99).toFixed(1)} ms`,
    );
    console.log(
      `(a) grid ${STAFF} staff x ${DAYS} days, 15-min slots (${slots} slots): p50 ${percentile(gridTimes, 0.5).toFixed(1)} ms, p99 ${percentile(gridTimes, 0.99).toFixed(1)} ms (HTTP round trip, ${GRID_RUNS} runs)`,
    );

    // (b) Booking throughput on the second half of the range (the seeded bookings are in every day too).
    const bookingTimes: number[] = [];
    const outcomes: Record<number, number> = {};
    const began = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        for (let i = 0; i < BOOKINGS_PER_CLIENT; i += 1) {
          const staffId = staffIds[Math.floor(Math.random() * STAFF)] as string;
          const day = addDays(start, Math.floor(Math.random() * DAYS));
          const minute = 540 + 15 * Math.floor(Math.random() * 34);
          const at = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
          const t0 = performance.now();
          const response = await service.request('POST', '/staff/appointments', {
            token: tenant.admin,
            body: {
              outlet_id: outletId,
              customer_id: customerId,
              appointment_date: day,
              start_time: at,
              services: [{ service_id: haircut.service_id, staff_id: staffId }],
            },
          });
          bookingTimes.push(performance.now() - t0);
          outcomes[response.status] = (outcomes[response.status] ?? 0) + 1;
        }
      }),
    );
    const seconds = (performance.now() - began) / 1000;
    const created = outcomes[201] ?? 0;
    console.log(
      `(b) ${CLIENTS} clients, ${CLIENTS * BOOKINGS_PER_CLIENT} requests in ${seconds.toFixed(1)} s: ${((CLIENTS * BOOKINGS_PER_CLIENT) / seconds).toFixed(0)} requests/s, ${(created / seconds).toFixed(0)} bookings/s, p50 ${percentile(bookingTimes, 0.5).toFixed(1)} ms, p99 ${percentile(bookingTimes, 0.99).toFixed(1)} ms, outcomes ${JSON.stringify(outcomes)}`,
    );
    const [audit] = await selectRows<{ doubles: number }>(
      db.orm,
      sql`SELECT count(*)::int AS doubles FROM scheduling.appointment_services a
          JOIN scheduling.appointment_services b ON a.staff_id = b.staff_id AND a.appointment_id < b.appointment_id
           AND a.occupancy && b.occupancy
          WHERE a.tenant_id = ${tenant.tenantId} AND a.active AND b.active AND NOT a.parallel AND NOT b.parallel`,
    );
    console.log(`    audit: ${audit?.doubles} double bookings`);
    void newId;
  } finally {
    await service.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
