import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import pino from 'pino';
import { parseAllDocuments } from 'yaml';
import { API_PREFIX, SERVICES, type ServiceName } from '@salon/gateway';
import { newId } from '@salon/service-kit';
import {
  captureEvents,
  createTestBus,
  httpRequest,
  mapLimited,
  REPO_ROOT,
  waitFor,
  type EventCapture,
  type TestBus,
} from '@salon/testing';
import {
  BookingLoad,
  createdIds,
  setUpBookableBusiness,
  type BookableBusiness,
  type BookingOutcome,
} from '../src/faults-business';
import { appointmentEffects, exactlyOnce, scheduledAppointmentIds } from '../src/faults-effects';
import {
  addDailyHours,
  addStaff,
  expectStatus,
  localDate,
  registerCustomer,
  type Customer,
} from '../src/journey-steps';
import { startPlatform, type Platform } from '../src/platform';
import { UNLIMITED_RATES } from '../src/security-platform';

/**
 * The platform scaled out as deploy/k8s runs it at its smallest: two replicas of every service (each behind a
 * round-robin front, the cluster's Service) and two gateways (behind another, the load balancer), on one
 * database per service and one broker namespace. What one process used to make easy must hold across two:
 * no slot booked past its capacity, a provider callback applied once however many copies arrive at however
 * many gateways, a reminder sent once however many promotion runs race, and nothing lost or applied twice
 * when a replica is killed mid-load. docs/operations.md ("Several replicas") reports what each rests on.
 */
const REPLICAS = 2;

let platform: Platform;
let listener: TestBus;
let events: EventCapture;
let crowd: BookableBusiness;

const WAIT = { timeoutMs: 30_000, intervalMs: 100 };
const CATCH_UP = { timeoutMs: 60_000, intervalMs: 250 };

beforeAll(async () => {
  platform = await startPlatform({
    replicas: REPLICAS,
    env: {
      // One client sends every request; the gateways' breakers retry a restarted upstream soon.
      gateway: { ...UNLIMITED_RATES, BREAKER_RESET_TIMEOUT_MS: '1000' },
    },
  });
  listener = await createTestBus({ logger: pino({ level: 'silent' }), namespace: platform.eventNamespace });
  events = await captureEvents(listener.bus, ['commerce.payment.completed.v1']);
  crowd = await setUpBookableBusiness(platform, 'Crowd', '+6281200000001');
}, 120_000);

afterAll(async () => {
  await listener?.destroy();
  await platform?.stop();
}, 60_000);

it('runs two of every service and two gateways, and spreads requests over both', () => {
  expect(platform.replicas).toBe(REPLICAS);
  expect(platform.gateways).toHaveLength(2);
  for (const name of SERVICES) expect(platform.service(name, 1).url).not.toBe(platform.service(name).url);
  // As many as deploy/k8s runs at its smallest: each workload's autoscaler's minReplicas.
  for (const name of [...SERVICES, 'gateway'] as const) {
    const manifest = readFileSync(join(REPO_ROOT, 'deploy', 'k8s', 'base', `${name}.yaml`), 'utf8');
    const autoscaler = parseAllDocuments(manifest)
      .map((document) => document.toJSON() as { kind?: string; spec?: { minReplicas?: number } } | null)
      .find((object) => object?.kind === 'HorizontalPodAutoscaler');
    const running = name === 'gateway' ? platform.gateways.length : platform.replicas;
    expect([name, autoscaler?.spec?.minReplicas]).toEqual([name, running]);
  }
  // Setting the business up went through both gateways, and both identity replicas served it.
  for (const name of ['gateway', 'identity'] as const)
    expect([name, platform.forwarded(name).every((count) => count > 0)]).toEqual([name, true]);
});

/** Waits until every consumer applied every appointment scheduling holds, then compares the counts exactly. */
async function expectAppliedExactlyOnce(): Promise<void> {
  const expected = exactlyOnce((await scheduledAppointmentIds(platform)).length);
  const settled = await waitFor(async () => {
    const effects = await appointmentEffects(platform);
    return isDeepStrictEqual(effects, expected) && effects;
  }, CATCH_UP).catch(async (error) => {
    throw new Error(
      `${(error as Error).message}: expected ${JSON.stringify(expected)}, ` +
        `got ${JSON.stringify(await appointmentEffects(platform))}`,
    );
  });
  expect(settled).toEqual(expected);
}

/** What requests each replica of `name` accepted between two readings of its front. */
const since = (before: number[], name: ServiceName | 'gateway') =>
  platform.forwarded(name).map((count, replica) => count - (before[replica] ?? 0));

describe('(a) 100 customers booking 20 slots at once', () => {
  const CUSTOMERS = 100;
  /** Ten 30-minute slots of the single service (one customer each), ten of the parallel one (three each). */
  const SLOTS = 10;
  const PARALLEL = 3;
  const DAY = 3;
  const time = (slot: number) => {
    const minutes = 9 * 60 + slot * 30;
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  };

  it('gives 0 double bookings and 0 capacity overruns (SQL audit), and fills every slot exactly', async () => {
    const { business, serviceId: singleId } = crowd;
    const owner = business.token;
    const mask = expectStatus(
      await platform.request('POST', '/services', {
        token: owner,
        body: {
          name: 'Hair mask',
          slug: 'hair-mask',
          category: 'hair_treatment',
          duration_minutes: 30,
          allow_parallel_bookings: true,
          max_parallel_bookings: PARALLEL,
          pricing: { base_price: '80000', currency: 'IDR' },
        },
      }),
      201,
    );
    const maskStaff = await addStaff(platform, owner, {
      outlet_id: business.outletId,
      first_name: 'Wulan',
      last_name: 'Sari',
      email: 'wulan@crowd.example',
      service_ids: [mask.id],
    });
    await addDailyHours(platform, owner, { id: maskStaff.id, timezone: business.timezone }, 30);
    const customers = await mapLimited(
      Array.from({ length: CUSTOMERS }, (_, n) => n),
      10,
      (n) => registerCustomer(platform, business, `guest${n}@crowd.example`, `Guest${n}`),
    );

    // Customer n wants slot n / 5: five customers for each slot, all 100 requests at once. The five are sent
    // one after the other, so the fronts' round robin hands each slot's rivals to both replicas at the same
    // moment (with n % 20, one replica would only ever see even slots and the other odd ones).
    const date = localDate(business.timezone, DAY);
    const wanted = (n: number) => {
      const slot = Math.floor(n / (CUSTOMERS / (2 * SLOTS)));
      return slot < SLOTS
        ? { service_id: singleId, staff_id: business.staffId, start_time: time(slot) }
        : { service_id: mask.id, staff_id: maskStaff.id, start_time: time(slot - SLOTS) };
    };
    const before = platform.forwarded('scheduling');
    const answers = await Promise.all(
      customers.map((customer: Customer, n) => {
        const { service_id, staff_id, start_time } = wanted(n);
        return platform.request('POST', '/appointments', {
          token: customer.token,
          body: {
            outlet_id: business.outletId,
            appointment_date: date,
            start_time,
            services: [{ service_id, staff_id }],
          },
        });
      }),
    );
    // Both scheduling replicas took bookings.
    expect(since(before, 'scheduling').every((count) => count > 0)).toBe(true);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([]);
    const acknowledged = answers.filter((answer) => answer.status === 201).map((answer) => answer.body.id);

    // The audit, on scheduling's database: what the two replicas wrote between them.
    const doubleBooked = await platform.query<{ n: number }>(
      'scheduling',
      `SELECT count(*)::int AS n FROM scheduling.appointment_services a
         JOIN scheduling.appointment_services b
           ON b.staff_id = a.staff_id AND b.appointment_id > a.appointment_id AND b.occupancy && a.occupancy
        WHERE a.tenant_id = $1 AND a.active AND b.active AND (NOT a.parallel OR NOT b.parallel)`,
      [business.tenantId],
    );
    expect(doubleBooked).toEqual([{ n: 0 }]);
    const overruns = await platform.query(
      'scheduling',
      `SELECT a.appointment_id, a.max_parallel, count(*)::int AS overlapping
         FROM scheduling.appointment_services a
         JOIN scheduling.appointment_services b
           ON b.staff_id = a.staff_id AND b.active AND b.occupancy && a.occupancy
        WHERE a.tenant_id = $1 AND a.active AND a.parallel
        GROUP BY a.appointment_id, a.position, a.max_parallel
       HAVING count(*) > a.max_parallel`,
      [business.tenantId],
    );
    expect(overruns).toEqual([]);
    // Not by refusing too much: each slot is full, exactly.
    expect(acknowledged).toHaveLength(SLOTS * 1 + SLOTS * PARALLEL);
    const perSlot = await platform.query<{ staff_id: string; at: string; n: number }>(
      'scheduling',
      `SELECT staff_id, to_char(start_time, 'HH24:MI') AS at, count(*)::int AS n
         FROM scheduling.appointment_services WHERE tenant_id = $1 AND active
        GROUP BY staff_id, start_time ORDER BY staff_id, start_time`,
      [business.tenantId],
    );
    const expected = [
      ...Array.from({ length: SLOTS }, (_, slot) => ({ staff_id: business.staffId, at: time(slot), n: 1 })),
      ...Array.from({ length: SLOTS }, (_, slot) => ({
        staff_id: maskStaff.id,
        at: time(slot),
        n: PARALLEL,
      })),
    ];
    const byStaffAndTime = (a: { staff_id: string; at: string }, b: { staff_id: string; at: string }) =>
      a.staff_id === b.staff_id ? a.at.localeCompare(b.at) : a.staff_id.localeCompare(b.staff_id);
    expect(perSlot.sort(byStaffAndTime)).toEqual(expected.sort(byStaffAndTime));
    // Every 201 is an appointment held, once; nothing else was written.
    const held = await platform.query<{ id: string }>(
      'scheduling',
      'SELECT id FROM scheduling.appointments WHERE tenant_id = $1',
      [business.tenantId],
    );
    expect(new Set(acknowledged).size).toBe(acknowledged.length);
    expect(held.map((row) => row.id).sort()).toEqual([...acknowledged].sort());
    // Two replicas of every consumer between them applied each appointment's event exactly once.
    await expectAppliedExactlyOnce();
  }, 120_000);
});

describe('(b) 50 copies of one payment callback across both gateways', () => {
  it('activate the package once, with one ledger entry and one payment event', async () => {
    const { business, serviceId } = crowd;
    const customer = crowd.customers[0]!;
    const pkg = await waitFor(async () => {
      const created = await platform.request('POST', '/packages', {
        token: business.token,
        body: {
          name: 'Five blow dries',
          package_items: [{ service_id: serviceId, quantity: 5 }],
          package_price: '450000',
          currency: 'IDR',
          validity_days: 90,
        },
      });
      // Until catalog's service event reaches commerce, the service is unknown there.
      return created.status === 201 && created.body;
    }, WAIT);
    const bought = expectStatus(
      await platform.request('POST', '/customer/packages/purchase', {
        token: customer.token,
        body: { package_id: pkg.id, outlet_id: business.outletId, payment_method: 'gateway_digital' },
      }),
      201,
    );
    const customerPackageId = bought.customer_package.id as string;
    const [invoice] = await platform.query<{ id: string; gateway_invoice_id: string; amount: string }>(
      'commerce',
      'SELECT id, gateway_invoice_id, amount::text AS amount FROM commerce.invoices WHERE customer_package_id = $1',
      [customerPackageId],
    );
    // The provider's PAID callback, as its retries would send it: 50 copies at once, alternating the gateways
    // (each gateway then alternates the commerce replicas).
    const before = platform.forwarded('commerce');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        httpRequest(
          `${platform.gateways[n % platform.gateways.length]}${API_PREFIX}/webhooks/gateway-invoice/tenant/${business.tenantId}`,
          'POST',
          {
            headers: { 'x-callback-token': platform.callbackToken },
            body: {
              id: invoice!.gateway_invoice_id,
              external_id: invoice!.id,
              status: 'PAID',
              amount: Number(invoice!.amount),
              paid_amount: Number(invoice!.amount),
              payment_method: 'QRIS',
              paid_at: new Date().toISOString(),
              currency: 'IDR',
            },
          },
        ),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    expect(since(before, 'commerce').every((count) => count > 0)).toBe(true);

    const active = await waitFor(async () => {
      const mine = await platform.request('GET', `/customer/packages/${customerPackageId}`, {
        token: customer.token,
      });
      return mine.body.status === 'active' && mine.body;
    }, WAIT);
    expect(active).toMatchObject({ payment_status: 'paid', total_credits: 5, remaining_credits: 5 });
    // One stored callback, applied once; its copies were acknowledged and folded into it.
    const stored = await waitFor(async () => {
      const rows = await platform.query<{ outcome: string | null }>(
        'commerce',
        `SELECT outcome FROM commerce.gateway_callbacks WHERE gateway_invoice_id = $1 AND status = 'PAID'`,
        [invoice!.gateway_invoice_id],
      );
      return rows.every((row) => row.outcome !== null) && rows;
    }, WAIT);
    expect(stored).toEqual([{ outcome: 'processed' }]);
    const ledger = await platform.query<{ entry_type: string; base_amount: string }>(
      'commerce',
      'SELECT entry_type, base_amount::text FROM commerce.merchant_ledger WHERE invoice_id = $1',
      [invoice!.id],
    );
    expect(ledger).toEqual([{ entry_type: 'credit', base_amount: '450000.00' }]);
    // One activation: one credit row per package item, one sale counted, one completed payment.
    const credits = await platform.query<{ allocated_credits: number }>(
      'commerce',
      'SELECT allocated_credits FROM commerce.credits WHERE customer_package_id = $1',
      [customerPackageId],
    );
    expect(credits).toEqual([{ allocated_credits: 5 }]);
    const [sale] = await platform.query<{ total_purchased: number }>(
      'commerce',
      'SELECT total_purchased FROM commerce.packages WHERE id = $1',
      [pkg.id],
    );
    expect(sale).toEqual({ total_purchased: 1 });
    const payments = await platform.query<{ status: string }>(
      'commerce',
      'SELECT status FROM commerce.payments WHERE customer_package_id = $1',
      [customerPackageId],
    );
    expect(payments).toEqual([{ status: 'COMPLETED' }]);
    // One payment event (the relay may publish an event twice, by design; its id stays one).
    await events.next(
      'commerce.payment.completed.v1',
      (event) => event.data.customer_package_id === customerPackageId,
      30_000,
    );
    const completed = events
      .of('commerce.payment.completed.v1')
      .filter((event) => event.data.customer_package_id === customerPackageId);
    expect(new Set(completed.map((event) => event.id)).size).toBe(1);
  }, 60_000);
});

describe('(c) 1,000 reminders due in the same minute', () => {
  const REMINDERS = 1000;
  /** Fifty per tenant: under the FREE plan's 100 e-mails a month, which each tenant's reminders take from. */
  const TENANTS = 20;

  /** notification_deliveries_total of sent e-mails, per notifications replica. */
  const sentEmails = () =>
    Promise.all(
      Array.from({ length: REPLICAS }, async (_, replica) => {
        const text = await (
          await fetch(`${platform.service('notifications', replica).metricsUrl}/metrics`)
        ).text();
        const line = text
          .split('\n')
          .find((row) => row.startsWith('notification_deliveries_total{channel="email",outcome="sent"}'));
        return Number(line?.split(' ').pop() ?? 0);
      }),
    );

  it('are promoted by racing runs on both replicas, and each is sent exactly once', async () => {
    const tenants = Array.from({ length: TENANTS }, () => newId());
    const ids = Array.from({ length: REMINDERS }, () => newId());
    // Straight into notifications' table: no API schedules a thousand reminders for one minute (bookings make
    // two each, and a FREE tenant books 100 a month). They wait PENDING in the database tier, due at the start
    // of this minute, as reminders booked far ahead do until the promotion job finds them due; their tenants
    // have no replica here, so the message falls back to generic names (the text is not under test).
    await platform.query(
      'notifications',
      `INSERT INTO notifications.scheduled_notifications (id, tenant_id, kind, status, tier, scheduled_at,
              recipient_type, recipient_id, recipient, channels, template, dedupe_key)
       SELECT r.id, ($2::text[])[1 + ((r.n - 1) % $3::int)::int], 'appointment_reminder', 'PENDING', 'DATABASE',
              date_trunc('minute', now()), 'customer', NULL,
              jsonb_build_object('name', 'Guest ' || r.n, 'email', 'burst' || r.n || '@reminders.example', 'phone', NULL),
              '{email}', 'appointment_reminder', 'burst:' || r.id
         FROM unnest($1::text[]) WITH ORDINALITY AS r(id, n)`,
      [ids, tenants, TENANTS],
    );
    const sentBefore = await sentEmails();

    // The CronJob's call reaching both replicas at once, twice each, round after round until none finds work.
    const promote = async (replica: number): Promise<{ found: number; promoted: number }> => {
      const answer = await httpRequest(
        `${platform.service('notifications', replica).url}/webhooks/notifications/promote`,
        'POST',
        { headers: { 'x-internal-token': platform.internalToken }, body: {} },
      );
      const run = expectStatus(answer, 200);
      expect(run.status).toBe('success');
      return { found: run.stats.total_found, promoted: run.stats.promoted };
    };
    let promoted = 0;
    let runs = 0;
    for (;;) {
      const round = await Promise.all([0, 1, 0, 1].map((replica) => promote(replica)));
      runs += round.length;
      promoted += round.reduce((sum, run) => sum + run.promoted, 0);
      if (round.every((run) => run.found === 0)) break;
    }
    // PROMOTER_BATCH_SIZE (100) a run: at least ten runs shared the thousand, none promoted a row twice.
    expect(runs).toBeGreaterThan(10);
    expect(promoted).toBe(REMINDERS);

    const statuses = await waitFor(
      async () => {
        const rows = await platform.query<{ status: string; n: number }>(
          'notifications',
          `SELECT status, count(*)::int AS n FROM notifications.scheduled_notifications
            WHERE id = ANY($1::text[]) GROUP BY status`,
          [ids],
        );
        return rows.every((row) => !['PENDING', 'PROMOTED', 'PROCESSING'].includes(row.status)) && rows;
      },
      { timeoutMs: 90_000, intervalMs: 500 },
    );
    expect(statuses).toEqual([{ status: 'COMPLETED', n: REMINDERS }]);
    const [deliveries] = await platform.query<{ rows: number; notifications: number; sent: number }>(
      'notifications',
      `SELECT count(*)::int AS rows, count(DISTINCT notification_id)::int AS notifications,
              count(*) FILTER (WHERE status = 'sent')::int AS sent
         FROM notifications.deliveries WHERE notification_id = ANY($1::text[])`,
      [ids],
    );
    expect(deliveries).toEqual({ rows: REMINDERS, notifications: REMINDERS, sent: REMINDERS });
    // What the e-mail provider received: each reminder once.
    const ours = new Set(ids);
    const received = (await platform.sandbox.messages('email')).filter(
      (message) => message.reference !== null && ours.has(message.reference),
    );
    expect(received).toHaveLength(REMINDERS);
    expect(new Set(received.map((message) => message.reference)).size).toBe(REMINDERS);
    // Both replicas' task consumers sent some.
    const sentAfter = await sentEmails();
    expect(sentAfter.every((count, replica) => count > sentBefore[replica]!)).toBe(true);
  }, 150_000);
});

describe('(d) kill -9 of one replica of each service in turn during a booking load', () => {
  /** What a booking may answer while a replica dies: only a request it was holding may fail. */
  const OUTAGE_STATUSES = [201, 502, 503, 504];
  const PER_KILL = 10;

  it('loses no booking that got a 201 and applies no event twice', async () => {
    const load = new BookingLoad(platform, await setUpBookableBusiness(platform, 'Crash', '+6281200000002'));
    const before = (await scheduledAppointmentIds(platform)).length;
    const outcomes: BookingOutcome[] = [];
    for (const name of [...SERVICES, 'gateway'] as const) {
      let crash: Promise<void> | undefined;
      const round = await load.book(PER_KILL, {
        concurrency: 3,
        onProgress: (done) => {
          if (done === 2) crash = platform.kill(name, 'SIGKILL', 1).then(() => platform.restart(name, 1));
        },
      });
      await crash;
      expect([name, round.filter((outcome) => !OUTAGE_STATUSES.includes(outcome.status))]).toEqual([
        name,
        [],
      ]);
      expect([name, round.filter((outcome) => outcome.status === 201).length > 0]).toEqual([name, true]);
      outcomes.push(...round);
    }
    // Every 201 names a distinct appointment that scheduling holds; only unanswered requests may add more.
    const ids = createdIds(outcomes);
    expect(new Set(ids).size).toBe(ids.length);
    const held = new Set(await scheduledAppointmentIds(platform));
    expect(ids.filter((id) => !held.has(id))).toEqual([]);
    const unanswered = outcomes.filter((outcome) => outcome.status !== 201).length;
    expect(held.size - before).toBeGreaterThanOrEqual(ids.length);
    expect(held.size - before).toBeLessThanOrEqual(ids.length + unanswered);
    // Each appointment's event applied exactly once by every consumer, counted in their databases.
    await expectAppliedExactlyOnce();
  }, 150_000);
});
