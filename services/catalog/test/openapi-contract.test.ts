import { catalogApi } from '@salon/contracts';
import { contractCalls, handleInbox, startTestService, type TestService } from '@salon/testing';
import { catalogService } from '../src/definition';
import { onIdentityTenantUpdated } from '../src/events/handlers/identity.tenant.updated';
import { addOutlet, newTenant, onPlan, serviceBody, tenantUpdatedData } from './helpers';

/**
 * The API reference tells the truth: catalog's answers match the response schemas registered in
 * `catalogOperations` (strict objects, so an undocumented field fails too), with the documented status.
 */

const operations = catalogApi.catalogOperations;

describe('catalog answers as its OpenAPI contract says', () => {
  let service: TestService;

  const { call, unexercised } = contractCalls(operations, () => service);

  beforeAll(async () => {
    service = await startTestService(catalogService);
  });
  afterAll(() => service.stop());

  it('services, categories, pricing and price resolution, for staff and customers', async () => {
    const { tenantId, admin, customer } = newTenant(service);
    await onPlan(service, tenantId, 'PRO');
    const outletId = await addOutlet(service, tenantId);

    const created = await call('POST /services', '/services', {
      token: admin,
      body: serviceBody({
        description: 'Wash, cut and blow-dry',
        tags: ['hair'],
        pricing: {
          base_price: 150000,
          currency: 'IDR',
          promotional_price: '120000',
          promotional_valid_until: new Date(Date.now() + 86_400_000).toISOString(),
        },
      }),
    });
    await call('GET /services', '/services?size=5', { token: admin });
    await call('GET /services', '/services?category=hair_cut', { token: customer });
    await call('GET /services/{service_id}', `/services/${created.id}`, { token: customer });
    await call('PUT /services/{service_id}', `/services/${created.id}`, {
      token: admin,
      body: { duration_minutes: 60, allow_parallel_bookings: true, max_parallel_bookings: 3 },
    });
    await call('POST /services/{service_id}/pricing', `/services/${created.id}/pricing`, {
      token: admin,
      body: { outlet_prices: { [outletId]: '175000' } },
    });
    await call('GET /services/{service_id}/price', `/services/${created.id}/price?outlet_id=${outletId}`, {
      token: customer,
    });
    await call('GET /services/categories', '/services/categories?active_only=false', { token: admin });
    await call('GET /services/categories', '/services/categories', { token: customer });
    const tenant = tenantUpdatedData(tenantId, 2);
    await handleInbox(service, 'identity.tenant.updated.v1', onIdentityTenantUpdated, tenant);
    await call(
      'GET /public/tenants/{slug}/services',
      `/public/tenants/${tenant.slug}/services?outlet_id=${outletId}`,
    );
    await call('GET /services/categories/templates', '/services/categories/templates', { token: admin });
    await call('DELETE /services/{service_id}', `/services/${created.id}`, { token: admin });
    await call('GET /services/{service_id}', `/services/${created.id}`, { token: admin });

    expect(unexercised()).toEqual([]);
  });
});
