/**
 * npm run bench:messaging — the outbox → broker → inbox path against raw confirmed publishing, same run.
 *
 *   1. raw: amqplib alone, confirm channel, 20,000 persistent messages to a quorum queue, 500 confirms in flight
 *   2. path: 20,000 events committed through the outbox (transactions of 10 events, 8 writers), relayed with
 *      confirms, consumed with the inbox (inbox row + effect row per event, one transaction each)
 *   3. latency: 1,000 events/s for BENCH_PACED_SECONDS (60) s, one event per transaction; commit-to-effect
 *      p50/p99 over the whole phase and the worst p99 of its 10-second windows (the goal is a sustained p99)
 *
 * Needs the test infrastructure (TEST_DATABASE_URL, TEST_AMQP_URL). Prints a small table, then one
 * `BENCH {json}` line per measurement for scripts/bench-report.ts (`npm run bench` writes docs/benchmarks.md).
 */
import * as amqp from 'amqplib';
import os from 'node:os';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { topologyNames } from '@salon/messaging';
import { selectRows } from '@salon/service-kit';
import { counted, startEventPath, testAmqpUrl, waitFor, type EventPath } from '@salon/testing';

const logger = pino({ level: 'warn' });
const EVENTS = Number(process.env.BENCH_EVENTS ?? 20_000);
const PACED_SECONDS = Number(process.env.BENCH_PACED_SECONDS ?? 60);
const PACED_PER_S = 1_000;

async function rawConfirmedPublishRate(queue: string): Promise<number> {
  const connection = await amqp.connect(testAmqpUrl());
  const channel = await connection.createConfirmChannel();
  await channel.assertQueue(queue, { durable: true, arguments: { 'x-queue-type': 'quorum' } });
  const body = Buffer.from(JSON.stringify(counted(1)));
  const window = 500;
  const started = performance.now();
  let inFlight: Promise<void>[] = [];
  for (let i = 0; i < EVENTS; i += 1) {
    inFlight.push(
      new Promise<void>((resolve, reject) =>
        channel.sendToQueue(queue, body, { persistent: true }, (error) =>
          error ? reject(error) : resolve(),
        ),
      ),
    );
    if (inFlight.length >= window) {
      await Promise.all(inFlight);
      inFlight = [];
    }
  }
  await Promise.all(inFlight);
  const rate = EVENTS / ((performance.now() - started) / 1000);
  await channel.deleteQueue(queue);
  await connection.close();
  return rate;
}

/** One machine-readable line per measurement, for scripts/bench-report.ts. */
const report = (name: string, figures: Record<string, unknown>) =>
  console.log(`BENCH ${JSON.stringify({ bench: 'messaging', name, ...figures })}`);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** What each 10-second window of the paced phase had besides its latencies, to attribute a slow one. */
interface WindowConditions {
  /** This process's event-loop delay (it runs writers, relay and consumer): p99 and max, ms. */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /** Checkpoints PostgreSQL started during the window (timed and requested). */
  checkpoints: number;
}

const checkpointCount = async (path: EventPath) => {
  const [row] = await selectRows<{ count: string }>(
    path.database.db.orm,
    sql`SELECT checkpoints_timed + checkpoints_req AS count FROM pg_stat_bgwriter`,
  );
  return Number(row?.count ?? 0);
};

/** Samples the conditions every `windowMs` until stopped; one entry per window, in order. */
function watchWindows(path: EventPath, windowMs: number) {
  const windows: WindowConditions[] = [];
  const delay: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  let lastCheckpoints = 0;
  const close = async () => {
    const checkpoints = await checkpointCount(path);
    windows.push({
      loopDelayP99Ms: delay.percentile(99) / 1e6,
      loopDelayMaxMs: delay.max / 1e6,
      checkpoints: checkpoints - lastCheckpoints,
    });
    lastCheckpoints = checkpoints;
    delay.reset();
  };
  let timer: NodeJS.Timeout | undefined;
  return {
    windows,
    start: async () => {
      lastCheckpoints = await checkpointCount(path);
      delay.enable();
      timer = setInterval(() => void close(), windowMs);
    },
    stop: async () => {
      clearInterval(timer);
      await close();
      delay.disable();
    },
  };
}

async function main() {
  const path = await startEventPath(logger);
  const { database, store, appliedAt, receivedAt } = path;

  try {
    const raw = await rawConfirmedPublishRate(`${topologyNames(path.namespace).queue('bench.raw')}`);

    // Throughput: writers commit batches of 10 events as fast as they can.
    const pathRate = await path.throughput(EVENTS);
    // Printed at once: a later failure (the paced phase) must not lose these figures.
    report('raw_confirmed_publish', { messages: EVENTS, messages_per_s: Math.round(raw) });
    report('outbox_to_inbox', {
      events: EVENTS,
      events_per_s: Math.round(pathRate),
      ratio_to_raw: Number((pathRate / raw).toFixed(3)),
    });

    // Latency at 1,000 events/s: one event per transaction, paced.
    appliedAt.clear();
    receivedAt.clear();
    const committedAt = new Map<string, number>();
    const paced = Array.from({ length: PACED_SECONDS * PACED_PER_S }, (_, n) => counted(n));
    const conditions = watchWindows(path, 10_000);
    await conditions.start();
    const pacedStart = performance.now();
    const writes: Promise<void>[] = [];
    let failedCommits = 0;
    for (let i = 0; i < paced.length; i += 1) {
      const due = pacedStart + (i * 1000) / PACED_PER_S;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      const event = paced[i]!;
      writes.push(
        database.db
          .withTx((tx) => store.enqueue(tx, [event]))
          .then(
            () => void committedAt.set(event.id, performance.now()),
            // A path that falls behind makes writers wait for a pooled connection until they time out:
            // counted and reported, not a crash that loses the figures.
            () => void (failedCommits += 1),
          ),
      );
    }
    await Promise.all(writes);
    await conditions.stop();
    const committed = paced.filter((event) => committedAt.has(event.id));
    await waitFor(() => committed.every((event) => appliedAt.has(event.id)), {
      timeoutMs: 120_000,
      intervalMs: 50,
    });
    const latencyOf = (event: (typeof paced)[number]) =>
      appliedAt.get(event.id)! - committedAt.get(event.id)!;
    const latencies = committed.map(latencyOf).sort((a, b) => a - b);
    // Where a latency goes: commit → the consumer has it (relay, confirm, broker), then → the effect committed
    // (the inbox's micro-batch and transaction).
    const toConsumer = committed
      .map((event) => receivedAt.get(event.id)! - committedAt.get(event.id)!)
      .sort((a, b) => a - b);
    const inConsumer = committed
      .map((event) => appliedAt.get(event.id)! - receivedAt.get(event.id)!)
      .sort((a, b) => a - b);
    // Sustained means every stretch, not the average: the worst p99 of the 10-second windows.
    const windowSize = 10 * PACED_PER_S;
    const windowP99s: number[] = [];
    for (let from = 0; from < paced.length; from += windowSize) {
      const window = paced
        .slice(from, from + windowSize)
        .filter((event) => committedAt.has(event.id))
        .map(latencyOf)
        .sort((a, b) => a - b);
      windowP99s.push(window.length > 0 ? percentile(window, 99) : 0);
    }
    const worstWindowP99 = Math.max(...windowP99s);
    const worst = conditions.windows[windowP99s.indexOf(worstWindowP99)];

    const row = (name: string, value: string) => console.log(`${name.padEnd(44)} ${value}`);
    console.log(
      `\nmessaging benchmark — ${os.cpus().length} cores, ${EVENTS} events, node ${process.version}`,
    );
    row('raw confirmed publish (amqplib, 500 in flight)', `${raw.toFixed(0)} msg/s`);
    row('outbox → broker → inbox', `${pathRate.toFixed(0)} events/s`);
    row('ratio path / raw', `${((pathRate / raw) * 100).toFixed(1)} %`);
    row('commit-to-effect at 1,000 events/s: p50', `${percentile(latencies, 50).toFixed(1)} ms`);
    row('commit-to-effect at 1,000 events/s: p99', `${percentile(latencies, 99).toFixed(1)} ms`);
    row('  worst p99 of a 10 s window', `${worstWindowP99.toFixed(1)} ms`);
    row(
      '  commit → consumer has it: p50 / p99',
      `${percentile(toConsumer, 50).toFixed(1)} / ${percentile(toConsumer, 99).toFixed(1)} ms`,
    );
    row(
      '  consumer has it → effect: p50 / p99',
      `${percentile(inConsumer, 50).toFixed(1)} / ${percentile(inConsumer, 99).toFixed(1)} ms`,
    );
    windowP99s.forEach((p99, n) => {
      const window = conditions.windows[n];
      row(
        `  window ${n + 1}: p99`,
        `${p99.toFixed(1)} ms; event-loop delay p99 ${window?.loopDelayP99Ms.toFixed(1)} ms, max ` +
          `${window?.loopDelayMaxMs.toFixed(1)} ms; checkpoints ${window?.checkpoints}`,
      );
    });
    report('commit_to_effect_at_1000_per_s', {
      events: paced.length,
      seconds: PACED_SECONDS,
      failed_commits: failedCommits,
      p50_ms: Number(percentile(latencies, 50).toFixed(1)),
      p99_ms: Number(percentile(latencies, 99).toFixed(1)),
      worst_10s_p99_ms: Number(worstWindowP99.toFixed(1)),
      to_consumer_p50_ms: Number(percentile(toConsumer, 50).toFixed(1)),
      to_consumer_p99_ms: Number(percentile(toConsumer, 99).toFixed(1)),
      in_consumer_p50_ms: Number(percentile(inConsumer, 50).toFixed(1)),
      in_consumer_p99_ms: Number(percentile(inConsumer, 99).toFixed(1)),
      worst_10s_loop_delay_p99_ms: Number((worst?.loopDelayP99Ms ?? 0).toFixed(1)),
      worst_10s_loop_delay_max_ms: Number((worst?.loopDelayMaxMs ?? 0).toFixed(1)),
      worst_10s_checkpoints: worst?.checkpoints ?? 0,
      checkpoints: conditions.windows.reduce((sum, window) => sum + window.checkpoints, 0),
    });
  } finally {
    await path.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
