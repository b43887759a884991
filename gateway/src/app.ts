import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import express, {
  type Express,
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import helmet from 'helmet';
import cors from 'cors';
import {
  AppError,
  collectDefaultMetricsOnce,
  createTokenVerifier,
  errorHandler,
  mountHealth,
  notFound,
  notFoundHandler,
  requestLog,
  serviceUnavailable,
  setRouteTemplate,
  tokenVerifierOptionsOf,
  tooManyRequests,
  type HealthCheck,
  type Logger,
  type Readiness,
} from '@salon/service-kit';
import { createAuthenticator, isUnauthenticated } from './auth';
import { answerClientErrors } from './client-errors';
import { upstreamUrlOf, type GatewayConfig } from './config';
import { docsRouter } from './docs';
import {
  assignRequestId,
  clientAddressOf,
  protocolOf,
  sendError,
  type GatewayRequest,
  type TrustFunction,
} from './http';
import { gatewayMetrics } from './metrics';
import { buildOpenApiDocument } from './openapi';
import { createUpstream, type Upstream } from './proxy';
import { builtWebDir, webRouter } from './web';
import { createRateLimits, type LimitClass } from './rate-limit';
import { RouteMatcher } from './route-matcher';
import { createSessionRevocations } from './session-revocations';
import { API_PREFIX, ROUTES, SERVICES, type Area, type ServiceName } from './routes';

export interface GatewayDeps {
  config: GatewayConfig;
  logger: Logger;
  /** Readiness checks of what the gateway depends on (the embedded process adds its database and bus). */
  readinessChecks?: Record<string, HealthCheck>;
  /** The built web front end (web/dist) served at /book and /console; by default @salon/web's build if any. */
  webDir?: string;
}

export interface Gateway {
  /** The request listener: `http.createServer(gateway.handle)`. */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** A server with `handle` as its listener (not yet listening). */
  createServer(): Server;
  /** The express app behind `handle` for the gateway's own pages: health, metrics, OpenAPI, docs. */
  app: Express;
  /** Resolves once the shared rate-limit store is connected (true), or after `timeoutMs` (false). */
  waitForRateLimitStore(timeoutMs?: number): Promise<boolean>;
  /**
   * Resolves once identity's list of ended sessions has been read (true; at once without IDENTITY_URL), or
   * after `timeoutMs` (false): until then `/readyz` answers 503.
   */
  waitForSessionRevocations(timeoutMs?: number): Promise<boolean>;
  /** What `/readyz` answers from; the metrics port (`startMetricsServer`) details each check. */
  readiness: Readiness;
  /** Stops breakers, upstream sockets and the Redis connection (after the HTTP server has closed). */
  close(): Promise<void>;
}

const EXPOSED_HEADERS = [
  'X-Request-Id',
  'X-RateLimit-Limit-Minute',
  'X-RateLimit-Remaining-Minute',
  'X-RateLimit-Limit-Hour',
  'X-RateLimit-Remaining-Hour',
  'Retry-After',
  'Idempotent-Replayed',
];

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * The public front door under /api/v1: route → area check (token or internal credential) → rate limit →
 * the owning service through its breaker, streaming both ways. The gateway answers unknown paths (404),
 * tokens (401/403), limits (429), bodies over the limit (413), unconfigured or failing upstreams (503, 502)
 * and timeouts (504) itself, always as `{detail}`.
 *
 * Every request gets a request id, a log line with RED metrics (service-kit's request log), helmet's
 * headers and, when configured, CORS. Routed API paths then go straight to the proxy on Node's own
 * request objects (see http.ts for why); everything else (health, metrics, OpenAPI, docs, the web front end
 * under /book and /console, 404) is express.
 */
export function createGateway({
  config,
  logger,
  readinessChecks = {},
  webDir = builtWebDir(),
}: GatewayDeps): Gateway {
  collectDefaultMetricsOnce();
  const metrics = gatewayMetrics();
  const matcher = new RouteMatcher(ROUTES);
  const identityUrl = upstreamUrlOf(config, 'identity');
  const revocations =
    identityUrl === undefined
      ? undefined
      : createSessionRevocations({
          identityUrl,
          internalToken: config.INTERNAL_TOKEN,
          pollMs: config.SESSION_REVOCATION_POLL_MS,
          logger,
          metrics,
        });
  const authenticator = createAuthenticator(
    createTokenVerifier(
      tokenVerifierOptionsOf(config, (error) =>
        logger.warn({ err: error }, 'JWKS refresh failed: keeping the keys already held'),
      ),
    ),
    {
      cacheSize: config.AUTH_CACHE_SIZE,
      internalToken: config.INTERNAL_TOKEN,
      ...(revocations ? { isRevoked: (sessionId: string) => revocations.isRevoked(sessionId) } : {}),
    },
  );
  const rateLimits = createRateLimits(config, logger, metrics);

  const upstreams = new Map<ServiceName, Upstream>();
  for (const service of SERVICES) {
    const url = upstreamUrlOf(config, service);
    if (url === undefined)
      logger.warn({ upstream: service }, 'upstream not configured: its routes answer 503');
    else upstreams.set(service, createUpstream(service, url, config, logger, metrics));
  }

  // The gateway's own pages, on express; it also compiles the "trust proxy" setting for the proxied path.
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  const trust = app.get('trust proxy fn') as TrustFunction;

  const limit = async (res: ServerResponse, area: Area, limitClass: LimitClass, key: string) => {
    const decision = await rateLimits.consume(limitClass, key);
    for (const name in decision.headers) res.setHeader(name, decision.headers[name] as string);
    if (decision.exceeded) {
      metrics.rejected.inc({ status: '429', area });
      throw tooManyRequests(decision.exceeded.detail, decision.exceeded.retryAfterSeconds);
    }
  };

  /** One routed API request: `path` is relative to /api/v1, without the query string. */
  const route = async (req: GatewayRequest, res: ServerResponse, path: string) => {
    const match = matcher.match(req.method ?? 'GET', path);
    if (match.kind === 'not-found') throw notFound();
    setRouteTemplate(req as Request, API_PREFIX + match.template);
    if (match.kind === 'method-not-allowed') {
      res.setHeader('Allow', match.allowed.join(', '));
      throw new AppError(405, 'Method Not Allowed');
    }
    const { area, service } = match.route;

    switch (area) {
      case 'internal':
        authenticator.requireInternal(req.headers);
        break;
      case 'public':
        await limit(res, area, 'public', clientAddressOf(req, trust));
        break;
      case 'provider-callback':
        await limit(res, area, 'provider-callback', clientAddressOf(req, trust));
        break;
      default: {
        let auth;
        try {
          auth = await authenticator.authenticateAsync(req.headers);
        } catch (error) {
          if (!isUnauthenticated(error)) throw error;
          // Without a valid token the request is anonymous: counted like public traffic from its address
          // (so token guessing is limited too), then refused.
          await limit(res, area, 'public', clientAddressOf(req, trust));
          metrics.rejected.inc({ status: '401', area });
          throw error;
        }
        req.auth = auth;
        if (auth.kind === 'staff') await limit(res, area, 'staff', auth.userId);
        else await limit(res, area, 'customer', auth.customerId);
        const wrongKind = authenticator.kindError(area, auth);
        if (wrongKind !== undefined) {
          metrics.rejected.inc({ status: '403', area });
          throw wrongKind;
        }
      }
    }

    const upstream = upstreams.get(service);
    if (upstream === undefined) throw serviceUnavailable(`${service} is temporarily unavailable`);
    await upstream.forward(req, res, { internal: area === 'internal', protocol: protocolOf(req, trust) });
  };

  const limitDocs: RequestHandler = async (req: Request, res: Response, next: NextFunction) => {
    await limit(res, 'public', 'public', clientAddressOf(req, trust));
    next();
  };
  // The rate-limit store is reported, never failing readiness: without it the gateway limits locally.
  const readiness: Readiness = {
    checks: revocations
      ? { ...readinessChecks, session_revocations: () => revocations.check() }
      : readinessChecks,
    degradedChecks: config.REDIS_URL ? { rate_limit_store: () => rateLimits.checkStore() } : {},
  };
  mountHealth(app, readiness);
  app.use(docsRouter(buildOpenApiDocument(), limitDocs));
  if (webDir !== undefined) app.use(webRouter(webDir, limitDocs));
  else logger.warn('web front end not built (npm run build): /book and /console answer 404');
  app.use(notFoundHandler());
  app.use(errorHandler(logger));

  // What every request goes through first, in order.
  const before: Middleware[] = [
    requestLog({ service: 'gateway', logger }) as unknown as Middleware,
    // The embedded mode serves plain HTTP on localhost: asking browsers to upgrade would break the docs page.
    helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } }),
  ];
  if (config.CORS_ORIGINS !== undefined && config.CORS_ORIGINS.length > 0) {
    const origins = config.CORS_ORIGINS;
    before.push(
      cors({ origin: origins.includes('*') ? '*' : origins, exposedHeaders: EXPOSED_HEADERS, maxAge: 600 }),
    );
  }

  const dispatch = (req: GatewayRequest, res: ServerResponse) => {
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const routed =
      path.startsWith(`${API_PREFIX}/`) &&
      path !== `${API_PREFIX}/openapi.json` &&
      !path.startsWith(`${API_PREFIX}/docs`);
    if (!routed) {
      app(req, res);
      return;
    }
    route(req, res, path.slice(API_PREFIX.length)).catch((error: unknown) => sendError(req, res, error));
  };

  const handle = (incoming: IncomingMessage, res: ServerResponse) => {
    const req = incoming as GatewayRequest;
    assignRequestId(req, res);
    let index = 0;
    const next = (error?: unknown) => {
      if (error !== undefined) {
        sendError(req, res, error);
        return;
      }
      const middleware = before[index];
      index += 1;
      if (middleware === undefined) dispatch(req, res);
      else middleware(req, res, next);
    };
    try {
      next();
    } catch (error) {
      sendError(req, res, error);
    }
  };

  return {
    handle,
    createServer: () => answerClientErrors(http.createServer(handle)),
    app,
    readiness,
    waitForRateLimitStore: (timeoutMs = 2000) => rateLimits.waitForStore(timeoutMs),
    waitForSessionRevocations: async (timeoutMs = 5000) => revocations?.loaded(timeoutMs) ?? true,
    async close() {
      revocations?.close();
      for (const upstream of upstreams.values()) upstream.close();
      await rateLimits.close();
    },
  };
}
