import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import * as amqp from 'amqplib';
import type { Logger } from 'pino';
import type { EventSchemas } from '@salon/contracts';
import { RabbitBus, deleteTopology, topologyNames } from '@salon/messaging';
import { testAmqpUrl } from './infrastructure';
import { creationStamp } from './leftovers';

const run = promisify(execFile);

/**
 * A broker namespace of its own for one test file, so parallel files never see each other's messages; stamped
 * with its creation time so a later run can remove it if this one is killed before cleaning up.
 */
export function testNamespace(): string {
  return `t${creationStamp()}${randomBytes(3).toString('hex')}`;
}

export interface TestBus {
  bus: RabbitBus;
  namespace: string;
  connectionName: string;
  /** Closes the bus and deletes every queue and exchange of its namespace (its consumers' by default). */
  destroy(consumers?: string[]): Promise<void>;
}

export async function createTestBus(options: {
  logger: Logger;
  schemas?: EventSchemas;
  namespace?: string;
}): Promise<TestBus> {
  const namespace = options.namespace ?? testNamespace();
  const connectionName = `${namespace}:${randomBytes(3).toString('hex')}`;
  const bus = new RabbitBus({
    url: testAmqpUrl(),
    namespace,
    connectionName,
    logger: options.logger,
    schemas: options.schemas,
    connectTimeoutMs: 5_000,
  });
  await bus.start();
  return {
    bus,
    namespace,
    connectionName,
    async destroy(consumers = bus.consumers) {
      await bus.close();
      // A connection of its own: a test may have cut the bus's, and its queues must go all the same.
      await withBrokerChannel((channel) => deleteTopology(channel, topologyNames(namespace), consumers));
    },
  };
}

async function withBrokerChannel(work: (channel: amqp.Channel) => Promise<void>): Promise<void> {
  const connection = await amqp.connect(testAmqpUrl());
  try {
    await work(await connection.createChannel());
  } finally {
    await connection.close();
  }
}

/** Closes this connection from the server side, as a broker restart or a network cut would. */
export async function killBrokerConnection(connectionName: string): Promise<void> {
  const { stdout } = await run('rabbitmqctl', ['list_connections', 'pid', 'client_properties', '-q']);
  const marker = `{"connection_name","${connectionName}"}`;
  const pids = stdout
    .split('\n')
    .filter((line) => line.includes(marker))
    .map((line) => line.split('\t')[0]!);
  if (pids.length === 0) throw new Error(`No broker connection named ${connectionName}`);
  for (const pid of pids) await run('rabbitmqctl', ['close_connection', pid, 'test: connection cut']);
}

/**
 * Deletes every queue and exchange of a namespace that a process outside the test created (for example
 * the embedded platform run as a child process), so test runs leave nothing on the broker.
 */
export async function deleteBrokerNamespace(namespace: string): Promise<void> {
  const { stdout } = await run('rabbitmqctl', ['list_queues', 'name', '-q', '--no-table-headers']);
  const queues = stdout
    .split('\n')
    .map((line) => line.trim())
    .filter((name) => name.startsWith(`${namespace}.`));
  await withBrokerChannel(async (channel) => {
    for (const queue of queues) await channel.deleteQueue(queue);
    const names = topologyNames(namespace);
    for (const exchange of [names.events, names.deadLetters, names.delay])
      await channel.deleteExchange(exchange);
  });
}
