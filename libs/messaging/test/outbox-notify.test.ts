import { sql } from 'drizzle-orm';
import type { EventEnvelope } from '@salon/contracts';
import { InProcessBus, MessagingStore, OutboxRelay, outboxChannel } from '@salon/messaging';
import { createMigratedDatabase, waitFor, type TestDatabase } from '@salon/testing';
import { COUNTED, SCHEMA, counted, logger, migrations, testSchemas } from './fixtures';

describe('outbox notifications', () => {
  let database: TestDatabase;
  let store: MessagingStore;

  beforeAll(async () => {
    database = await createMigratedDatabase(SCHEMA, migrations);
    store = new MessagingStore(database.db, SCHEMA, testSchemas);
  });
  afterAll(() => database.drop());

  const enqueue = (events: EventEnvelope[]) => database.db.withTx((tx) => store.enqueue(tx, events));

  it('notifies only a commit that finds the outbox otherwise empty', async () => {
    let notifications = 0;
    const unlisten = await database.db.listen(outboxChannel(SCHEMA), () => (notifications += 1));
    try {
      await enqueue([counted(1), counted(2)]); // empty outbox: an idle relay must be woken
      await waitFor(() => notifications === 1);
      await enqueue([counted(3)]); // rows already waiting: whoever relays them polls again
      await enqueue([counted(4)]);
      // A notification is delivered before the next statement's result: two more commits later, none came.
      await database.db.withTx(async () => undefined);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(notifications).toBe(1);
    } finally {
      await unlisten();
    }
  });

  it('relays a row whose insert saw a backlog (so no NOTIFY) but which committed after the relay drained', async () => {
    const bus = new InProcessBus({ logger, schemas: testSchemas });
    const received = new Set<string>();
    await bus.subscribe({
      consumer: 'notify.counter',
      events: [COUNTED],
      handle: async (event) => void received.add(event.id),
    });
    // An hour-long fallback poll: only NOTIFY and the rechecks after a drain can move these rows.
    const relay = new OutboxRelay({
      db: database.db,
      schema: SCHEMA,
      bus,
      logger,
      pollIntervalMs: 3_600_000,
    });
    try {
      await database.db.orm.execute(sql`TRUNCATE msgtest.outbox`);
      const backlog = counted(1);
      await enqueue([backlog]);
      let commit!: () => void;
      const straggler = counted(2);
      const open = database.db.withTx(async (tx) => {
        await store.enqueue(tx, [straggler]); // sees the backlog: no notification at commit
        await new Promise<void>((resolve) => (commit = resolve));
      });
      await waitFor(() => commit);

      await relay.start(); // relays the backlog, then finds the outbox empty
      await waitFor(() => received.has(backlog.id));
      await new Promise((resolve) => setTimeout(resolve, 30));
      commit();
      await open;
      await waitFor(() => received.has(straggler.id), { timeoutMs: 3_000 });

      // Idle again (rechecks over): the next commit finds the outbox empty and wakes the relay at once.
      await new Promise((resolve) => setTimeout(resolve, 600));
      const late = counted(3);
      await enqueue([late]);
      await waitFor(() => received.has(late.id), { timeoutMs: 3_000 });
    } finally {
      await relay.stop();
      await bus.close();
    }
  });
});
