import type { Request } from 'express';

export const UNMATCHED_ROUTE = 'unmatched';

const templates = new WeakMap<Request, string>();

/**
 * Records `baseUrl + route.path` at the moment the router matches a route. Reading it later is not enough:
 * when a handler fails, express restores `req.baseUrl` on the way out to the error middleware, so a
 * sub-router's `/items/:id` would be reported as `/:id`.
 */
export function trackRouteTemplate(req: Request): void {
  let route: unknown = req.route;
  Object.defineProperty(req, 'route', {
    configurable: true,
    enumerable: true,
    get: () => route,
    set: (value: { path?: unknown } | undefined) => {
      route = value;
      if (value) setRouteTemplate(req, joinTemplate(req.baseUrl, value.path));
    },
  });
}

/** For handlers mounted with `app.use` (proxies): label the request yourself. */
export const setRouteTemplate = (req: Request, template: string): void => {
  templates.set(req, template);
};

/** The route template of the request, or "unmatched" (never the raw URL: unbounded label values). */
export const routeTemplateOf = (req: Request): string => templates.get(req) ?? UNMATCHED_ROUTE;

function joinTemplate(baseUrl: string, path: unknown): string {
  const routePath = typeof path === 'string' ? path : String(path);
  if (baseUrl === '') return routePath;
  return routePath === '/' ? baseUrl : baseUrl + routePath;
}
