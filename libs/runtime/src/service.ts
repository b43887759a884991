import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { z } from 'zod';
import {
  MessagingStore,
  OutboxRelay,
  messagingMigrations,
  type EventBus,
  type Subscription,
} from '@salon/messaging';
import { PlanLimitsReplica, planLimitsMigrations } from '@salon/plan-limits';
import {
  closeServer,
  createHttpApp,
  createTokenVerifier,
  tokenVerifierOptionsOf,
  finishHttpApp,
  grantRuntimeRole,
  idempotencyMigrations,
  IdempotencyKeys,
  mountHealth,
  pruneTables,
  type Readiness,
  requireInternalToken,
  runMigrations,
  type RetentionTable,
  type CommonConfig,
  type Db,
  type Logger,
  type Migration,
  type TokenVerifier,
} from '@salon/service-kit';

/** What a service's `buildApp` gets: everything wired, nothing listening. */
export interface ServiceContext<C extends CommonConfig = CommonConfig> {
  name: string;
  config: C;
  db: Db;
  bus: EventBus;
  /** Outbox and inbox of this service's schema. */
  store: MessagingStore;
  /** This service's replica of the tenants' plans (limits, suspension). */
  plans: PlanLimitsReplica;
  /** `Idempotency-Key` on the routes that mount its guard, kept in this service's schema. */
  idempotency: IdempotencyKeys;
  verifier: TokenVerifier;
  logger: Logger;
  /** The express app with request ids, logs, metrics and health already mounted; add routes to it. */
  app: Express;
}

export interface ServiceParts {
  subscriptions?: Subscription[];
  /**
   * Ends the service's long-lived answers (event streams) when it stops, before the server waits for its
   * connections: otherwise each open stream would hold the shutdown for the whole grace period.
   */
  drain?: () => void;
  /** Closes what the service opened itself (clients, timers). */
  close?: () => Promise<void>;
}

export interface ServiceDefinition<C extends CommonConfig = CommonConfig> {
  /** Also the name of its PostgreSQL schema. */
  name: string;
  configSchema: z.ZodType<C>;
  migrations: Migration[];
  build(context: ServiceContext<C>): Promise<ServiceParts> | ServiceParts;
  /** The service's own tables the retention job prunes, with their periods; its inbox is pruned anyway. */
  retention?: (config: C) => RetentionTable[];
}

export interface RunningService {
  name: string;
  url: string;
  server: Server;
  context: ServiceContext;
  /** Its database and broker checks: `/readyz` answers from them, the metrics port details them. */
  readiness: Readiness;
  stop(): Promise<void>;
}

/**
 * Applies a service's migrations: its own plus the outbox, inbox, plan-limits and idempotency-key tables, under the
 * per-schema advisory lock, so replicas starting together (or a migration Job) apply each one once.
 */
export async function migrateService(
  definition: Pick<ServiceDefinition, 'name' | 'migrations'>,
  db: Db,
  options: { runtimeRole?: string } = {},
): Promise<string[]> {
  const name = definition.name;
  const applied = await runMigrations(db, name, [
    ...messagingMigrations(name),
    ...planLimitsMigrations(name),
    ...idempotencyMigrations(name),
    ...definition.migrations,
  ]);
  if (options.runtimeRole) await grantRuntimeRole(db, name, options.runtimeRole);
  return applied;
}

/**
 * Starts one service on a database and a bus it is given: migrations (its own plus the outbox, inbox and
 * plan-limits tables), routes, consumers, the outbox relay, and an HTTP listener. Used by each service's
 * main.ts, by the embedded one-process mode, and by API tests.
 */
export async function startService<C extends CommonConfig>(
  definition: ServiceDefinition<C>,
  options: { config: C; db: Db; bus: EventBus; logger: Logger; port?: number; host?: string },
): Promise<RunningService> {
  const { config, db, bus } = options;
  const logger = options.logger.child({ service: definition.name });
  const name = definition.name;
  await migrateService(definition, db);

  const app = createHttpApp({ service: name, logger });
  const readiness: Readiness = {
    checks: {
      database: () => db.ping(),
      broker: async () => {
        if (!bus.isHealthy()) throw new Error('broker unavailable');
      },
    },
  };
  mountHealth(app, readiness);
  const store = new MessagingStore(db, name);
  const plans = new PlanLimitsReplica(db, name);
  const idempotency = new IdempotencyKeys(db, name);
  const verifier = createTokenVerifier(
    tokenVerifierOptionsOf(config, (error) => logger.warn({ err: error }, 'JWKS refresh failed')),
  );
  const context: ServiceContext<C> = {
    name,
    config,
    db,
    bus,
    store,
    plans,
    idempotency,
    verifier,
    logger,
    app,
  };
  const parts = await definition.build(context);
  mountRetentionJob(app, definition, config, db);
  finishHttpApp(app, logger);

  for (const subscription of [plans.subscription(name, store), ...(parts.subscriptions ?? [])]) {
    await bus.subscribe(subscription);
  }
  const relay = new OutboxRelay({ db, schema: name, bus, logger });
  await relay.start();

  const server = await new Promise<Server>((resolve, reject) => {
    // Express 5 hands a listen error (EADDRINUSE) to this callback rather than only emitting it.
    const listening = app.listen(options.port ?? 0, options.host ?? '127.0.0.1', (error?: Error) =>
      error ? reject(error) : resolve(listening),
    );
  });
  const { port } = server.address() as AddressInfo;
  logger.info({ port }, `${name} listening`);

  let stopping: Promise<void> | undefined;
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    server,
    context: context as unknown as ServiceContext,
    readiness,
    // Once, however often it is called: a harness or a benchmark that stopped the service early stops it whole.
    stop() {
      stopping ??= (async () => {
        parts.drain?.();
        await closeServer(server);
        await relay.stop();
        await parts.close?.();
      })();
      return stopping;
    },
  };
}

/**
 * POST /internal/jobs/retention, the daily CronJob `<service>-retention`: deletes, in short batches, the inbox
 * rows and the service's own rows past their retention period, and answers `{deleted: {table: rows}}`.
 * Every service serves it the same way, so it lives here rather than in six routers.
 */
function mountRetentionJob<C extends CommonConfig>(
  app: Express,
  definition: ServiceDefinition<C>,
  config: C,
  db: Db,
): void {
  const inbox: RetentionTable = {
    schema: definition.name,
    table: 'inbox',
    timeColumn: 'processed_at',
    days: config.RETENTION_INBOX_DAYS,
  };
  const tables = [inbox, ...(definition.retention?.(config) ?? [])];
  app.post('/internal/jobs/retention', requireInternalToken(config.INTERNAL_TOKEN), async (_req, res) => {
    res.json({ deleted: await pruneTables(db, tables) });
  });
}
