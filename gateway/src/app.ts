import type { Logger } from 'pino';
import { createHttpApp, finishHttpApp, mountHealth } from '@salon/service-kit';

export interface GatewayDeps {
  logger: Logger;
  /** Readiness checks of what the gateway depends on (the embedded process adds its database and bus). */
  readinessChecks?: Record<string, () => Promise<void>>;
}

/** The public front door under /api/v1. Routing, tokens and rate limits arrive with the gateway issue. */
export function buildGatewayApp(deps: GatewayDeps) {
  const app = createHttpApp({ service: 'gateway', logger: deps.logger });
  mountHealth(app, { checks: deps.readinessChecks ?? {} });
  finishHttpApp(app, deps.logger);
  return app;
}
