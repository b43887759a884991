import type { RequestHandler } from 'express';
import type { AuthContext } from './auth-claims';
import type { Logger } from './logger';
import { httpMetrics } from './metrics';
import { routeTemplateOf, trackRouteTemplate } from './route-template';

/**
 * The SUPER_ADMIN acting inside a tenant (a tenant-scoped SUPER_ADMIN token), whose every request is thereby
 * audit-logged with its id on the request's line in the gateway and in the owning service.
 */
export const actingAdminOf = (auth: AuthContext | undefined): string | undefined =>
  auth?.kind === 'staff' && auth.role === 'SUPER_ADMIN' && auth.tenantId !== null ? auth.userId : undefined;

// nginx's code for "client closed the connection before the response was sent".
const CLIENT_CLOSED = 499;

/** One log line and one RED observation per request, labelled by route template. Needs `requestId()` first. */
export const requestLog = ({ service, logger }: { service: string; logger: Logger }): RequestHandler => {
  const metrics = httpMetrics();
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    req.log = logger.child({ requestId: req.id });
    trackRouteTemplate(req);

    let logged = false;
    const complete = () => {
      if (logged) return;
      logged = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const status = res.writableFinished ? res.statusCode : CLIENT_CLOSED;
      const route = routeTemplateOf(req);
      const labels = { service, method: req.method, route, status: String(status) };
      metrics.requests.inc(labels);
      metrics.duration.observe(labels, seconds);
      logger[status >= 500 ? 'error' : 'info'](
        {
          requestId: req.id,
          tenantId: req.auth?.tenantId ?? undefined,
          acting_admin_id: actingAdminOf(req.auth),
          method: req.method,
          route,
          status,
          durationMs: Math.round(seconds * 1e6) / 1e3,
        },
        'request completed',
      );
    };
    res.once('finish', complete);
    res.once('close', complete);
    next();
  };
};
