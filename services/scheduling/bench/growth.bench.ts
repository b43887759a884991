/**
 * How scheduling's cost grows with the work (`npx tsx services/scheduling/bench/growth.bench.ts`), on real
 * PostgreSQL, in one run:
 *
 * (a) The grid for 1, 5, 20 and 50 staff over 7, 30 and 90 days (15-minute slots), HTTP round trips to the
 *     service reading the whole body: p50 per size and the least-squares line of time against staff × days.
 * (b) The 20-staff × 90-day grid and one booking at a time, on this database as seeded (the empty platform),
 *     then again after fill-platform.ts made it a large platform (10,000 tenants, 50,000 staff, 1,000,000
 *     appointments over a year, 2,000,000 processed outbox and inbox rows): the ratio full / empty.
 * (c) The outbox → broker → inbox path (libs/testing's event path: BENCH_GROWTH_EVENTS (10,000) counted events,
 *     8 writers, confirms, inbox and effect rows) on empty messaging tables, then with the same 2,000,000
 *     processed rows behind it: events per second and the cost ratio full / empty.
 *
 * BENCH_GROWTH_SCALE (default 1) shrinks the fill for trying the script out; the report names it.
 */
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { COUNTED_SCHEMA, startEventPath, startTestService, type TestService } from '@salon/testing';
import { schedulingService } from '../src/definition';
import { fillPlatform, platformSize, processedMessagingRows } from './fill-platform';
import { seedSalon } from './seed-salon';

const SCALE = Number(process.env.BENCH_GROWTH_SCALE ?? 1);
const GRID_RUNS = Number(process.env.GRID_RUNS ?? 15);
const BOOKINGS = 100;
const PATH_EVENTS = Number(process.env.BENCH_GROWTH_EVENTS ?? 10_000);
const STAFF_SIZES = [1, 5, 20, 50];
const DAY_SIZES = [7, 30, 90];

const report = (name: string, figures: Record<string, unknown>) =>
  console.log(`BENCH ${JSON.stringify({ bench: 'growth', name, ...figures })}`);
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const round = (value: number, digits = 2) => Number(value.toFixed(digits));

type Salon = Awaited<ReturnType<typeof seedSalon>>;
type GridSlot = { start_time: string; staff_id: string; is_available: boolean };

function gridPath(salon: Salon, days: number) {
  const query = new URLSearchParams({
    service_id: salon.haircut.service_id,
    outlet_id: salon.outletId,
    start_date: salon.start,
    num_days: String(days),
    slot_interval_minutes: '15',
  });
  return `/availability/availability-grid?${query}`;
}

/** p50 of the grid's HTTP round trip (whole body read, not parsed), after two warm-up requests. */
async function gridMs(service: TestService, salon: Salon, days: number): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < GRID_RUNS + 2; run += 1) {
    const began = performance.now();
    const response = await fetch(`${service.url}${gridPath(salon, days)}`, {
      headers: { authorization: `Bearer ${salon.tenant.admin}` },
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`grid answered ${response.status}`);
    if (run >= 2) times.push(performance.now() - began);
  }
  return median(times);
}

/** The salon's free slots, shuffled: each booking takes a different one. */
async function freeSlots(service: TestService, salon: Salon) {
  const response = await service.request('GET', gridPath(salon, 90), { token: salon.tenant.admin });
  const grid = (response.body as { availability_grid: Record<string, GridSlot[]> }).availability_grid;
  const free = Object.entries(grid).flatMap(([date, day]) =>
    day.filter((slot) => slot.is_available).map((slot) => ({ date, ...slot })),
  );
  return free.sort(() => Math.random() - 0.5);
}

/** p50 of one booking at a time (POST /staff/appointments), each on a slot the grid showed free. */
async function bookingMs(service: TestService, salon: Salon): Promise<number> {
  const slots = await freeSlots(service, salon);
  const times: number[] = [];
  for (const slot of slots) {
    if (times.length === BOOKINGS) break;
    const began = performance.now();
    const response = await service.request('POST', '/staff/appointments', {
      token: salon.tenant.admin,
      body: {
        outlet_id: salon.outletId,
        customer_id: salon.customerId,
        appointment_date: slot.date,
        start_time: slot.start_time,
        services: [{ service_id: salon.haircut.service_id, staff_id: slot.staff_id }],
      },
    });
    // A slot a 30-minute booking no longer fits (the grid's 15-minute step) answers 409: not a sample.
    if (response.status === 201) times.push(performance.now() - began);
    else if (response.status !== 409) throw new Error(`booking answered ${response.status}`);
  }
  return median(times);
}

/** Least squares of time against work: the cost of one more staff-day, and how well a line fits (R²). */
function fitLine(points: { work: number; ms: number }[]) {
  const n = points.length;
  const meanX = points.reduce((sum, p) => sum + p.work, 0) / n;
  const meanY = points.reduce((sum, p) => sum + p.ms, 0) / n;
  const sxy = points.reduce((sum, p) => sum + (p.work - meanX) * (p.ms - meanY), 0);
  const sxx = points.reduce((sum, p) => sum + (p.work - meanX) ** 2, 0);
  const slope = sxy / sxx;
  const intercept = meanY - slope * meanX;
  const residual = points.reduce((sum, p) => sum + (p.ms - (intercept + slope * p.work)) ** 2, 0);
  const total = points.reduce((sum, p) => sum + (p.ms - meanY) ** 2, 0);
  return { slope, intercept, r2: 1 - residual / total };
}

async function main(): Promise<void> {
  const service = await startTestService(schedulingService);
  try {
    const salons = new Map<number, Salon>();
    for (const staff of STAFF_SIZES) {
      salons.set(staff, await seedSalon(service, { staff }));
      console.log(`seeded a salon with ${staff} staff`);
    }
    const measured = salons.get(20) as Salon;

    // (a) Grid cost against staff × days.
    const points: { staff: number; days: number; work: number; ms: number }[] = [];
    for (const [staff, salon] of salons)
      for (const days of DAY_SIZES)
        points.push({ staff, days, work: staff * days, ms: await gridMs(service, salon, days) });
    const line = fitLine(points);
    for (const point of points)
      console.log(`grid ${point.staff} staff x ${point.days} days: ${point.ms.toFixed(1)} ms`);
    console.log(
      `grid cost: ${(line.slope * 1000).toFixed(1)} µs per staff-day + ${line.intercept.toFixed(1)} ms ` +
        `(R² ${line.r2.toFixed(3)})`,
    );
    report('grid_scaling', {
      ...Object.fromEntries(points.map((p) => [`p50_ms_${p.staff}_staff_${p.days}_days`, round(p.ms, 1)])),
      slope_us_per_staff_day: round(line.slope * 1000, 1),
      intercept_ms: round(line.intercept, 1),
      r2: round(line.r2, 3),
    });

    // (b) The same measurements on the empty platform, then on the full one.
    const emptyGrid = await gridMs(service, measured, 90);
    const emptyBooking = await bookingMs(service, measured);
    const fill = await fillPlatform(service, SCALE);
    const fullGrid = await gridMs(service, measured, 90);
    const fullBooking = await bookingMs(service, measured);
    const size = platformSize(SCALE);
    console.log(
      `filled ${size.tenants} tenants, ${size.tenants * size.staffPerTenant} staff, ${size.appointments} ` +
        `appointments, ${size.inboxRows + size.outboxRows} messaging rows in ` +
        `${Object.values(fill)
          .reduce((sum, s) => sum + s, 0)
          .toFixed(0)} s (${JSON.stringify(fill)})`,
    );
    console.log(
      `grid 20 staff x 90 days: empty ${emptyGrid.toFixed(1)} ms, full ${fullGrid.toFixed(1)} ms ` +
        `(${(fullGrid / emptyGrid).toFixed(2)}x); booking: empty ${emptyBooking.toFixed(1)} ms, full ` +
        `${fullBooking.toFixed(1)} ms (${(fullBooking / emptyBooking).toFixed(2)}x)`,
    );
    report('fill', { scale: SCALE, tenants: size.tenants, appointments: size.appointments, seconds: fill });
    report('grid_full_vs_empty', {
      empty_p50_ms: round(emptyGrid, 1),
      full_p50_ms: round(fullGrid, 1),
      ratio_to_empty: round(fullGrid / emptyGrid, 3),
    });
    report('booking_full_vs_empty', {
      empty_p50_ms: round(emptyBooking, 1),
      full_p50_ms: round(fullBooking, 1),
      ratio_to_empty: round(fullBooking / emptyBooking, 3),
    });
  } finally {
    await service.stop();
  }
  await eventPathFullVsEmpty();
}

/** (c) The event path's rate on empty messaging tables, then with a large platform's processed rows. */
async function eventPathFullVsEmpty(): Promise<void> {
  const path = await startEventPath(pino({ level: 'warn' }));
  try {
    const empty = await path.throughput(PATH_EVENTS);
    const { orm } = path.database.db;
    await orm.execute(sql.raw(processedMessagingRows(COUNTED_SCHEMA, SCALE)));
    await orm.execute(sql.raw('VACUUM ANALYZE'));
    const full = await path.throughput(PATH_EVENTS);
    console.log(
      `event path: empty ${empty.toFixed(0)} events/s, full ${full.toFixed(0)} events/s ` +
        `(cost ${(empty / full).toFixed(2)}x)`,
    );
    report('event_path_full_vs_empty', {
      events: PATH_EVENTS,
      empty_events_per_s: Math.round(empty),
      full_events_per_s: Math.round(full),
      // Cost per event, as for the grid and the booking: time full / time empty.
      ratio_to_empty: round(empty / full, 3),
    });
  } finally {
    await path.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
