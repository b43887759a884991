import { ROUTES, SERVICE_TO_SERVICE_ROUTES, routeDisagreements } from '../src';

/** What catalog's router would serve if it served exactly its rows of the routing table. */
const catalogServes = () =>
  [...ROUTES, ...SERVICE_TO_SERVICE_ROUTES]
    .filter((route) => route.service === 'catalog')
    .map((route) => ({ method: route.method, path: route.path.replace(/\{(\w+)\}/g, ':$1') }));

describe('a route is declared once, in the routing table', () => {
  it('agrees with a service that serves exactly its rows, health and metrics aside', () => {
    const served = [
      ...catalogServes(),
      { method: 'GET', path: '/healthz' },
      { method: 'GET', path: '/metrics' },
    ];
    expect(routeDisagreements('catalog', served)).toEqual([]);
  });

  it('names a route a service serves that the table lacks, and a row no service serves', () => {
    const served = catalogServes().filter((route) => !(route.method === 'GET' && route.path === '/services'));
    served.push({ method: 'POST', path: '/services/:service_id/teleport' });
    expect(routeDisagreements('catalog', served)).toEqual([
      'catalog serves POST /services/{}/teleport, which the routing table lacks',
      'the routing table routes GET /services to catalog, which does not serve it',
    ]);
  });

  it('compares paths by shape, whatever the parameters are called', () => {
    const served = catalogServes().map((route) => ({ ...route, path: route.path.replace(/:\w+/g, ':id') }));
    expect(routeDisagreements('catalog', served)).toEqual([]);
  });
});
