import { join } from 'node:path';
import type { ServiceDefinition } from '@salon/runtime';
import { createInternalClient, loadMigrationDir } from '@salon/service-kit';
import { billingConfigSchema, type BillingConfig } from './config';
import { systemClock, type BillingDeps, type Clock } from './domain/deps';
import { billingSubscriptions } from './events/subscriptions';
import { internalRoutes } from './http/internal.routes';
import { subscriptionRoutes } from './http/subscription.routes';
import { tokenUsageRoutes } from './http/token-usage.routes';

/**
 * Plans, subscriptions and their invoices, usage counters, AI-chat token quotas; the producer of every
 * service's plan replica. `clock` is for tests that need exact dates.
 */
export function createBillingService({
  clock = systemClock,
}: { clock?: Clock } = {}): ServiceDefinition<BillingConfig> {
  return {
    name: 'billing',
    configSchema: billingConfigSchema,
    migrations: loadMigrationDir(join(__dirname, '..', 'migrations')),
    retention: (config) => [
      {
        schema: 'billing',
        table: 'token_usage_log',
        timeColumn: 'created_at',
        days: config.RETENTION_TOKEN_USAGE_DAYS,
      },
    ],
    build({ config, db, store, verifier, logger, app }) {
      const commerce =
        config.COMMERCE_URL === undefined
          ? undefined
          : createInternalClient({
              name: 'commerce',
              baseUrl: config.COMMERCE_URL,
              internalToken: config.INTERNAL_TOKEN,
              timeoutMs: config.COMMERCE_TIMEOUT_MS,
              logger,
            });
      const deps: BillingDeps = { db, store, verifier, config, clock, commerce };
      app.use(internalRoutes(deps));
      app.use(subscriptionRoutes(deps));
      app.use(tokenUsageRoutes(deps));
      return {
        subscriptions: billingSubscriptions(deps),
        async close() {
          commerce?.close();
        },
      };
    },
  };
}

export const billingService = createBillingService();
