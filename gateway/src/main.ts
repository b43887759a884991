import { z } from 'zod';
import { closeServer, createLogger, createShutdown, loadConfig } from '@salon/service-kit';
import { buildGatewayApp } from './app';

const config = loadConfig(
  z.object({
    PORT: z.coerce.number().int().default(8080),
    LOG_LEVEL: z.string().default('info'),
  }),
);
const logger = createLogger({ service: 'gateway', level: config.LOG_LEVEL });
const shutdown = createShutdown(logger);
const server = buildGatewayApp({ logger }).listen(config.PORT, () =>
  logger.info({ port: config.PORT }, 'gateway listening'),
);
shutdown.register('http', () => closeServer(server));
shutdown.installSignalHandlers();
