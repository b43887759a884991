import { sql } from 'drizzle-orm';
import type { EventEnvelope } from '@salon/contracts';
import { selectRows } from '@salon/service-kit';
import { InProcessBus, MessagingStore, OutboxRelay, type EventBus } from '@salon/messaging';
import { createMigratedDatabase, createTestBus, waitFor, type TestDatabase } from '@salon/testing';
import {
  COUNTED,
  SCHEMA,
  applyEffect,
  counted,
  effectStats,
  logger,
  migrations,
  testSchemas,
} from './fixtures';

interface Transport {
  bus: EventBus;
  destroy(consumers: string[]): Promise<void>;
}

const transports: Array<[string, () => Promise<Transport>]> = [
  [
    'rabbitmq',
    async () => {
      const { bus, destroy } = await createTestBus({ logger, schemas: testSchemas });
      return { bus, destroy };
    },
  ],
  [
    'in-process',
    async () => {
      const bus = new InProcessBus({ logger, schemas: testSchemas });
      return { bus, destroy: () => bus.close() };
    },
  ],
];

describe.each(transports)('messaging over %s', (_name, makeTransport) => {
  let database: TestDatabase;
  let transport: Transport;
  let store: MessagingStore;
  const consumers: string[] = [];
  const relays: OutboxRelay[] = [];

  beforeAll(async () => {
    database = await createMigratedDatabase(SCHEMA, migrations);
    transport = await makeTransport();
    store = new MessagingStore(database.db, SCHEMA, testSchemas);
  });

  afterAll(async () => {
    await Promise.all(relays.map((relay) => relay.stop()));
    await transport.destroy(consumers);
    await database.drop();
  });

  beforeEach(async () => {
    await database.db.orm.execute(sql`TRUNCATE msgtest.effects, msgtest.inbox, msgtest.outbox`);
  });

  async function subscribeCounter(consumer: string, onDelivery: (event: EventEnvelope) => void = () => {}) {
    consumers.push(consumer);
    const applyOnce = store.inboxed(consumer, (event, tx) => applyEffect(tx, consumer, event));
    await transport.bus.subscribe({
      consumer,
      events: [COUNTED],
      handle: async (event) => {
        onDelivery(event);
        await applyOnce(event);
      },
    });
  }

  function startRelay(options: Partial<ConstructorParameters<typeof OutboxRelay>[0]> = {}) {
    const relay = new OutboxRelay({
      db: database.db,
      schema: SCHEMA,
      bus: transport.bus,
      logger,
      pollIntervalMs: 100,
      ...options,
    });
    relays.push(relay);
    return relay.start().then(() => relay);
  }

  it('publishes nothing for a rolled-back transaction and delivers a committed one', async () => {
    await subscribeCounter('msgtest.commit');
    const relay = await startRelay();
    const rolledBack = counted(1);
    const committed = counted(2);

    await expect(
      database.db.withTx(async (tx) => {
        await store.enqueue(tx, [rolledBack]);
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    await database.db.withTx((tx) => store.enqueue(tx, [committed]));

    await waitFor(async () => (await effectStats(database.db, 'msgtest.commit')).total === 1);
    const rows = await selectRows<{ event_id: string }>(
      database.db.orm,
      sql`SELECT event_id FROM msgtest.effects WHERE consumer = 'msgtest.commit'`,
    );
    expect(rows.map((row) => row.event_id)).toEqual([committed.id]);
    const outbox = await selectRows(database.db.orm, sql`SELECT 1 FROM msgtest.outbox`);
    expect(outbox).toHaveLength(0);
    await relay.stop();
  });

  it('refuses to enqueue an event that breaks its contract', async () => {
    const broken = { ...counted(1), data: { n: 'not a number' } } as unknown as EventEnvelope;
    await expect(database.db.withTx((tx) => store.enqueue(tx, [broken]))).rejects.toThrow();
    const outbox = await selectRows(database.db.orm, sql`SELECT 1 FROM msgtest.outbox`);
    expect(outbox).toHaveLength(0);
  });

  it('applies an event once when the relay dies after publishing but before marking it sent', async () => {
    const deliveries = new Map<string, number>();
    await subscribeCounter('msgtest.redelivery', (event) =>
      deliveries.set(event.id, (deliveries.get(event.id) ?? 0) + 1),
    );
    let crashes = 0;
    const relay = await startRelay({
      afterPublish: async () => {
        if (crashes === 0) {
          crashes += 1;
          throw new Error('relay killed before marking rows sent');
        }
      },
    });
    const event = counted(7);
    await database.db.withTx((tx) => store.enqueue(tx, [event]));

    await waitFor(() => (deliveries.get(event.id) ?? 0) >= 2, {
      message: 'the event was not published twice',
    });
    await waitFor(async () => (await effectStats(database.db, 'msgtest.redelivery')).total >= 1);
    await relay.stop();
    expect(crashes).toBe(1);
    expect(await effectStats(database.db, 'msgtest.redelivery')).toEqual({ total: 1, distinct: 1 });
  });

  it('retries a failing handler with growing delays, dead-letters it, and keeps the queue moving', async () => {
    const consumer = 'msgtest.flaky';
    consumers.push(consumer);
    const failing = counted(-1);
    const attempts: number[] = [];
    const handled: string[] = [];
    await transport.bus.subscribe({
      consumer,
      events: [COUNTED],
      prefetch: 1,
      retry: { maxAttempts: 3, initialDelayMs: 200, maxDelayMs: 2_000 },
      handle: async (event) => {
        if (event.id === failing.id) {
          attempts.push(Date.now());
          throw new Error('downstream refused');
        }
        handled.push(event.id);
      },
    });
    const invalid = { ...counted(0), data: { n: 'NaN' } } as unknown as EventEnvelope;
    const behind = [counted(1), counted(2)];

    await transport.bus.publish([failing, invalid, ...behind]);

    // The messages behind the failing and the invalid one are handled before the first retry is due.
    await waitFor(() => handled.length === 2);
    expect(attempts.length).toBeLessThanOrEqual(1);
    expect(handled).toEqual(behind.map((event) => event.id));

    const letters = await waitFor(async () => {
      const found = await transport.bus.deadLetters(consumer);
      return found.length === 2 ? found : undefined;
    });
    expect(attempts).toHaveLength(3);
    const firstGap = attempts[1]! - attempts[0]!;
    const secondGap = attempts[2]! - attempts[1]!;
    expect(firstGap).toBeGreaterThanOrEqual(200);
    expect(secondGap).toBeGreaterThanOrEqual(400);
    expect(secondGap).toBeGreaterThan(firstGap);

    const byReason = Object.fromEntries(letters.map((letter) => [letter.reason, letter]));
    expect((byReason.exhausted!.envelope as EventEnvelope).id).toBe(failing.id);
    expect(byReason.exhausted!.attempts).toBe(3);
    expect(byReason.exhausted!.error).toContain('downstream refused');
    expect((byReason.invalid!.envelope as EventEnvelope).id).toBe(invalid.id);
  });

  it('delivers a message scheduled 3 s ahead no earlier than 3 s and within 2 s after', async () => {
    const consumer = 'msgtest.delayed';
    consumers.push(consumer);
    let arrivedAt: number | undefined;
    const event = counted(3);
    await transport.bus.subscribe({
      consumer,
      events: [COUNTED],
      handle: async (incoming) => {
        if (incoming.id === event.id) arrivedAt = Date.now();
      },
    });
    const dueAt = Date.now() + 3_000;
    await transport.bus.publishDelayed(event, new Date(dueAt));
    await waitFor(() => arrivedAt, { timeoutMs: 8_000 });
    expect(arrivedAt!).toBeGreaterThanOrEqual(dueAt);
    expect(arrivedAt! - dueAt).toBeLessThanOrEqual(2_000);
  });
});
