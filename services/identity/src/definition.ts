import { join } from 'node:path';
import { createPaymentProvider } from '@salon/payment-provider';
import type { ServiceDefinition } from '@salon/runtime';
import { createInternalClient, createTokenSigner, loadMigrationDir } from '@salon/service-kit';
import { identityConfigSchema, type IdentityConfig } from './config';
import { bootstrapSuperAdmin } from './domain/bootstrap-super-admin';
import { identitySubscriptions } from './events/subscriptions';
import type { IdentityDeps } from './domain/deps';
import { auditRoutes } from './http/audit.routes';
import { authRoutes } from './http/auth.routes';
import { customerAccountRoutes } from './http/customer-account.routes';
import { customerAuthRoutes } from './http/customer-auth.routes';
import { customerRoutes } from './http/customer.routes';
import { jwksRoutes } from './http/jwks.routes';
import { revokedSessionsRoutes } from './http/revoked-sessions.routes';
import { outletRoutes } from './http/outlet.routes';
import { publicRoutes } from './http/public.routes';
import { tenantRoutes } from './http/tenant.routes';
import { userRoutes } from './http/user.routes';

/** Tenants, outlets, staff accounts and sign-in, customers and their accounts; the only signer of tokens. */
export const identityService: ServiceDefinition<IdentityConfig> = {
  name: 'identity',
  configSchema: identityConfigSchema,
  migrations: loadMigrationDir(join(__dirname, '..', 'migrations')),
  retention: (config) => [
    { schema: 'identity', table: 'audit_log', timeColumn: 'created_at', days: config.RETENTION_AUDIT_DAYS },
  ],
  async build({ config, db, store, plans, verifier, logger, app }) {
    const internalClient = (name: string, baseUrl: string | undefined) =>
      baseUrl === undefined
        ? undefined
        : createInternalClient({ name, baseUrl, internalToken: config.INTERNAL_TOKEN, logger });
    const deletionChecks = {
      scheduling: internalClient('scheduling', config.SCHEDULING_URL),
      commerce: internalClient('commerce', config.COMMERCE_URL),
    };
    const paymentProvider =
      config.PAYMENT_PROVIDER_URL && config.PAYMENT_PROVIDER_SECRET_KEY
        ? createPaymentProvider({
            baseUrl: config.PAYMENT_PROVIDER_URL,
            secretKey: config.PAYMENT_PROVIDER_SECRET_KEY,
            logger,
            name: 'payment-provider-identity',
          })
        : undefined;
    const deps: IdentityDeps = {
      db,
      store,
      plans,
      verifier,
      logger,
      passwordCostLog2: config.PASSWORD_HASH_COST_LOG2,
      signer: createTokenSigner({
        privateKeyPem: config.JWT_PRIVATE_KEY,
        issuer: config.JWT_ISSUER,
        audience: config.JWT_AUDIENCE,
      }),
      deletionChecks,
      paymentProvider,
    };
    await bootstrapSuperAdmin(deps, logger, {
      email: config.SUPER_ADMIN_EMAIL,
      password: config.SUPER_ADMIN_PASSWORD,
    });
    app.use(publicRoutes(deps));
    app.use(authRoutes(deps));
    app.use(tenantRoutes(deps));
    app.use(outletRoutes(deps));
    app.use(userRoutes(deps));
    app.use(customerAuthRoutes(deps));
    // The customer's own /customers/<literal> paths before staff's /customers/{customer_id}.
    app.use(customerAccountRoutes(deps));
    app.use(customerRoutes(deps));
    app.use(auditRoutes(deps));
    app.use(jwksRoutes(config));
    app.use(revokedSessionsRoutes(deps, config.INTERNAL_TOKEN));
    return {
      subscriptions: identitySubscriptions(store),
      async close() {
        paymentProvider?.close();
        deletionChecks.scheduling?.close();
        deletionChecks.commerce?.close();
      },
    };
  },
};
