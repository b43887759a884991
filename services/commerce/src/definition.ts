import { join } from 'node:path';
import { createPaymentProvider } from '@salon/payment-provider';
import type { ServiceDefinition } from '@salon/runtime';
import { createInternalClient, loadMigrationDir } from '@salon/service-kit';
import { commerceConfigSchema, type CommerceConfig } from './config';
import { commerceRetentionTables } from './db/retention.repository';
import type { CommerceDeps } from './domain/deps';
import { applyInvoiceCallback } from './domain/apply-invoice-callback';
import { commerceSubscriptions } from './events/subscriptions';
import { customerPackageRoutes } from './http/customer-package.routes';
import { customerStoreRoutes } from './http/customer-store.routes';
import { internalRoutes } from './http/internal.routes';
import { invoicePdfRoutes } from './http/invoice-pdf.routes';
import { appointmentPaymentRoutes } from './http/appointment-payment.routes';
import { commissionRoutes } from './http/commission.routes';
import { packageRoutes } from './http/package.routes';
import { GatewayCallbackProcessor } from './jobs/gateway-callbacks';
import { discrepanciesFound } from './domain/check-ledger';
import { refundsOwedOutside } from './domain/refund-appointment-payment';

/**
 * Packages, customer packages and credits, payments and invoices, the provider webhook; replicas of identity's
 * tenants, outlets and customers and of catalog's services. Provider callbacks are stored, acknowledged, and
 * applied by a processor that starts and stops with the service.
 */
export const commerceService: ServiceDefinition<CommerceConfig> = {
  name: 'commerce',
  configSchema: commerceConfigSchema,
  migrations: loadMigrationDir(join(__dirname, '..', 'migrations')),
  retention: commerceRetentionTables,
  build({ db, store, plans, idempotency, verifier, app, config, logger }) {
    const provider = createPaymentProvider({
      baseUrl: config.PAYMENT_PROVIDER_URL,
      secretKey: config.PAYMENT_PROVIDER_SECRET_KEY,
      timeoutMs: config.PAYMENT_PROVIDER_TIMEOUT_MS,
      logger,
      name: 'commerce:payment-provider',
    });
    const callbacks = new GatewayCallbackProcessor({
      db,
      logger,
      apply: (tx, callback) => applyInvoiceCallback({ store, logger }, tx, callback),
      sweepMs: config.GATEWAY_CALLBACK_SWEEP_MS,
      retryBaseMs: config.GATEWAY_CALLBACK_RETRY_BASE_MS,
      maxAttempts: config.GATEWAY_CALLBACK_MAX_ATTEMPTS,
    });
    const scheduling = config.SCHEDULING_URL
      ? createInternalClient({
          name: 'scheduling',
          baseUrl: config.SCHEDULING_URL,
          internalToken: config.INTERNAL_TOKEN,
          logger,
        })
      : undefined;
    const deps: CommerceDeps = {
      db,
      store,
      plans,
      idempotency,
      verifier,
      provider,
      config,
      logger,
      callbacks,
      scheduling,
    };
    app.use(packageRoutes(deps));
    // Before customerPackageRoutes: /customer/packages/browse and /summary are not package ids.
    app.use(customerStoreRoutes(deps));
    app.use(customerPackageRoutes(deps));
    app.use(appointmentPaymentRoutes(deps));
    app.use(commissionRoutes(deps));
    app.use(invoicePdfRoutes(deps));
    app.use(internalRoutes(deps));
    callbacks.start();
    // The money alerts' series exist from the start (at 0), so a scrape shows them before anything happens.
    refundsOwedOutside();
    discrepanciesFound();
    return {
      subscriptions: commerceSubscriptions({ store, logger }),
      async close() {
        await callbacks.stop();
        await provider.close();
        scheduling?.close();
      },
    };
  },
};
