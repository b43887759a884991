import type { Server } from 'node:http';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { billingService } from '@salon/billing';
import { catalogService } from '@salon/catalog';
import {
  createGateway,
  loadGatewayConfig,
  routeDisagreements,
  UPSTREAM_URL_VARIABLES,
  type ServiceName,
} from '@salon/gateway';
import { commerceService } from '@salon/commerce';
import { identityService } from '@salon/identity';
import { notificationsService } from '@salon/notifications';
import { startService, type RunningService, type ServiceDefinition } from '@salon/runtime';
import { schedulingService } from '@salon/scheduling';
import { InProcessBus, RabbitBus, type EventBus } from '@salon/messaging';
import {
  closeServer,
  createPgliteDb,
  type EmbeddedPostgres,
  createPostgresDb,
  freePort,
  loadConfig,
  openEmbeddedPostgres,
  routesOf,
  startMetricsServer,
  type CommonConfig,
  type Db,
} from '@salon/service-kit';
import { startProviderSandboxes } from './sandboxes';
import { loadOrCreateSecrets, type PlatformSecrets } from './secrets';

export interface PlatformOptions {
  dataDir: string;
  port: number;
  /** The operations port (`/metrics`, detailed `/readyz`) on loopback; 0 takes a free one. */
  metricsPort?: number;
  logger: Logger;
  databaseUrl?: string;
  amqpUrl?: string;
  eventNamespace?: string;
  env?: NodeJS.ProcessEnv;
}

export interface RunningPlatform {
  url: string;
  /** `/metrics` and the detailed `/readyz` of the whole process (every service shares one registry). */
  metricsUrl: string;
  secrets: PlatformSecrets;
  bus: EventBus;
  /** Where the sandbox providers list what they received (mail, messages, invoices). */
  sandboxLinks: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * One process running the gateway and every service (listed in EMBEDDED_SERVICES) on an
 * embedded PostgreSQL (PGlite, one instance, a schema per service) and the in-process bus, or on real
 * servers when DATABASE_URL / AMQP_URL are set.
 */
export async function startPlatform(options: PlatformOptions): Promise<RunningPlatform> {
  const { logger } = options;
  mkdirSync(options.dataDir, { recursive: true });
  const secrets = loadOrCreateSecrets(options.dataDir, options.env ?? process.env, logger);

  let pglite: EmbeddedPostgres | undefined;
  let db: Db;
  if (options.databaseUrl) {
    db = createPostgresDb({ url: options.databaseUrl, applicationName: 'salon-embedded' });
  } else {
    pglite = await openEmbeddedPostgres(join(options.dataDir, 'pglite'));
    db = await createPgliteDb(pglite);
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

  // Every process reads the same environment; the embedded secrets fill in keys, the internal token, the
  // platform administrator and the payment callback token (the sandbox provider sends it, commerce checks
  // it). Services listen on free loopback ports; the gateway is the only public door, and its address must
  // be known before commerce starts (it gives it to the provider for callbacks).
  const port = options.port || (await freePort());
  const baseEnv = options.env ?? process.env;
  const sandboxes = await startProviderSandboxes(baseEnv, {
    callbackToken: secrets.paymentCallbackToken,
    whatsAppCallbackUrl: `http://127.0.0.1:${port}/api/v1/webhooks/whatsapp`,
  });
  const env: Record<string, string | undefined> = {
    ...baseEnv,
    ...sandboxes.env,
    PUBLIC_BASE_URL: baseEnv.PUBLIC_BASE_URL ?? `http://localhost:${port}`,
    PORT: '0',
    EVENT_NAMESPACE: options.eventNamespace ?? 'salon',
    JWT_PUBLIC_KEY: secrets.jwtPublicKeyPem,
    JWT_PRIVATE_KEY: secrets.jwtPrivateKeyPem,
    INTERNAL_TOKEN: secrets.internalToken,
    SUPER_ADMIN_EMAIL: secrets.superAdminEmail,
    SUPER_ADMIN_PASSWORD: secrets.superAdminPassword,
    PAYMENT_CALLBACK_TOKEN: secrets.paymentCallbackToken,
  };
  // Every service's address (IDENTITY_URL, COMMERCE_URL, …) is in the environment before any starts: services
  // call each other both ways (scheduling asks commerce about deposits, commerce asks scheduling about
  // appointments), and the gateway routes to all of them.
  const ports = new Map<string, number>();
  for (const definition of EMBEDDED_SERVICES) {
    const servicePort = await freePort();
    ports.set(definition.name, servicePort);
    env[UPSTREAM_URL_VARIABLES[definition.name as ServiceName]] = `http://127.0.0.1:${servicePort}`;
  }
  const services: RunningService[] = [];
  for (const definition of EMBEDDED_SERVICES) {
    const config = loadConfig(definition.configSchema, env);
    services.push(
      await startService(definition, { config, db, bus, logger, port: ports.get(definition.name) }),
    );
  }
  assertRoutesDeclared(services);

  const gateway = createGateway({
    config: loadGatewayConfig({ ...env, PORT: String(port) }),
    logger,
    readinessChecks: {
      database: () => db.ping(),
      broker: async () => {
        if (!bus.isHealthy()) throw new Error('broker unavailable');
      },
    },
  });
  // Ready when it opens: the gateway has read the ended sessions from identity (a first poll).
  await gateway.waitForSessionRevocations(10_000);
  const server = await listen(gateway.createServer(), port);
  const metrics = await startMetricsServer({ port: options.metricsPort ?? 0, readiness: gateway.readiness });

  return {
    url: `http://localhost:${port}`,
    metricsUrl: metrics.url,
    secrets,
    bus,
    sandboxLinks: sandboxes.links,
    async stop() {
      await closeServer(server);
      await metrics.close();
      await gateway.close();
      for (const service of services.reverse()) await service.stop();
      await bus.close();
      await sandboxes.stop();
      await db.close();
      await pglite?.close();
    },
  };
}

/** Refuses to start when a service serves a route the gateway's routing table does not declare, or the reverse. */
function assertRoutesDeclared(services: RunningService[]): void {
  const problems = services.flatMap((service) =>
    routeDisagreements(service.name as ServiceName, routesOf(service.context.app)),
  );
  if (problems.length > 0) throw new Error(`Routes disagree with the routing table:\n${problems.join('\n')}`);
}

/** The services this process runs, in start order: a service that calls another starts after it. */
const EMBEDDED_SERVICES = [
  catalogService,
  schedulingService,
  commerceService,
  billingService,
  identityService,
  notificationsService,
] as unknown as ServiceDefinition<CommonConfig>[];

function listen(server: Server, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve(server));
  });
}
