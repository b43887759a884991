import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { EventEnvelope } from '@salon/contracts';
import { getOrCreateGauge, selectRows, type Db } from '@salon/service-kit';
import type { DelayTarget, EventBus } from './bus';
import { messageOf } from './delivery';
import { onOutboxCommitted } from './outbox-signal';

export interface OutboxRelayOptions {
  db: Db;
  schema: string;
  bus: EventBus;
  logger: Logger;
  /** Rows published per transaction. */
  batchSize?: number;
  /** Batches in flight at once (each locks its own rows with SKIP LOCKED). */
  concurrency?: number;
  /** Poll for rows this process's commits did not wake it for (written by another process, or left by one
   *  that died before relaying them). */
  pollIntervalMs?: number;
  /** Fault-injection seam for tests: runs after the broker confirmed, before the rows are removed. */
  afterPublish?: () => Promise<void>;
}

interface OutboxRow {
  seq: string;
  envelope: EventEnvelope | string;
  deliver_at: string | Date | null;
  delay_target: string | null;
}

const relays = new Set<OutboxRelay>();

/**
 * Publishes committed outbox rows with publisher confirms, in batches locked with FOR UPDATE SKIP LOCKED so
 * several relays (replicas) share the work, and removes them once confirmed. A crash between the confirm
 * and the removal publishes the batch again: delivery is at-least-once and consumers' inboxes absorb it.
 */
export class OutboxRelay {
  private running = false;
  private readonly sleepers = new Set<() => void>();
  private woken = false;
  private loops: Promise<void>[] = [];
  private unsubscribe?: () => void;

  constructor(private readonly options: OutboxRelayOptions) {}

  get schema(): string {
    return this.options.schema;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    relays.add(this);
    registerOutboxMetrics();
    this.unsubscribe = onOutboxCommitted(this.options.db, this.options.schema, () => this.wake());
    const concurrency = this.options.concurrency ?? 2;
    this.loops = Array.from({ length: concurrency }, () => this.loop());
  }

  async stop(): Promise<void> {
    this.running = false;
    relays.delete(this);
    this.unsubscribe?.();
    for (const wakeUp of this.sleepers) wakeUp();
    await Promise.all(this.loops);
  }

  /**
   * One loop is enough for what a commit added; a second poll would only skip the first one's locked rows
   * and cost a transaction. The others join when a batch comes back full (see loop).
   */
  wake(): void {
    this.woken = true;
    const [wakeUp] = this.sleepers;
    wakeUp?.();
  }

  /** Publishes one batch; returns how many rows it sent. */
  async relayBatch(): Promise<number> {
    const { db, schema, bus } = this.options;
    const limit = this.options.batchSize ?? 500;
    const outbox = sql`${sql.identifier(schema)}.outbox`;
    return db.withTx(async (tx) => {
      // Claimed and deleted in one statement: the delete commits only after every confirm is in, and until
      // then the rows are locked (other relays skip them) and come back if the transaction rolls back.
      // ARRAY(…) keeps the plan on the primary key whatever the backlog (IN (…) let it scan the table).
      const rows = await selectRows<OutboxRow>(
        tx,
        sql`WITH claimed AS (
              DELETE FROM ${outbox} WHERE seq = ANY(ARRAY(
                SELECT seq FROM ${outbox} ORDER BY seq LIMIT ${limit} FOR UPDATE SKIP LOCKED))
              RETURNING seq, envelope, deliver_at, delay_target)
            SELECT * FROM claimed ORDER BY seq`,
      );
      if (rows.length === 0) return 0;
      const immediate: EventEnvelope[] = [];
      const delayed: Promise<void>[] = [];
      for (const row of rows) {
        const envelope =
          typeof row.envelope === 'string' ? (JSON.parse(row.envelope) as EventEnvelope) : row.envelope;
        if (row.deliver_at === null) immediate.push(envelope);
        else {
          const target = row.delay_target ? (JSON.parse(row.delay_target) as DelayTarget) : undefined;
          delayed.push(bus.publishDelayed(envelope, new Date(row.deliver_at), target));
        }
      }
      await Promise.all([bus.publish(immediate), ...delayed]);
      await this.options.afterPublish?.();
      return rows.length;
    });
  }

  /** Rows waiting and the age of the oldest, for metrics and readiness. */
  async backlog(): Promise<{ count: number; oldestAgeSeconds: number }> {
    const [row] = await selectRows<{ count: string | number; oldest: string | number | null }>(
      this.options.db.orm,
      sql`SELECT count(*) AS count, extract(epoch FROM now() - min(created_at)) AS oldest
          FROM ${sql.identifier(this.options.schema)}.outbox`,
    );
    return { count: Number(row?.count ?? 0), oldestAgeSeconds: Number(row?.oldest ?? 0) };
  }

  private async loop(): Promise<void> {
    const pollMs = this.options.pollIntervalMs ?? 1_000;
    let errorDelay = 250;
    while (this.running) {
      this.woken = false;
      try {
        const sent = await this.relayBatch();
        errorDelay = 250;
        if (sent >= (this.options.batchSize ?? 500)) {
          // A full batch: there is a backlog, let another loop share it.
          const [wakeUp] = this.sleepers;
          wakeUp?.();
        }
        if (sent > 0) continue; // more may be waiting
      } catch (error) {
        this.options.logger.warn(
          { err: messageOf(error), schema: this.options.schema },
          'outbox relay failed',
        );
        await this.sleep(errorDelay);
        errorDelay = Math.min(errorDelay * 2, 30_000);
        continue;
      }
      // A commit woke it while this batch ran: its rows may have been invisible to the batch's snapshot.
      if (this.woken) continue;
      await this.sleep(pollMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    // stop() wakes only the loops asleep when it is called: one whose batch was in flight must not sleep now.
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }
}

let metricsRegistered = false;

function registerOutboxMetrics(): void {
  if (metricsRegistered) return;
  metricsRegistered = true;
  const backlog = getOrCreateGauge({
    name: 'outbox_backlog',
    help: 'Outbox rows waiting to be published',
    labelNames: ['schema'],
  });
  const oldest = getOrCreateGauge({
    name: 'outbox_oldest_age_seconds',
    help: 'Age of the oldest unpublished outbox row',
    labelNames: ['schema'],
    async collect() {
      await Promise.all(
        [...relays].map(async (relay) => {
          const state = await relay.backlog().catch(() => undefined);
          if (!state) return;
          backlog.set({ schema: relay.schema }, state.count);
          this.set({ schema: relay.schema }, state.oldestAgeSeconds);
        }),
      );
    },
  });
  void oldest;
}
