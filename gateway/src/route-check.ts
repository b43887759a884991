import { ROUTES, SERVICE_TO_SERVICE_ROUTES, type ServiceName } from './routes';

/** Paths every process serves for its operators (health, readiness, metrics), never routed by the gateway. */
const OPERATIONS_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** `/services/:service_id` and `/services/{service_id}` both become `/services/{}`. */
const shapeOf = (path: string): string => path.replace(/:[A-Za-z0-9_]+|\{[A-Za-z0-9_]+\}/g, '{}');

/**
 * The routing table is where a route is declared; a service's router must serve exactly its rows. Returns
 * what disagrees ("catalog serves GET /x, which the routing table lacks"; "the routing table routes
 * GET /y to catalog, which does not serve it"), empty when they agree. Embedded mode checks every service
 * at start-up; a test checks the same for the distributed processes.
 */
export function routeDisagreements(
  service: ServiceName,
  served: ReadonlyArray<{ method: string; path: string }>,
): string[] {
  const servedKeys = new Set(
    served.filter((route) => !OPERATIONS_PATHS.has(route.path)).map((r) => `${r.method} ${shapeOf(r.path)}`),
  );
  const declared = new Map(
    [...ROUTES, ...SERVICE_TO_SERVICE_ROUTES]
      .filter((route) => route.service === service)
      .map((r) => [`${r.method} ${shapeOf(r.path)}`, r]),
  );
  const problems: string[] = [];
  for (const key of servedKeys)
    if (!declared.has(key)) problems.push(`${service} serves ${key}, which the routing table lacks`);
  for (const [key, route] of declared)
    if (!servedKeys.has(key))
      problems.push(
        `the routing table routes ${route.method} ${route.path} to ${service}, which does not serve it`,
      );
  return problems;
}
