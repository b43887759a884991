import { join } from 'node:path';
import type { ServiceDefinition } from '@salon/runtime';
import { loadMigrationDir } from '@salon/service-kit';
import { catalogConfigSchema, type CatalogConfig } from './config';
import type { CatalogDeps } from './domain/deps';
import { catalogSubscriptions } from './events/subscriptions';
import { publicRoutes } from './http/public.routes';
import { serviceRoutes } from './http/service.routes';

/** Services with their pricing, categories and templates; replicas of identity's tenants and outlets. */
export const catalogService: ServiceDefinition<CatalogConfig> = {
  name: 'catalog',
  configSchema: catalogConfigSchema,
  migrations: loadMigrationDir(join(__dirname, '..', 'migrations')),
  build({ db, store, plans, verifier, app }) {
    const deps: CatalogDeps = { db, store, plans, verifier };
    app.use(serviceRoutes(deps));
    app.use(publicRoutes(deps));
    return { subscriptions: catalogSubscriptions(store) };
  },
};
