import pino from 'pino';
import { MessagingStore, OutboxRelay, RabbitBus, topologyNames } from '@salon/messaging';
import {
  COUNTED,
  COUNTED_SCHEMA,
  applyCountedEffect,
  counted,
  countedEffectStats,
  countedMigrations,
  countedSchemas,
  createMigratedDatabase,
  startBrokerCluster,
  testNamespace,
  waitFor,
  type BrokerCluster,
  type TestDatabase,
} from '@salon/testing';
import { timed } from '../../src/faults-infrastructure';

/**
 * A three-node RabbitMQ cluster (libs/testing/src/broker-cluster.ts, beside the shared broker) under the
 * messaging layer of two services, each with its own PostgreSQL database and its own connection given all
 * three nodes (`AMQP_URL` as a list) and quorum queues of 3: a producer's outbox relay publishes, a
 * consumer's inbox applies each event into an effects table that has no uniqueness of its own. The node
 * leading the consumer's queue is killed during 5,000 events, then (back in the cluster) the node both services
 * moved to is cut off by a partition during 5,000 more: every event is applied exactly once (counted in the database),
 * and both services carry on over the surviving nodes without a restart.
 */
const EVENTS = 5_000;
const GROUP_SIZE = 3;
const CONSUMER = 'clusterfault.counted';
/** Applied events at which a fault is injected: mid-stream, with publishing still under way. */
const FAULT_AFTER = 1_000;
const logger = pino({ level: 'silent' });

let cluster: BrokerCluster;
let producerDb: TestDatabase;
let consumerDb: TestDatabase;
let producer: RabbitBus;
let consumer: RabbitBus;
let relay: OutboxRelay;
let namespace: string;
let applied = 0;

const bus = (name: string) =>
  new RabbitBus({
    url: cluster.amqpUrl,
    quorumGroupSize: GROUP_SIZE,
    namespace,
    connectionName: `${namespace}:${name}`,
    logger,
    schemas: countedSchemas,
    connectTimeoutMs: 60_000,
  });

beforeAll(async () => {
  const started = await timed(async () => {
    [cluster, producerDb, consumerDb] = await Promise.all([
      startBrokerCluster(3),
      createMigratedDatabase(COUNTED_SCHEMA, countedMigrations),
      createMigratedDatabase(COUNTED_SCHEMA, countedMigrations),
    ]);
  });
  process.stdout.write(`broker cluster up in ${Math.round(started.ms)} ms\n`);
  namespace = testNamespace();
  producer = bus('producer');
  consumer = bus('consumer');
  await Promise.all([producer.start(), consumer.start()]);
  const store = new MessagingStore(consumerDb.db, COUNTED_SCHEMA, countedSchemas);
  const applyOnce = store.inboxed(CONSUMER, async (event, tx) => {
    await applyCountedEffect(tx, CONSUMER, event);
  });
  await consumer.subscribe({
    consumer: CONSUMER,
    events: [COUNTED],
    prefetch: 100,
    handle: async (event) => {
      if (await applyOnce(event)) applied += 1;
    },
  });
  relay = new OutboxRelay({
    db: producerDb.db,
    schema: COUNTED_SCHEMA,
    bus: producer,
    logger,
    pollIntervalMs: 100,
  });
  await relay.start();
}, 240_000);

afterAll(async () => {
  await relay?.stop();
  await Promise.all([producer?.close(), consumer?.close()]);
  await Promise.all([producerDb?.drop(), consumerDb?.drop()]);
  await cluster?.stop();
}, 60_000);

/** Writes events `from` … `from + count - 1` to the producer's outbox, 100 a transaction, spread over time. */
async function produce(from: number, count: number): Promise<void> {
  const store = new MessagingStore(producerDb.db, COUNTED_SCHEMA, countedSchemas);
  for (let n = from; n < from + count; n += 100) {
    const batch = Array.from({ length: Math.min(100, from + count - n) }, (_, i) => counted(n + i));
    await producerDb.db.withTx((tx) => store.enqueue(tx, batch));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until `total` distinct events were applied and the queue is drained, then counts exactly. */
async function expectEachAppliedOnce(total: number): Promise<void> {
  await waitFor(async () => (await countedEffectStats(consumerDb.db, CONSUMER)).distinct >= total, {
    timeoutMs: 90_000,
    intervalMs: 250,
    message: `not every event was applied (${applied} of ${total})`,
  });
  // Redeliveries of what was in flight at the fault arrive before the queue is empty: count after that.
  const queue = topologyNames(namespace).queue(CONSUMER);
  await waitFor(
    async () => (await consumer.withChannel((channel) => channel.checkQueue(queue))).messageCount === 0,
    { timeoutMs: 30_000, intervalMs: 250 },
  );
  const [numbers] = await consumerDb.db.withRawTx((session) =>
    session.query<{ n: string }>(`SELECT count(DISTINCT n) AS n FROM ${COUNTED_SCHEMA}.effects`),
  );
  const [outbox] = await producerDb.db.withRawTx((session) =>
    session.query<{ n: string }>(`SELECT count(*) AS n FROM ${COUNTED_SCHEMA}.outbox`),
  );
  expect({
    effects: await countedEffectStats(consumerDb.db, CONSUMER),
    numbers: Number(numbers!.n),
    outbox: Number(outbox!.n),
    deadLetters: (await consumer.deadLetters(CONSUMER)).length,
  }).toEqual({ effects: { total, distinct: total }, numbers: total, outbox: 0, deadLetters: 0 });
}

/** Injects `fault` once FAULT_AFTER more events were applied, while `count` events are being produced. */
async function underLoad(from: number, fault: () => Promise<void>): Promise<{ ms: number }> {
  const production = produce(from, EVENTS);
  await waitFor(() => applied >= from + FAULT_AFTER, { timeoutMs: 60_000, intervalMs: 20 });
  await fault();
  await production;
  return timed(() => expectEachAppliedOnce(from + EVENTS));
}

const queueLeader = () => cluster.leaderOf(topologyNames(namespace).queue(CONSUMER));
const reconnects = () => ({ producer: producer.connectionsOpened, consumer: consumer.connectionsOpened });

it('loses the node leading the quorum queues during 5,000 events: none lost, none applied twice, no restart', async () => {
  const leader = await queueLeader();
  const before = reconnects();
  const { ms } = await underLoad(0, () => cluster.kill(leader));
  process.stdout.write(
    `killed ${leader.name}: all ${EVENTS} applied ${Math.round(ms)} ms after the last write\n`,
  );

  expect((await queueLeader()).name).not.toBe(leader.name);
  // Both were connected to the killed node (the first of the list): each failed over on its own.
  expect(producer.connectionsOpened).toBeGreaterThan(before.producer);
  expect(consumer.connectionsOpened).toBeGreaterThan(before.consumer);
  expect(producer.isHealthy() && consumer.isHealthy()).toBe(true);

  // Back in the cluster for the partition: a partition of one of two nodes would leave no majority.
  const restarted = await timed(() => cluster.start(leader));
  process.stdout.write(`${leader.name} rejoined in ${Math.round(restarted.ms)} ms\n`);
}, 240_000);

it('cuts off the node both services are connected to by a partition during 5,000 more: none lost, none applied twice', async () => {
  const cut = cluster.nodes.find((node) => node.url === consumer.connectedUrl);
  expect(cut?.url).toBe(producer.connectedUrl);
  const leader = await queueLeader();
  const before = reconnects();
  let healed = false;
  try {
    const { ms } = await underLoad(EVENTS, () => cluster.partition(cut!));
    process.stdout.write(
      `partitioned ${cut!.name} (the queue's leader: ${leader.name}): all applied ${Math.round(ms)} ms ` +
        `after the last write; connections opened ${JSON.stringify(before)} -> ${JSON.stringify(reconnects())}\n`,
    );
    // pause_minority: the cut-off node closed its clients' connections; each moved to the majority by itself.
    expect(producer.connectionsOpened).toBeGreaterThan(before.producer);
    expect(consumer.connectionsOpened).toBeGreaterThan(before.consumer);
    expect(consumer.connectedUrl).not.toBe(cut!.url);
    expect((await queueLeader()).name).not.toBe(cut!.name);
    await cluster.heal(cut!);
    healed = true;
  } finally {
    if (!healed) await cluster.heal(cut!).catch(() => undefined);
  }
  expect(producer.isHealthy() && consumer.isHealthy()).toBe(true);
}, 240_000);
