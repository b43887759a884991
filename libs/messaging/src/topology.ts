import type { Channel } from 'amqplib';

/** Delay-ladder steps in ms: powers of two from 64 ms to 2^31 ms (about 24.8 days). */
export const LADDER_STEPS_MS: number[] = Array.from({ length: 26 }, (_, i) => 2 ** (i + 6));

/** Every broker name derives from one namespace, so a test run (or a second platform) never collides. */
export function topologyNames(namespace: string) {
  return {
    events: `${namespace}.events`,
    deadLetters: `${namespace}.dlx`,
    delay: `${namespace}.delay`,
    delayReady: `${namespace}.delay.ready`,
    ladderQueue: (stepMs: number) => `${namespace}.delay.${stepMs}ms`,
    queue: (consumer: string) => `${namespace}.${consumer}`,
    deadLetterQueue: (consumer: string) => `${namespace}.${consumer}.dlq`,
  };
}
export type TopologyNames = ReturnType<typeof topologyNames>;

/** Largest ladder step not longer than the remaining wait (the smallest when less is left). */
export function ladderStepFor(remainingMs: number): number {
  let chosen = LADDER_STEPS_MS[0]!;
  for (const step of LADDER_STEPS_MS) if (step <= remainingMs) chosen = step;
  return chosen;
}

/**
 * How queues are replicated across a broker cluster. Unset (one node, the default): quorum queues take the
 * broker's default group size and the delay ladder is classic. With `quorumGroupSize` (a cluster), every
 * quorum queue is declared with that many members, and the ladder's steps are quorum queues too: a classic
 * queue lives on one node, and while that node is down no client can declare it again, so none could
 * reconnect (seen in e2e/test/faults/broker-cluster.test.ts). A namespace keeps the ladder's type it was
 * created with: switching one means deleting its ladder queues first (docs/operations.md).
 */
export interface QueueReplication {
  quorumGroupSize?: number;
}

function quorum(replication: QueueReplication): Record<string, unknown> {
  return {
    'x-queue-type': 'quorum',
    ...(replication.quorumGroupSize ? { 'x-quorum-initial-group-size': replication.quorumGroupSize } : {}),
  };
}

/** Declares exchanges and the delay ladder; idempotent. */
export async function declareBaseTopology(
  channel: Channel,
  names: TopologyNames,
  replication: QueueReplication = {},
): Promise<void> {
  await channel.assertExchange(names.events, 'topic', { durable: true });
  await channel.assertExchange(names.deadLetters, 'direct', { durable: true });
  await channel.assertExchange(names.delay, 'direct', { durable: true });
  await channel.assertQueue(names.delayReady, { durable: true, arguments: quorum(replication) });
  await channel.bindQueue(names.delayReady, names.delay, 'ready');
  // One fixed TTL per queue: per-message TTLs only expire at the head, so mixed delays would queue up.
  for (const step of LADDER_STEPS_MS) {
    const queue = names.ladderQueue(step);
    await channel.assertQueue(queue, {
      durable: true,
      arguments: {
        ...(replication.quorumGroupSize ? quorum(replication) : {}),
        'x-message-ttl': step,
        'x-dead-letter-exchange': names.delay,
        'x-dead-letter-routing-key': 'ready',
      },
    });
    await channel.bindQueue(queue, names.delay, String(step));
  }
}

/** Declares a consumer's quorum work queue, its dead-letter queue and its bindings; idempotent. */
export async function declareConsumerTopology(
  channel: Channel,
  names: TopologyNames,
  consumer: string,
  eventTypes: string[],
  replication: QueueReplication = {},
): Promise<void> {
  const queue = names.queue(consumer);
  const deadLetterQueue = names.deadLetterQueue(consumer);
  await channel.assertQueue(deadLetterQueue, { durable: true, arguments: quorum(replication) });
  await channel.bindQueue(deadLetterQueue, names.deadLetters, queue);
  await channel.assertQueue(queue, {
    durable: true,
    arguments: {
      ...quorum(replication),
      // A message that keeps killing its consumer (crash, channel loss) is dead-lettered by the broker.
      'x-delivery-limit': 20,
      'x-dead-letter-exchange': names.deadLetters,
      'x-dead-letter-routing-key': queue,
    },
  });
  for (const type of eventTypes) await channel.bindQueue(queue, names.events, type);
}

/** Removes everything of a namespace (tests only). */
export async function deleteTopology(
  channel: Channel,
  names: TopologyNames,
  consumers: string[],
): Promise<void> {
  for (const consumer of consumers) {
    await channel.deleteQueue(names.queue(consumer));
    await channel.deleteQueue(names.deadLetterQueue(consumer));
  }
  for (const step of LADDER_STEPS_MS) await channel.deleteQueue(names.ladderQueue(step));
  await channel.deleteQueue(names.delayReady);
  for (const exchange of [names.events, names.deadLetters, names.delay])
    await channel.deleteExchange(exchange);
}
