import { resolve } from 'node:path';
import { z } from 'zod';
import { createLogger, createShutdown, loadConfig } from '@salon/service-kit';
import { startPlatform } from './platform';

const config = loadConfig(
  z.object({
    PORT: z.coerce.number().int().default(8080),
    // Unset: a free loopback port (printed), so a laptop's other exporters never collide with it.
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    DATA_DIR: z.string().default('.data'),
    DATABASE_URL: z.string().url().optional(),
    AMQP_URL: z.string().url().optional(),
    EVENT_NAMESPACE: z.string().default('salon'),
    LOG_LEVEL: z.string().default('info'),
  }),
);

async function main() {
  const logger = createLogger({ service: 'embedded', level: config.LOG_LEVEL });
  const shutdown = createShutdown(logger);
  const platform = await startPlatform({
    dataDir: resolve(config.DATA_DIR),
    port: config.PORT,
    metricsPort: config.METRICS_PORT,
    databaseUrl: config.DATABASE_URL,
    amqpUrl: config.AMQP_URL,
    eventNamespace: config.EVENT_NAMESPACE,
    logger,
  });
  shutdown.register('platform', () => platform.stop());
  shutdown.installSignalHandlers();
  // Printed, not only logged: this is the line a newcomer running `npm start` looks for.
  process.stdout.write(`Salon platform ready at ${platform.url} (health: ${platform.url}/healthz)\n`);
  process.stdout.write(`API reference: ${platform.url}/api/v1/docs\n`);
  process.stdout.write(
    `Metrics: ${platform.metricsUrl}/metrics (readiness in detail: ${platform.metricsUrl}/readyz)\n`,
  );
  process.stdout.write(
    `Booking page: ${platform.url}/book/<business slug> (demo: /book/demo-salon after npm run seed)\n`,
  );
  for (const [name, url] of Object.entries(platform.sandboxLinks)) {
    process.stdout.write(`Sandbox ${name}: ${url}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
