import { Client } from 'pg';
import * as amqp from 'amqplib';
import { HOW_TO_START, testAmqpUrl, testDatabaseUrl } from './infrastructure';
import { removeStaleTestResources } from './leftovers';

/**
 * Jest global setup: make sure real PostgreSQL and RabbitMQ are reachable. When they are not and a Docker
 * engine is, start them with testcontainers (the fallback, never the only way); otherwise fail clearly.
 */
export default async function globalSetup(): Promise<void> {
  const postgresUp = await canReachPostgres();
  // Before the broker check: enough leaked quorum queues make the broker refuse connections (leftovers.ts).
  if (postgresUp) {
    const removed = await removeStaleTestResources();
    if (removed.databases + removed.queues + removed.exchanges + removed.brokerClusters > 0)
      process.stdout.write(
        `\nRemoved what killed test runs left: ${removed.databases} databases, ${removed.queues} queues, ` +
          `${removed.exchanges} exchanges, ${removed.brokerClusters} broker clusters\n`,
      );
  }
  const brokerUp = await canReachBroker();
  if (postgresUp && brokerUp) return;
  if (!(await dockerAvailable())) throw new Error(HOW_TO_START);
  const { GenericContainer, Wait } = await import('testcontainers');
  if (!postgresUp) {
    const container = await new GenericContainer('postgres:16-alpine')
      .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/ready to accept connections/, 2))
      .start();
    process.env.TEST_DATABASE_URL = `postgres://postgres@${container.getHost()}:${container.getMappedPort(5432)}/postgres`;
  }
  if (!brokerUp) {
    const container = await new GenericContainer('rabbitmq:3.13-alpine')
      .withExposedPorts(5672)
      .withWaitStrategy(Wait.forLogMessage(/Server startup complete/))
      .start();
    process.env.TEST_AMQP_URL = `amqp://guest:guest@${container.getHost()}:${container.getMappedPort(5672)}`;
  }
}

async function canReachPostgres(): Promise<boolean> {
  const client = new Client({ connectionString: testDatabaseUrl(), connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function canReachBroker(): Promise<boolean> {
  try {
    const connection = await amqp.connect(testAmqpUrl(), { timeout: 2_000 });
    await connection.close();
    return true;
  } catch {
    return false;
  }
}

async function dockerAvailable(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}
