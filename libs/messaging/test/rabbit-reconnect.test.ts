import { MessagingStore, OutboxRelay, RabbitBus, deleteTopology, topologyNames } from '@salon/messaging';
import {
  createMigratedDatabase,
  createTestBus,
  killBrokerConnection,
  testAmqpUrl,
  testNamespace,
  waitFor,
} from '@salon/testing';
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

it('delivers and applies 2,000 events exactly once when the broker cuts the connection midway', async () => {
  const database = await createMigratedDatabase(SCHEMA, migrations);
  const { bus, connectionName, namespace, destroy } = await createTestBus({ logger, schemas: testSchemas });
  const store = new MessagingStore(database.db, SCHEMA, testSchemas);
  const consumer = 'msgtest.reconnect';
  const relay = new OutboxRelay({ db: database.db, schema: SCHEMA, bus, logger, pollIntervalMs: 100 });
  try {
    let applied = 0;
    const applyOnce = store.inboxed(consumer, async (event, tx) => {
      await applyEffect(tx, consumer, event);
      // Slow the consumer a little so the cut lands while messages are in flight.
      await new Promise((resolve) => setTimeout(resolve, 1));
      applied += 1;
    });
    await bus.subscribe({
      consumer,
      events: [COUNTED],
      prefetch: 50,
      handle: async (event) => void (await applyOnce(event)),
    });
    await relay.start();

    const events = Array.from({ length: 2_000 }, (_, n) => counted(n));
    for (let i = 0; i < events.length; i += 100) {
      await database.db.withTx((tx) => store.enqueue(tx, events.slice(i, i + 100)));
    }
    await waitFor(() => applied >= 300, { timeoutMs: 20_000 });
    await killBrokerConnection(connectionName);
    const appliedAtCut = applied;

    await waitFor(async () => (await effectStats(database.db, consumer)).distinct === 2_000, {
      timeoutMs: 60_000,
      message: 'not every event was applied after the reconnect',
    });
    // Let any redelivered duplicates arrive before counting effects.
    const queue = topologyNames(namespace).queue(consumer);
    await waitFor(
      async () => (await bus.withChannel((channel) => channel.checkQueue(queue))).messageCount === 0,
    );
    expect(appliedAtCut).toBeLessThan(2_000);
    expect(bus.connectionsOpened).toBe(2);
    expect(bus.isHealthy()).toBe(true);
    expect(await effectStats(database.db, consumer)).toEqual({ total: 2_000, distinct: 2_000 });
  } finally {
    await relay.stop();
    await destroy([consumer]);
    await database.drop();
  }
}, 120_000);

it('connects to the first reachable node of a comma-separated list', async () => {
  // Port 1 refuses at once: the node that is down; the test broker comes next.
  const namespace = testNamespace();
  const bus = new RabbitBus({
    url: `amqp://guest:guest@127.0.0.1:1, ${testAmqpUrl()}`,
    namespace,
    connectionName: 'msgtest.failover',
    logger,
    schemas: testSchemas,
    connectTimeoutMs: 10_000,
  });
  await bus.start();
  try {
    expect(bus.isHealthy()).toBe(true);
    expect(bus.connectionsOpened).toBe(1);
  } finally {
    await bus.withChannel((channel) => deleteTopology(channel, topologyNames(namespace), []));
    await bus.close();
  }
});
