import type { Logger } from 'pino';
import { MessagingStore, OutboxRelay } from '@salon/messaging';
import { createTestBus } from './broker';
import { createMigratedDatabase, type TestDatabase } from './database';
import {
  COUNTED,
  COUNTED_SCHEMA,
  applyCountedEffect,
  counted,
  countedMigrations,
  countedSchemas,
} from './counted-events';
import { waitFor } from './wait';

/**
 * The outbox → broker → inbox path as the services run it, on a database and broker namespace of its own:
 * counted events committed through the outbox, relayed with confirms, applied once through the inbox with an
 * effect row each. The benchmarks measure it (libs/messaging/bench, scheduling's growth bench).
 */
export interface EventPath {
  database: TestDatabase;
  /** The broker namespace of its exchanges and queues. */
  namespace: string;
  store: MessagingStore;
  /** When each event's effect committed (performance.now()), by event id. */
  appliedAt: Map<string, number>;
  /** When the consumer got each event from the broker, before its inbox transaction (performance.now()). */
  receivedAt: Map<string, number>;
  /** Commits `count` events (transactions of 10, 8 writers) and waits for every effect: events per second. */
  throughput(count: number): Promise<number>;
  close(): Promise<void>;
}

export async function startEventPath(logger: Logger): Promise<EventPath> {
  const database = await createMigratedDatabase(COUNTED_SCHEMA, countedMigrations);
  const { bus, namespace, destroy } = await createTestBus({ logger, schemas: countedSchemas });
  const store = new MessagingStore(database.db, COUNTED_SCHEMA, countedSchemas);
  const consumer = 'bench.counter';
  const appliedAt = new Map<string, number>();
  const receivedAt = new Map<string, number>();
  const applyOnce = store.inboxed(consumer, (event, tx) => applyCountedEffect(tx, consumer, event));
  await bus.subscribe({
    consumer,
    events: [COUNTED],
    prefetch: 500,
    handle: async (event) => {
      if (!receivedAt.has(event.id)) receivedAt.set(event.id, performance.now());
      await applyOnce(event);
      appliedAt.set(event.id, performance.now());
    },
  });
  const relay = new OutboxRelay({
    db: database.db,
    schema: COUNTED_SCHEMA,
    bus,
    logger,
    batchSize: 500,
    concurrency: 2,
  });
  await relay.start();

  const throughput = async (count: number): Promise<number> => {
    appliedAt.clear();
    receivedAt.clear();
    const events = Array.from({ length: count }, (_, n) => counted(n));
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < events.length) {
          const batch = events.slice(next, next + 10);
          next += 10;
          await database.db.withTx((tx) => store.enqueue(tx, batch));
        }
      }),
    );
    await waitFor(() => appliedAt.size >= count, { timeoutMs: 300_000, intervalMs: 5 });
    return count / ((performance.now() - started) / 1000);
  };

  return {
    database,
    namespace,
    store,
    appliedAt,
    receivedAt,
    throughput,
    close: async () => {
      await relay.stop();
      await destroy([consumer]);
      await database.drop();
    },
  };
}
