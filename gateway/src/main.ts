import type { AddressInfo } from 'node:net';
import { closeServer, createLogger, createShutdown, startMetricsServer } from '@salon/service-kit';
import { createGateway } from './app';
import { loadGatewayConfig, type GatewayConfig } from './config';

let config: GatewayConfig;
try {
  config = loadGatewayConfig();
} catch (error) {
  // A missing key or secret stops the gateway with a message naming each variable.
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
const logger = createLogger({ service: 'gateway', level: config.LOG_LEVEL });
const shutdown = createShutdown(logger);

async function main() {
  const gateway = createGateway({ config, logger });
  shutdown.register('gateway', () => gateway.close());
  // Serving starts either way; until Redis answers, limits use local counters.
  if (config.REDIS_URL && !(await gateway.waitForRateLimitStore(3000)))
    logger.warn('rate-limit store not reachable at start-up: limiting with local counters');
  const server = gateway.createServer();
  server.listen(config.PORT, () =>
    logger.info({ port: (server.address() as AddressInfo).port }, 'gateway listening'),
  );
  // Idle client connections outlive the load balancer's, so it never reuses one the gateway is closing.
  server.keepAliveTimeout = config.KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = config.KEEP_ALIVE_TIMEOUT_MS + 1000;
  const metrics = await startMetricsServer({
    port: config.METRICS_PORT,
    host: '0.0.0.0',
    readiness: gateway.readiness,
  });
  // Closers run in reverse order: metrics stay scrapeable until the API has stopped.
  shutdown.register('metrics', () => metrics.close());
  shutdown.register('http', () => closeServer(server));
  shutdown.installSignalHandlers();
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, 'gateway failed to start');
  process.exit(1);
});
