import { API_OPERATIONS } from '@salon/contracts';
import { API_PREFIX, ROUTES, buildOpenApiDocument, type Route, type ServiceName } from '../src';

/**
 * The API reference is complete: every public routing-table row has its contract in `API_OPERATIONS`
 * (libs/contracts/src/api) with what the spec says it takes and answers, and no contract names a route that
 * does not exist. A new route without a contract fails CI here.
 */

/**
 * Services whose contracts are still being written: their gaps are printed, not failed. Empty this set to
 * make the check strict for every service.
 */
/** POST/PUT/PATCH operations that take no body: the spec's "No body", and the actions whose routes read none. */
const WITHOUT_BODY: ReadonlySet<string> = new Set([
  'POST /customer/auth/logout',
  'POST /auth/logout',
  'POST /subscriptions/cancel',
  'POST /subscriptions/activate',
  'POST /tenants/{tenant_id}/reactivate',
  'PUT /appointments/{appointment_id}/cancel',
  'POST /staff/{staff_id}/calendar-feed',
  'POST /customer/calendar-feed',
  'POST /webhook-endpoints/{endpoint_id}/test',
  'POST /webhook-endpoints/{endpoint_id}/deliveries/{delivery_id}/replay',
  'POST /customer/waitlist/offers/{offer_id}/accept',
  'POST /customer/waitlist/offers/{offer_id}/decline',
]);

/** Operations the spec gives query parameters ("Query: …"). */
const WITH_QUERY: ReadonlySet<string> = new Set([
  'GET /tenants',
  'GET /services',
  'GET /services/categories',
  'GET /staff',
  'GET /staff/{staff_id}',
  'GET /staff/{staff_id}/appointments',
  'GET /availability',
  'GET /availability/check',
  'GET /availability/availability-grid',
  'GET /packages',
  'GET /subscriptions/payments',
  'POST /customer/auth/logout',
  'POST /auth/logout',
  'GET /customers',
  'POST /customers',
  'DELETE /customers/{customer_id}',
  'GET /customers/{customer_id}/appointments',
  'GET /customer/packages/browse',
  'GET /customer/packages',
  'GET /staff/customer-packages',
  'GET /staff/customer-packages/{customer_id}/credits',
  'GET /token-usage/history',
]);

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const keyOf = (route: Route) => `${route.method} ${route.path}`;

/** What the contract of one public route lacks, as readable gaps ("… has no response schema"). */
function gapsOf(route: Route): string[] {
  const key = keyOf(route);
  const contract = API_OPERATIONS[key];
  if (contract === undefined) return [`${key} has no contract`];
  const gaps: string[] = [];
  if (contract.status === 204 && contract.response) gaps.push(`${key} answers 204 but has a response schema`);
  if (contract.status !== 204 && !contract.response && !contract.mediaType) {
    gaps.push(`${key} has no response schema`);
  }
  if (BODY_METHODS.has(route.method) && !WITHOUT_BODY.has(key) && !contract.body)
    gaps.push(`${key} has no body schema`);
  if (WITH_QUERY.has(key) && !contract.query) gaps.push(`${key} has no query schema`);
  return gaps;
}

interface Parameter {
  name: string;
  in: string;
}

it('documents every public route with its contract, and only routed operations', () => {
  const publicRoutes = ROUTES.filter((route) => route.area !== 'internal');
  const gapsByService = new Map<ServiceName, string[]>();
  for (const route of publicRoutes) {
    const gaps = gapsByService.get(route.service) ?? [];
    gaps.push(...gapsOf(route));
    gapsByService.set(route.service, gaps);
  }

  // Every contract names a routed operation (internal ones may have contracts too).
  const routed = new Set(ROUTES.map(keyOf));
  const stale = Object.keys(API_OPERATIONS).filter((key) => !routed.has(key));

  // Every path template parameter is declared as a path parameter, and no other path parameter is.
  const document = buildOpenApiDocument() as {
    paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
  };
  const undeclared = publicRoutes.flatMap((route) => {
    const operation = document.paths[API_PREFIX + route.path]?.[route.method.toLowerCase()];
    const declared = (operation?.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
    const inTemplate = [...route.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => name);
    return declared.sort().join() === inTemplate.sort().join() ? [] : [`${keyOf(route)}: path parameters`];
  });

  const failing = [...gapsByService].flatMap(([, gaps]) => gaps);
  expect({ missing: failing, stale, undeclared }).toEqual({ missing: [], stale: [], undeclared: [] });
});
