import { RabbitBus } from '@salon/messaging';
import {
  ConfigError,
  createLogger,
  createPostgresDb,
  createShutdown,
  loadConfig,
  startMetricsServer,
  type MetricsServer,
  type CommonConfig,
  type Db,
  type Logger,
} from '@salon/service-kit';
import { migrateService, startService, type RunningService, type ServiceDefinition } from './service';

/**
 * `node main.js migrate` (or MIGRATE_ONLY=1): apply the migrations exactly as start-up does, then exit.
 * What a deployment's migration Job runs before the new replicas roll out.
 */
export const isMigrateOnly = (argv = process.argv, env = process.env): boolean =>
  argv[2] === 'migrate' || env.MIGRATE_ONLY === '1';

/**
 * The whole of a service's main.ts in the distributed mode: validated configuration (a missing database,
 * broker or secret stops the process with a message naming it), its own PostgreSQL and RabbitMQ, and a
 * graceful shutdown that stops accepting, drains requests and messages, then closes pools and channels.
 * In migrate-only mode it applies the migrations and exits (0 applied, 1 failed) without the broker.
 */
export async function runServiceProcess<C extends CommonConfig>(
  definition: ServiceDefinition<C>,
): Promise<void> {
  const migrateOnly = isMigrateOnly();
  let config: C;
  let amqpUrl = '';
  try {
    config = loadConfig(definition.configSchema);
    if (!config.DATABASE_URL) throw new ConfigError(['DATABASE_URL: required']);
    amqpUrl = config.AMQP_URL ?? '';
    if (!amqpUrl && !migrateOnly) throw new ConfigError(['AMQP_URL: required']);
  } catch (error) {
    process.stderr.write(`${definition.name}: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  const logger = createLogger({ service: definition.name, level: config.LOG_LEVEL });
  const db = createPostgresDb({
    url: config.DATABASE_URL,
    poolSize: config.DB_POOL_SIZE,
    applicationName: definition.name,
    onError: (error) => logger.warn({ err: error.message }, 'database connection error'),
  });
  if (migrateOnly) {
    process.exitCode = (await migrateOnce(definition, db, logger, config.DATABASE_RUNTIME_ROLE)) ? 0 : 1;
    return;
  }
  const shutdown = createShutdown(logger);
  const bus = new RabbitBus({
    url: amqpUrl,
    quorumGroupSize: config.AMQP_QUORUM_GROUP_SIZE,
    namespace: config.EVENT_NAMESPACE,
    connectionName: `${definition.name}:${process.pid}`,
    logger,
  });
  shutdown.register('database', () => db.close());
  shutdown.register('broker', () => bus.close());
  let running: RunningService;
  let metrics: MetricsServer;
  try {
    await bus.start();
    running = await startService(definition, {
      config,
      db,
      bus,
      logger,
      port: config.PORT,
      host: '0.0.0.0',
    });
    metrics = await startMetricsServer({
      port: config.METRICS_PORT,
      host: '0.0.0.0',
      readiness: running.readiness,
    });
  } catch (error) {
    // Logged as what it is, then the process ends for its supervisor to start again: not an unhandled rejection.
    logger.fatal({ err: error }, `${definition.name}: start failed`);
    process.exit(1);
  }
  // Closers run in reverse order: the service stops first, metrics stay scrapeable until then.
  shutdown.register('metrics', () => metrics.close());
  shutdown.register('service', () => running.stop());
  shutdown.installSignalHandlers();
}

async function migrateOnce(
  definition: Pick<ServiceDefinition, 'name' | 'migrations'>,
  db: Db,
  logger: Logger,
  runtimeRole: string | undefined,
): Promise<boolean> {
  try {
    const applied = await migrateService(definition, db, { runtimeRole });
    logger.info({ applied }, `${definition.name}: migrations applied`);
    return true;
  } catch (error) {
    logger.fatal({ err: error }, `${definition.name}: migrations failed`);
    return false;
  } finally {
    await db.close();
  }
}
