import { sql } from 'drizzle-orm';
import type { EventEnvelope } from '@salon/contracts';
import { createPostgresDb, selectRows } from '@salon/service-kit';
import { InProcessBus, MessagingStore, OutboxRelay } from '@salon/messaging';
import { createMigratedDatabase, waitFor, type TestDatabase } from '@salon/testing';
import { COUNTED, SCHEMA, counted, logger, migrations, testSchemas } from './fixtures';

describe('outbox relay wake-up', () => {
  let database: TestDatabase;
  let store: MessagingStore;
  let bus: InProcessBus;
  const received = new Set<string>();

  beforeAll(async () => {
    database = await createMigratedDatabase(SCHEMA, migrations);
    store = new MessagingStore(database.db, SCHEMA, testSchemas);
    bus = new InProcessBus({ logger, schemas: testSchemas });
    await bus.subscribe({
      consumer: 'wake.counter',
      events: [COUNTED],
      handle: async (event) => void received.add(event.id),
    });
  });
  afterAll(async () => {
    await bus.close();
    await database.drop();
  });
  beforeEach(() => database.db.orm.execute(sql`TRUNCATE msgtest.outbox`));

  const enqueue = (events: EventEnvelope[]) => database.db.withTx((tx) => store.enqueue(tx, events));
  const startRelay = async (pollIntervalMs: number) => {
    const relay = new OutboxRelay({ db: database.db, schema: SCHEMA, bus, logger, pollIntervalMs });
    await relay.start();
    return relay;
  };

  it('relays at once a commit of this process, even one whose transaction was open while the relay drained', async () => {
    // An hour-long poll: only the wake-up after each commit can move these rows.
    const relay = await startRelay(3_600_000);
    try {
      const backlog = counted(1);
      await enqueue([backlog]);
      let commit!: () => void;
      const straggler = counted(2);
      const open = database.db.withTx(async (tx) => {
        await store.enqueue(tx, [straggler]);
        await new Promise<void>((resolve) => (commit = resolve));
      });
      await waitFor(() => commit);
      await waitFor(() => received.has(backlog.id));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(received.has(straggler.id)).toBe(false); // not committed yet: invisible to the relay
      commit();
      await open;
      await waitFor(() => received.has(straggler.id), { timeoutMs: 3_000 });
    } finally {
      await relay.stop();
    }
  });

  it('stops at once even when a batch that finds nothing was in flight as stop() was called', async () => {
    const relay = await startRelay(3_600_000);
    let unlock!: () => void;
    // A lock that holds the relay's next batch (its DELETE) until released, so stop() lands mid-batch.
    const locked = database.db.withTx(async (tx) => {
      await tx.execute(sql`LOCK TABLE msgtest.outbox IN SHARE MODE`);
      await new Promise<void>((resolve) => (unlock = resolve));
    });
    await waitFor(() => unlock);
    relay.wake();
    await waitFor(async () => {
      const rows = await selectRows<{ waiting: number }>(
        database.db.orm,
        sql`SELECT count(*)::int AS waiting FROM pg_stat_activity
            WHERE wait_event_type = 'Lock' AND query LIKE '%DELETE FROM "msgtest".outbox%'`,
      );
      return rows[0]!.waiting > 0;
    });
    const stopped = relay.stop();
    unlock();
    await locked;
    // Before the fix, that loop went to sleep for its hour-long poll after the batch and stop() never returned.
    const outcome = await Promise.race([
      stopped.then(() => 'stopped'),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 10_000)),
    ]);
    expect(outcome).toBe('stopped');
  });

  it('publishes nothing of a rolled-back transaction', async () => {
    const relay = await startRelay(3_600_000);
    try {
      const rolledBack = counted(3);
      await expect(
        database.db.withTx(async (tx) => {
          await store.enqueue(tx, [rolledBack]);
          throw new Error('use case failed');
        }),
      ).rejects.toThrow('use case failed');
      const after = counted(4);
      await enqueue([after]);
      await waitFor(() => received.has(after.id), { timeoutMs: 3_000 });
      expect(received.has(rolledBack.id)).toBe(false);
    } finally {
      await relay.stop();
    }
  });

  it('finds by its poll the rows another process committed', async () => {
    const relay = await startRelay(100);
    // Another process's store: its commits cannot wake this process's relay.
    const other = createPostgresDb({ url: database.url, poolSize: 1 });
    try {
      const elsewhere = counted(5);
      await other.withTx((tx) => new MessagingStore(other, SCHEMA, testSchemas).enqueue(tx, [elsewhere]));
      await waitFor(() => received.has(elsewhere.id), { timeoutMs: 3_000 });
    } finally {
      await relay.stop();
      await other.close();
    }
  });
});
