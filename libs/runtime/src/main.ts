import { RabbitBus } from '@salon/messaging';
import {
  ConfigError,
  createLogger,
  createPostgresDb,
  createShutdown,
  loadConfig,
  type CommonConfig,
} from '@salon/service-kit';
import { startService, type ServiceDefinition } from './service';

/**
 * The whole of a service's main.ts in the distributed mode: validated configuration (a missing database,
 * broker or secret stops the process with a message naming it), its own PostgreSQL and RabbitMQ, and a
 * graceful shutdown that stops accepting, drains requests and messages, then closes pools and channels.
 */
export async function runServiceProcess<C extends CommonConfig>(
  definition: ServiceDefinition<C>,
): Promise<void> {
  let config: C;
  try {
    config = loadConfig(definition.configSchema);
    if (!config.DATABASE_URL) throw new ConfigError(['DATABASE_URL: required']);
    if (!config.AMQP_URL) throw new ConfigError(['AMQP_URL: required']);
  } catch (error) {
    process.stderr.write(`${definition.name}: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  const logger = createLogger({ service: definition.name, level: config.LOG_LEVEL });
  const shutdown = createShutdown(logger);
  const db = createPostgresDb({
    url: config.DATABASE_URL,
    poolSize: config.DB_POOL_SIZE,
    applicationName: definition.name,
    onError: (error) => logger.warn({ err: error.message }, 'database connection error'),
  });
  const bus = new RabbitBus({
    url: config.AMQP_URL,
    namespace: config.EVENT_NAMESPACE,
    connectionName: `${definition.name}:${process.pid}`,
    logger,
  });
  shutdown.register('database', () => db.close());
  shutdown.register('broker', () => bus.close());
  await bus.start();
  const running = await startService(definition, {
    config,
    db,
    bus,
    logger,
    port: config.PORT,
    host: '0.0.0.0',
  });
  shutdown.register('service', () => running.stop());
  shutdown.installSignalHandlers();
}
