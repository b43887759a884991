/**
 * Scheduling benchmark on real PostgreSQL and RabbitMQ (`npm run bench:scheduling`, after `npm run build`).
 *
 * (a) GET /availability/availability-grid for 20 staff over 90 days at 15-minute slots (see seed-salon.ts):
 *     the service's time (the domain call: three queries, the computation and the JSON text) and the HTTP
 *     round trip to the service, reading the whole body without parsing it. p50/p99 over repeated requests.
 * (b) Bookings through the gateway, both in processes of their own as deployed (the load generator is this
 *     process): 100 concurrent clients book random slots that the grid shows available, as customers do;
 *     bookings per second, p50/p99, then an SQL audit of double bookings and capacity overruns (must be 0).
 *
 * Prints one JSON line per measurement (`BENCH {...}`) for the report, after the human-readable lines.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { freePort, selectRows } from '@salon/service-kit';
import {
  PlatformChild,
  TEST_AUDIENCE,
  TEST_INTERNAL_TOKEN,
  TEST_ISSUER,
  assertBuilt,
  startTestService,
  testAmqpUrl,
} from '@salon/testing';
import { schedulingService } from '../src/definition';
import { AppointmentChanges } from '../src/domain/appointment-changes';
import { availabilityGrid } from '../src/domain/availability-grid';
import { GridReadCache } from '../src/domain/grid-read-cache';
import { StaffQueue } from '../src/domain/staff-queue';
import { DAYS, STAFF, seedSalon } from './seed-salon';

const GRID_RUNS = Number(process.env.GRID_RUNS ?? 30);
const CLIENTS = 100;
const BOOKINGS_PER_CLIENT = Number(process.env.BOOKINGS_PER_CLIENT ?? 10);
const SCHEDULING_PORT = 18_601;
const GATEWAY_PORT = 18_600;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number;
};
const summary = (values: number[]) => ({
  p50_ms: Number(percentile(values, 0.5).toFixed(1)),
  p99_ms: Number(percentile(values, 0.99).toFixed(1)),
});
/** CPU seconds a process has used (Linux /proc; undefined elsewhere): per-request cost despite a noisy machine. */
function cpuSeconds(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** Bytes on the wire of a GET through the gateway asking for `encoding` (node:http does not decode). */
const wireBytes = (url: string, token: string, encoding: string) =>
  new Promise<{ bytes: number; contentEncoding: string | undefined }>((resolve, reject) => {
    get(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ bytes, contentEncoding: response.headers['content-encoding'] }));
      response.on('error', reject);
    }).on('error', reject);
  });

const report = (name: string, figures: Record<string, unknown>) =>
  console.log(`BENCH ${JSON.stringify({ bench: 'scheduling', name, ...figures })}`);

async function main(): Promise<void> {
  assertBuilt(['services/scheduling/dist/main.js', 'gateway/dist/main.js']);
  const service = await startTestService(schedulingService);
  const db = service.running.context.db;
  const children: PlatformChild[] = [];
  try {
    const { tenant, outletId, haircut, customerId, start } = await seedSalon(service);
    const gridQuery = {
      service_id: haircut.service_id,
      outlet_id: outletId,
      start_date: start,
      num_days: DAYS,
      slot_interval_minutes: 15,
    };

    // (a) The grid: the domain call (what the service spends), then the HTTP round trip.
    const { store, plans, idempotency, verifier, logger } = service.running.context;
    const deps = {
      db,
      store,
      plans,
      idempotency,
      verifier,
      staffQueue: new StaffQueue(),
      gridReads: new GridReadCache(),
      appointmentChanges: new AppointmentChanges(db, logger),
    };
    // Three cases of the same grid: the reads kept by the replica and nothing changed since (a page loaded again),
    // one staff member's appointment changed before each grid (a booking elsewhere: that member is read again),
    // and nothing kept (a fresh cache each time: every staff member read).
    const oneAppointment = (
      await selectRows<{ appointment_id: string }>(
        db.orm,
        sql`SELECT appointment_id FROM scheduling.appointment_services WHERE tenant_id = ${tenant.tenantId} LIMIT 1`,
      )
    )[0]!.appointment_id;
    const changeOneStaff = () =>
      db.orm.execute(
        sql`UPDATE scheduling.appointment_services SET active = NOT active WHERE appointment_id = ${oneAppointment}`,
      );
    let bytes = 0;
    const gridTimes = () => ({ times: [] as number[], cpuMicros: 0 });
    const kept = gridTimes();
    const oneChanged = gridTimes();
    const cold = gridTimes();
    const timeGrid = async (into: typeof kept, gridReads: GridReadCache, measured: boolean) => {
      const began = performance.now();
      const cpuBefore = process.cpuUsage();
      bytes = (await availabilityGrid({ ...deps, gridReads }, tenant.tenantId, gridQuery, 'staff')).length;
      const cpu = process.cpuUsage(cpuBefore);
      if (!measured) return;
      into.times.push(performance.now() - began);
      into.cpuMicros += cpu.user + cpu.system;
    };
    // The cases take turns, and the turns rotate, so that warming up, the machine's moments and the garbage one
    // grid leaves for the next to collect weigh on each alike. The change always comes just before the grid
    // that reads it, so the kept case always finds nothing changed.
    const cases = [
      async (measured: boolean) => {
        await changeOneStaff();
        await timeGrid(oneChanged, deps.gridReads, measured);
      },
      (measured: boolean) => timeGrid(kept, deps.gridReads, measured),
      (measured: boolean) => timeGrid(cold, new GridReadCache(), measured),
    ];
    for (let run = 0; run < GRID_RUNS + 5; run += 1) {
      for (let turn = 0; turn < cases.length; turn += 1) await cases[(run + turn) % cases.length]!(run >= 5);
    }
    const cpuMs = (figures: typeof kept) => figures.cpuMicros / 1000 / GRID_RUNS;
    // Each change toggled the one appointment: after an odd number of them it is cancelled; put it back.
    if ((GRID_RUNS + 5) % 2 === 1) await changeOneStaff();
    const serviceTimes = kept.times;
    // This process's CPU per grid (the queries' own time is PostgreSQL's): steadier than latency when shared.
    const gridCpuMs = cpuMs(kept);
    const gridPath = `/availability/availability-grid?${new URLSearchParams(
      Object.entries(gridQuery).map(([key, value]): [string, string] => [key, String(value)]),
    )}`;
    const roundTrips: number[] = [];
    for (let run = 0; run < GRID_RUNS + 3; run += 1) {
      const began = performance.now();
      const response = await fetch(`${service.url}${gridPath}`, {
        headers: { authorization: `Bearer ${tenant.admin}` },
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`grid answered ${response.status}`);
      if (run >= 3) roundTrips.push(performance.now() - began);
    }
    const grid = JSON.parse(
      (await availabilityGrid(deps, tenant.tenantId, gridQuery, 'staff')).toString(),
    ) as {
      availability_grid: Record<string, { start_time: string; staff_id: string; is_available: boolean }[]>;
    };
    const slots = Object.entries(grid.availability_grid).flatMap(([date, day]) =>
      day.map((slot) => ({ date, ...slot })),
    );
    const free = slots.filter((slot) => slot.is_available);
    console.log(
      `(a) grid ${STAFF} staff x ${DAYS} days at 15 min: ${slots.length} slots (${free.length} available), ` +
        `${(bytes / 1e6).toFixed(1)} MB; service time p50 ${percentile(serviceTimes, 0.5).toFixed(1)} ms, ` +
        `p99 ${percentile(serviceTimes, 0.99).toFixed(1)} ms, CPU ${gridCpuMs.toFixed(1)} ms (reads kept); p50 ` +
        `${percentile(oneChanged.times, 0.5).toFixed(1)} ms with one staff member changed, ` +
        `${percentile(cold.times, 0.5).toFixed(1)} ms with nothing kept; HTTP round trip p50 ` +
        `${percentile(roundTrips, 0.5).toFixed(1)} ms, p99 ${percentile(roundTrips, 0.99).toFixed(1)} ms ` +
        `(${GRID_RUNS} runs each)`,
    );
    report('grid_service_time', {
      slots: slots.length,
      bytes,
      ...summary(serviceTimes),
      cpu_ms: Number(gridCpuMs.toFixed(2)),
    });
    report('grid_service_time_one_staff_changed', {
      ...summary(oneChanged.times),
      cpu_ms: Number(cpuMs(oneChanged).toFixed(2)),
    });
    report('grid_service_time_nothing_kept', {
      ...summary(cold.times),
      cpu_ms: Number(cpuMs(cold).toFixed(2)),
    });
    report('grid_http_round_trip', summary(roundTrips));

    // (b) The same database served by a scheduling process behind a gateway process.
    await service.running.stop();
    const logDir = process.env.BENCH_LOG_DIR ?? '/tmp';
    // Both children profiled when asked: the CPU per booking is split between them.
    const profileArgs = process.env.BENCH_PROFILE_DIR
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
      : [];
    const common = {
      JWT_PUBLIC_KEY: service.keys.publicKeyPem,
      JWT_ISSUER: TEST_ISSUER,
      JWT_AUDIENCE: TEST_AUDIENCE,
      INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
      LOG_LEVEL: 'warn',
    };
    const scheduling = new PlatformChild({
      name: 'scheduling',
      script: 'services/scheduling/dist/main.js',
      env: {
        ...common,
        PORT: String(SCHEDULING_PORT),
        METRICS_PORT: String(await freePort()),
        DATABASE_URL: service.database.url,
        DB_POOL_SIZE: process.env.BENCH_DB_POOL_SIZE ?? '10',
        AMQP_URL: testAmqpUrl(),
        EVENT_NAMESPACE: service.testBus.namespace,
      },
      nodeArgs: profileArgs,
      logFile: join(logDir, `bench-scheduling-${randomBytes(3).toString('hex')}.log`),
      readyUrls: [`http://127.0.0.1:${SCHEDULING_PORT}/readyz`],
      readyStatus: 'ok',
    });
    const gateway = new PlatformChild({
      name: 'gateway',
      script: 'gateway/dist/main.js',
      env: {
        ...common,
        PORT: String(GATEWAY_PORT),
        METRICS_PORT: String(await freePort()),
        SCHEDULING_URL: `http://127.0.0.1:${SCHEDULING_PORT}`,
        RATE_LIMIT_STAFF: '1000000/10000000',
      },
      nodeArgs: profileArgs,
      logFile: join(logDir, `bench-gateway-${randomBytes(3).toString('hex')}.log`),
      readyUrls: [`http://127.0.0.1:${GATEWAY_PORT}/healthz`],
      readyStatus: 'ok',
    });
    children.push(scheduling, gateway);
    await Promise.all(children.map((child) => child.start()));

    // The grid's size on the wire through the gateway, for a client accepting br, gzip, or nothing.
    const onTheWire: Record<string, number> = {};
    for (const encoding of ['br', 'gzip', 'identity']) {
      const answer = await wireBytes(
        `http://127.0.0.1:${GATEWAY_PORT}/api/v1${gridPath}`,
        tenant.admin,
        encoding,
      );
      if ((answer.contentEncoding ?? 'identity') !== encoding)
        throw new Error(`grid not sent as ${encoding}`);
      onTheWire[`${encoding}_bytes`] = answer.bytes;
    }
    console.log(`(a) grid on the wire through the gateway: ${JSON.stringify(onTheWire)}`);
    report('grid_on_the_wire', onTheWire);

    const bookingTimes: number[] = [];
    const outcomes: Record<number, number> = {};
    const pick = () => free[Math.floor(Math.random() * free.length)] as (typeof free)[number];
    const cpuBefore = children.map((child) => cpuSeconds(child.pid));
    const began = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        for (let i = 0; i < BOOKINGS_PER_CLIENT; i += 1) {
          const slot = pick();
          const t0 = performance.now();
          const response = await fetch(`http://127.0.0.1:${GATEWAY_PORT}/api/v1/staff/appointments`, {
            method: 'POST',
            headers: { authorization: `Bearer ${tenant.admin}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              outlet_id: outletId,
              customer_id: customerId,
              appointment_date: slot.date,
              start_time: slot.start_time,
              services: [{ service_id: haircut.service_id, staff_id: slot.staff_id }],
            }),
          });
          await response.arrayBuffer();
          bookingTimes.push(performance.now() - t0);
          outcomes[response.status] = (outcomes[response.status] ?? 0) + 1;
        }
      }),
    );
    const seconds = (performance.now() - began) / 1000;
    const requests = CLIENTS * BOOKINGS_PER_CLIENT;
    // CPU milliseconds per request in the scheduling and gateway processes.
    const [schedulingCpu, gatewayCpu] = children.map((child, i) => {
      const before = cpuBefore[i];
      const after = cpuSeconds(child.pid);
      return before === undefined || after === undefined ? undefined : ((after - before) * 1000) / requests;
    });
    const created = outcomes[201] ?? 0;
    const [audit] = await selectRows<{ doubles: number; overruns: number }>(
      db.orm,
      sql`SELECT
          (SELECT count(*)::int FROM scheduling.appointment_services a
             JOIN scheduling.appointment_services b ON a.staff_id = b.staff_id
              AND a.appointment_id < b.appointment_id AND a.occupancy && b.occupancy
             WHERE a.tenant_id = ${tenant.tenantId} AND a.active AND b.active
               AND (NOT a.parallel OR NOT b.parallel OR a.service_id <> b.service_id)) AS doubles,
          (SELECT count(*)::int FROM scheduling.appointment_services a
             WHERE a.tenant_id = ${tenant.tenantId} AND a.active AND a.parallel
               AND (SELECT count(*) FROM scheduling.appointment_services b
                    WHERE b.staff_id = a.staff_id AND b.active AND b.service_id = a.service_id
                      AND b.occupancy @> lower(a.occupancy)) > a.max_parallel) AS overruns`,
    );
    console.log(
      `(b) through the gateway, ${CLIENTS} clients, ${requests} requests in ${seconds.toFixed(1)} s: ` +
        `${(requests / seconds).toFixed(0)} requests/s, ${(created / seconds).toFixed(0)} bookings/s, ` +
        `p50 ${percentile(bookingTimes, 0.5).toFixed(1)} ms, p99 ${percentile(bookingTimes, 0.99).toFixed(1)} ms, ` +
        `outcomes ${JSON.stringify(outcomes)}; audit: ${audit?.doubles} double bookings, ` +
        `${audit?.overruns} capacity overruns; CPU per request: scheduling ${schedulingCpu?.toFixed(2)} ms, ` +
        `gateway ${gatewayCpu?.toFixed(2)} ms`,
    );
    report('bookings_through_gateway', {
      clients: CLIENTS,
      requests,
      requests_per_s: Math.round(requests / seconds),
      bookings_per_s: Math.round(created / seconds),
      ...summary(bookingTimes),
      outcomes,
      double_bookings: audit?.doubles,
      capacity_overruns: audit?.overruns,
      scheduling_cpu_ms_per_request: schedulingCpu,
      gateway_cpu_ms_per_request: gatewayCpu,
    });
  } finally {
    await Promise.all(children.map((child) => child.stop()));
    await Promise.all(children.map((child) => child.closeLog()));
    await service.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
