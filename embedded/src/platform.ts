import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'pino';
import { createGateway, loadGatewayConfig } from '@salon/gateway';
import { InProcessBus, RabbitBus, type EventBus } from '@salon/messaging';
import {
  closeServer,
  createPgliteDb,
  createPostgresDb,
  openEmbeddedPostgres,
  type Db,
} from '@salon/service-kit';
import { loadOrCreateSecrets, type PlatformSecrets } from './secrets';

export interface PlatformOptions {
  dataDir: string;
  port: number;
  logger: Logger;
  databaseUrl?: string;
  amqpUrl?: string;
  eventNamespace?: string;
  env?: NodeJS.ProcessEnv;
}

export interface RunningPlatform {
  url: string;
  secrets: PlatformSecrets;
  bus: EventBus;
  stop(): Promise<void>;
}

/**
 * One process running the gateway and every service (each service is added here by its own issue) on an
 * embedded PostgreSQL (PGlite, one instance, a schema per service) and the in-process bus, or on real
 * servers when DATABASE_URL / AMQP_URL are set.
 */
export async function startPlatform(options: PlatformOptions): Promise<RunningPlatform> {
  const { logger } = options;
  mkdirSync(options.dataDir, { recursive: true });
  const secrets = loadOrCreateSecrets(options.dataDir, options.env ?? process.env, logger);

  let pglite: PGlite | undefined;
  let db: Db;
  if (options.databaseUrl) {
    db = createPostgresDb({ url: options.databaseUrl, applicationName: 'salon-embedded' });
  } else {
    pglite = await openEmbeddedPostgres(join(options.dataDir, 'pglite'));
    db = createPgliteDb(pglite);
  }

  const bus: EventBus = options.amqpUrl
    ? new RabbitBus({
        url: options.amqpUrl,
        namespace: options.eventNamespace ?? 'salon',
        connectionName: 'salon-embedded',
        logger,
      })
    : new InProcessBus({ logger });
  await bus.start();

  // The gateway reads its settings (rate limits, Redis, CORS, timeouts) from the environment like the
  // standalone one; the embedded secrets fill in the key and the internal token. Each service issue adds its
  // in-process base URL here (IDENTITY_URL: identity.url, …); until then every upstream is unconfigured.
  const gateway = createGateway({
    config: loadGatewayConfig({
      ...(options.env ?? process.env),
      JWT_PUBLIC_KEY: secrets.jwtPublicKeyPem,
      INTERNAL_TOKEN: secrets.internalToken,
    }),
    logger,
    readinessChecks: {
      database: () => db.ping(),
      broker: async () => {
        if (!bus.isHealthy()) throw new Error('broker unavailable');
      },
    },
  });
  const server = await listen(gateway.createServer(), options.port);
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://localhost:${port}`,
    secrets,
    bus,
    async stop() {
      await closeServer(server);
      await gateway.close();
      await bus.close();
      await db.close();
      await pglite?.close();
    },
  };
}

function listen(server: Server, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve(server));
  });
}
