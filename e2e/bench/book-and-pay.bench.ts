/**
 * End-to-end "book and pay" through the gateway on the distributed platform (every service in its own process,
 * real PostgreSQL and RabbitMQ, the provider sandboxes in another): `npx tsx e2e/bench/book-and-pay.bench.ts`
 * after `npm run build`.
 *
 * Setup (not measured): a business on ENTERPRISE with BENCH_STAFF (10) staff working 09:00–17:00 for
 * BENCH_DAYS (14) days and BENCH_CUSTOMERS (200) registered customers.
 *
 * (a) Book and pay: BENCH_CONCURRENCY (20) customers at a time, each once: reads one day of the public grid,
 *     books a free slot (another one on 409), requests the QRIS payment, pays on the sandbox's hosted page,
 *     then polls the appointment until it is `confirmed`. Completed flows per second, p50/p99 per step, and
 *     the time from the payment to `confirmed` (callback → commerce → event → scheduling).
 * (b) Callback acknowledgement: BENCH_CALLBACKS (200) more appointments are booked and their payment requested,
 *     then their PAID callbacks are posted to the gateway's callback path with the platform's callback token,
 *     as the sandbox does, BENCH_CALLBACK_CONCURRENCY (20) at a time; p50/p99 of the acknowledgement. (The
 *     sandbox runs in another process and does not time its deliveries, so the bench sends them itself.)
 * (c) The flow of (a) one at a time, BENCH_ALONE_FLOWS (20) of them: the same steps on an otherwise idle
 *     platform, the floor that (a)'s figures under load are compared with.
 *
 * (a) and (c) also split payment → confirmed by stage, from the databases' clocks (reportConfirmationStages).
 *
 * Prints one `BENCH {json}` line per measurement for scripts/bench-report.ts.
 */
import { randomBytes } from 'node:crypto';
import { CALLBACK_TOKEN_HEADER } from '@salon/payment-provider';
import { expectStatus, localDate, type Customer } from '../src/journey-steps';
import { startPlatform, type Platform } from '../src/platform';
import { inParallel, setUpSalon, type BenchSalon } from './salon-setup';

const size = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const STAFF = size('BENCH_STAFF', 10);
const DAYS = size('BENCH_DAYS', 14);
const CUSTOMERS = size('BENCH_CUSTOMERS', 200);
const CONCURRENCY = size('BENCH_CONCURRENCY', 20);
const CALLBACKS = size('BENCH_CALLBACKS', 200);
const CALLBACK_CONCURRENCY = size('BENCH_CALLBACK_CONCURRENCY', 20);
const ALONE_FLOWS = size('BENCH_ALONE_FLOWS', 20);
/** How often a client asks again while the platform catches up (events between services), and for how long. */
const POLL_MS = 25;
const EVENTUAL_TIMEOUT_MS = 60_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
};
const summary = (values: number[]) => ({
  count: values.length,
  p50_ms: Number(percentile(values, 0.5).toFixed(1)),
  p99_ms: Number(percentile(values, 0.99).toFixed(1)),
});
const report = (name: string, figures: Record<string, unknown>) =>
  console.log(`BENCH ${JSON.stringify({ bench: 'book_and_pay', name, ...figures })}`);

const STEPS = ['grid', 'book', 'payment_request', 'pay', 'payment_to_confirmed', 'flow'] as const;
type Step = (typeof STEPS)[number];

/** Times each step of the flows; counts what is not a success. */
class Timings {
  readonly samples = Object.fromEntries(STEPS.map((step) => [step, [] as number[]])) as Record<
    Step,
    number[]
  >;
  slotTaken = 0;
  /** Payment requests answered 404 because commerce had not yet heard of the appointment. */
  paymentNotYetKnown = 0;

  async time<T>(step: Step, work: () => Promise<T>): Promise<T> {
    const began = performance.now();
    const result = await work();
    this.samples[step].push(performance.now() - began);
    return result;
  }
}

interface Booked {
  appointmentId: string;
  paymentUrl: string;
  amount: number;
}

/** A customer reads one random day of the public grid and books a free slot; on 409 (taken meanwhile) another. */
async function bookAndRequestPayment(
  platform: Platform,
  salon: BenchSalon,
  customer: Customer,
  timings: Timings,
): Promise<Booked> {
  const { business } = salon;
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const day = localDate(business.timezone, 1 + Math.floor(Math.random() * (DAYS - 1)));
    const grid = await timings.time('grid', async () =>
      expectStatus(
        await platform.request(
          'GET',
          `/public/tenants/${business.slug}/availability?service_id=${salon.serviceId}` +
            `&outlet_id=${business.outletId}&start_date=${day}&num_days=1`,
        ),
        200,
      ),
    );
    const free = (grid.availability_grid[day] ?? []).filter(
      (slot: { is_available: boolean }) => slot.is_available,
    );
    if (free.length === 0) continue;
    const slot = free[Math.floor(Math.random() * free.length)];
    const booked = await timings.time('book', () =>
      platform.request('POST', '/appointments', {
        token: customer.token,
        body: {
          outlet_id: business.outletId,
          appointment_date: day,
          start_time: slot.start_time,
          services: [{ service_id: salon.serviceId, staff_id: slot.staff_id }],
        },
      }),
    );
    if (booked.status === 409) {
      timings.slotTaken += 1;
      continue;
    }
    const appointmentId = expectStatus(booked, 201).id as string;
    const payment = await timings.time('payment_request', () =>
      requestPayment(platform, customer, appointmentId, timings),
    );
    return { appointmentId, paymentUrl: payment.payment_url, amount: Number(payment.amount) };
  }
  throw new Error('No free slot after 20 attempts: raise BENCH_DAYS or BENCH_STAFF');
}

/**
 * Requests the QRIS payment. Commerce learns of the appointment from scheduling's event, so right after the
 * booking it may answer 404 for a moment: asked again, as the customer's app would, and counted.
 */
async function requestPayment(
  platform: Platform,
  customer: Customer,
  appointmentId: string,
  timings: Timings,
) {
  const deadline = Date.now() + EVENTUAL_TIMEOUT_MS;
  for (;;) {
    const payment = await platform.request('POST', '/customer/payments/process-appointment', {
      token: customer.token,
      body: { appointment_id: appointmentId, payment_method: 'QRIS' },
    });
    if (payment.status !== 404 || Date.now() > deadline) return expectStatus(payment, 200);
    timings.paymentNotYetKnown += 1;
    await pause(POLL_MS);
  }
}

/** Resolves with the wall-clock time (ms since the epoch) at which the customer saw the booking confirmed. */
async function waitUntilConfirmed(
  platform: Platform,
  customer: Customer,
  appointmentId: string,
): Promise<number> {
  const deadline = Date.now() + EVENTUAL_TIMEOUT_MS;
  for (;;) {
    const appointment = await platform.request('GET', `/appointments/${appointmentId}`, {
      token: customer.token,
    });
    if (appointment.body?.status === 'confirmed') return Date.now();
    if (Date.now() > deadline)
      throw new Error(`Appointment ${appointmentId} is still ${appointment.body?.status}`);
    await pause(POLL_MS);
  }
}

/**
 * Book-and-pay flows, `concurrency` at a time, one for each of the first `flows` customers. `prefix` names the
 * run's figures ('' for (a), 'alone_' for (c)).
 */
async function bookAndPay(
  platform: Platform,
  salon: BenchSalon,
  run: { label: string; prefix: string; flows: number; concurrency: number },
): Promise<void> {
  const timings = new Timings();
  const seenConfirmedAt = new Map<string, number>();
  const began = performance.now();
  await inParallel(run.flows, run.concurrency, async (n) => {
    const customer = salon.customers[n] as Customer;
    await timings.time('flow', async () => {
      const booked = await bookAndRequestPayment(platform, salon, customer, timings);
      await timings.time('pay', () => platform.sandbox.payInvoice(booked.paymentUrl));
      const seenAt = await timings.time('payment_to_confirmed', () =>
        waitUntilConfirmed(platform, customer, booked.appointmentId),
      );
      seenConfirmedAt.set(booked.appointmentId, seenAt);
    });
  });
  const seconds = (performance.now() - began) / 1000;
  const flows = timings.samples.flow.length;
  console.log(
    `${run.label} ${flows} book-and-pay flows, ${run.concurrency} at a time, in ${seconds.toFixed(1)} s: ` +
      `${(flows / seconds).toFixed(1)} flows/s; ${timings.slotTaken} slots taken meanwhile (409), ` +
      `${timings.paymentNotYetKnown} payment requests before commerce knew the appointment (404); ` +
      STEPS.map((step) => {
        const { p50_ms, p99_ms } = summary(timings.samples[step]);
        return `${step} p50 ${p50_ms} / p99 ${p99_ms} ms`;
      }).join(', '),
  );
  report(`${run.prefix}flows`, {
    customers: flows,
    concurrency: run.concurrency,
    staff: STAFF,
    seconds: Number(seconds.toFixed(2)),
    flows_per_s: Number((flows / seconds).toFixed(2)),
    slot_taken_409: timings.slotTaken,
    payment_request_404: timings.paymentNotYetKnown,
  });
  for (const step of STEPS) report(`${run.prefix}step_${step}`, summary(timings.samples[step]));
  await reportConfirmationStages(platform, seenConfirmedAt, run.prefix);
}

/**
 * Where payment → confirmed spends its time, from the databases' own clocks (one machine, one clock): the
 * callback stored (`received_at`) until commerce's applying transaction began (`processed_at`); from there until
 * scheduling's confirming transaction began (the appointment's `updated_at`: the apply's commit, the outbox relay,
 * the broker and scheduling's inbox); from there until the customer's next read saw `confirmed`.
 */
async function reportConfirmationStages(
  platform: Platform,
  seenConfirmedAt: Map<string, number>,
  prefix: string,
) {
  const ids = [...seenConfirmedAt.keys()];
  const callbacks = await platform.query<{ appointment_id: string; received: number; applied: number }>(
    'commerce',
    `SELECT i.appointment_id, extract(epoch FROM c.received_at) * 1000 AS received,
            extract(epoch FROM c.processed_at) * 1000 AS applied
       FROM commerce.gateway_callbacks c JOIN commerce.invoices i ON i.gateway_invoice_id = c.gateway_invoice_id
      WHERE c.status = 'PAID' AND i.appointment_id = ANY($1::text[])`,
    [ids],
  );
  const confirmations = await platform.query<{ id: string; confirmed: number }>(
    'scheduling',
    `SELECT id, extract(epoch FROM updated_at) * 1000 AS confirmed
       FROM scheduling.appointments WHERE id = ANY($1::text[]) AND status = 'confirmed'`,
    [ids],
  );
  const confirmedAt = new Map(confirmations.map((row) => [row.id.trim(), Number(row.confirmed)]));
  const stages = {
    callback_to_apply: [] as number[],
    apply_to_confirm: [] as number[],
    confirm_to_seen: [] as number[],
  };
  for (const row of callbacks) {
    const id = row.appointment_id.trim();
    const confirmed = confirmedAt.get(id);
    const seen = seenConfirmedAt.get(id);
    if (confirmed === undefined || seen === undefined) continue;
    stages.callback_to_apply.push(Number(row.applied) - Number(row.received));
    stages.apply_to_confirm.push(confirmed - Number(row.applied));
    stages.confirm_to_seen.push(seen - confirmed);
  }
  console.log(
    `    payment → confirmed by stage (${stages.callback_to_apply.length} flows): ` +
      Object.entries(stages)
        .map(([stage, values]) => `${stage} p50 ${summary(values).p50_ms} / p99 ${summary(values).p99_ms} ms`)
        .join(', '),
  );
  for (const [stage, values] of Object.entries(stages)) report(`${prefix}stage_${stage}`, summary(values));
}

/** The PAID callback the provider would send for an invoice (the shape the sandbox sends). */
function paidCallback(gatewayInvoiceId: string, externalId: string, amount: number) {
  const now = new Date().toISOString();
  return {
    id: gatewayInvoiceId,
    external_id: externalId,
    status: 'PAID',
    amount,
    paid_amount: amount,
    payment_method: 'QRIS',
    payment_channel: 'QRIS',
    paid_at: now,
    currency: 'IDR',
  };
}

async function callbackAcknowledgement(platform: Platform, salon: BenchSalon, callbackToken: string) {
  const timings = new Timings();
  const unpaid: Booked[] = [];
  await inParallel(CALLBACKS, CONCURRENCY, async (n) => {
    const customer = salon.customers[n % salon.customers.length] as Customer;
    unpaid.push(await bookAndRequestPayment(platform, salon, customer, timings));
  });
  // The provider's invoice id ends the hosted page's address; the callback's external_id is commerce's own
  // invoice id, which no API answer shows, so it is read from commerce's database.
  const providerIds = unpaid.map((booked) => new URL(booked.paymentUrl).pathname.split('/').pop() as string);
  const rows = await platform.query<{ id: string; gateway_invoice_id: string }>(
    'commerce',
    'SELECT id, gateway_invoice_id FROM commerce.invoices WHERE gateway_invoice_id = ANY($1::text[])',
    [providerIds],
  );
  const externalIdOf = new Map(rows.map((row) => [row.gateway_invoice_id, row.id]));
  const url = `${platform.gateway}/api/v1/webhooks/gateway-invoice/tenant/${salon.business.tenantId}`;
  const acknowledged: number[] = [];
  const outcomes: Record<string, number> = {};
  await inParallel(unpaid.length, CALLBACK_CONCURRENCY, async (n) => {
    const providerId = providerIds[n] as string;
    const began = performance.now();
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CALLBACK_TOKEN_HEADER]: callbackToken },
      body: JSON.stringify(
        paidCallback(providerId, externalIdOf.get(providerId) ?? '', (unpaid[n] as Booked).amount),
      ),
    });
    const text = await response.text();
    acknowledged.push(performance.now() - began);
    const outcome =
      response.status === 200 ? (JSON.parse(text) as { status: string }).status : response.status;
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  });
  const { p50_ms, p99_ms } = summary(acknowledged);
  console.log(
    `(b) ${acknowledged.length} PAID callbacks, ${CALLBACK_CONCURRENCY} at a time: acknowledged p50 ${p50_ms} ms, ` +
      `p99 ${p99_ms} ms; outcomes ${JSON.stringify(outcomes)}`,
  );
  report('callback_ack', { concurrency: CALLBACK_CONCURRENCY, ...summary(acknowledged), outcomes });
  if ((outcomes.accepted ?? 0) !== unpaid.length) throw new Error('Some callbacks were not accepted');
  // Acknowledged is stored, not applied: every stored callback must still be applied, once.
  const applying = performance.now();
  for (;;) {
    const [row] = await platform.query<{ processed: number }>(
      'commerce',
      `SELECT count(*)::int AS processed FROM commerce.gateway_callbacks
       WHERE gateway_invoice_id = ANY($1::text[]) AND outcome = 'processed'`,
      [providerIds],
    );
    if ((row?.processed ?? 0) === unpaid.length) break;
    if (performance.now() - applying > 60_000) throw new Error('Some callbacks were not applied in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  console.log(
    `    all applied ${(performance.now() - applying).toFixed(0)} ms after the last acknowledgement`,
  );
}

async function main(): Promise<void> {
  // Ours, so that (b) can sign callbacks as the sandbox does; the sandbox and commerce share it.
  const callbackToken = `callback-${randomBytes(16).toString('hex')}`;
  const unlimited = '1000000/10000000';
  const platform = await startPlatform({
    env: {
      // The load comes from one address: the per-client limits would refuse it.
      gateway: { RATE_LIMIT_PUBLIC: unlimited, RATE_LIMIT_CUSTOMER: unlimited, RATE_LIMIT_STAFF: unlimited },
      sandbox: { PAYMENT_CALLBACK_TOKEN: callbackToken },
      commerce: { PAYMENT_CALLBACK_TOKEN: callbackToken },
    },
  });
  try {
    const setupBegan = performance.now();
    const salon = await setUpSalon(platform, {
      staff: STAFF,
      days: DAYS,
      customers: CUSTOMERS,
      concurrency: CONCURRENCY,
    });
    console.log(
      `setup: ${STAFF} staff x ${DAYS} days, ${CUSTOMERS} customers in ` +
        `${((performance.now() - setupBegan) / 1000).toFixed(1)} s`,
    );
    await bookAndPay(platform, salon, {
      label: '(a)',
      prefix: '',
      flows: salon.customers.length,
      concurrency: CONCURRENCY,
    });
    await callbackAcknowledgement(platform, salon, callbackToken);
    await bookAndPay(platform, salon, {
      label: '(c)',
      prefix: 'alone_',
      flows: Math.min(ALONE_FLOWS, salon.customers.length),
      concurrency: 1,
    });
  } finally {
    await platform.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
