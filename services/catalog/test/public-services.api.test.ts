import { publicServicePage } from '@salon/contracts';
import { newId } from '@salon/service-kit';
import { handleInbox, startTestService, type TestService } from '@salon/testing';
import { catalogService } from '../src/definition';
import { onIdentityOutletUpserted } from '../src/events/handlers/identity.outlet.upserted';
import { onIdentityTenantUpdated } from '../src/events/handlers/identity.tenant.updated';
import { addOutlet, createdService, newTenant, onPlan, outletData, tenantUpdatedData } from './helpers';

describe('GET /public/tenants/{slug}/services: bookable services with prices, without a token', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService(catalogService);
  });
  afterAll(() => service.stop());

  /** A PRO tenant catalog knows by slug (replica), with two active outlets. */
  async function publicTenant() {
    const tenant = newTenant(service);
    await onPlan(service, tenant.tenantId, 'PRO');
    const data = tenantUpdatedData(tenant.tenantId, 2);
    await handleInbox(service, 'identity.tenant.updated.v1', onIdentityTenantUpdated, data);
    const [outletA, outletB] = [
      await addOutlet(service, tenant.tenantId),
      await addOutlet(service, tenant.tenantId),
    ];
    return { ...tenant, slug: data.slug, outletA, outletB, data };
  }

  const publicServices = (slug: string, query = '', headers: Record<string, string> = {}) =>
    service.request('GET', `/public/tenants/${slug}/services${query}`, { headers });

  it('lists bookable services only, each priced for the outlet asked, with nothing internal', async () => {
    const { admin, slug, outletA, outletB } = await publicTenant();
    const cut = await createdService(service, admin, {
      name: 'Cut',
      category: 'hair_cut',
      image_url: 'https://img.example/cut.png',
      pricing: { base_price: '100000', currency: 'IDR', outlet_prices: { [outletA]: '125000' } },
    });
    // Priced specially for outlet A only: still offered at outlet B, at its base price.
    const colour = await createdService(service, admin, {
      name: 'Colour',
      category: 'hair_color',
      pricing: { base_price: '300000', currency: 'IDR', outlet_prices: { [outletB]: '280000' } },
    });
    const hidden = await createdService(service, admin, { name: 'Hidden', is_active: false });
    const inactive = await createdService(service, admin, { name: 'Inactive', status: 'inactive' });
    const archived = await createdService(service, admin, { name: 'Archived' });
    expect((await service.request('DELETE', `/services/${archived.id}`, { token: admin })).status).toBe(204);

    const atA = await publicServices(slug, `?outlet_id=${outletA}`);
    expect(atA.status).toBe(200);
    publicServicePage.parse(atA.body); // strict: no status, is_active, tenant id, outlet prices or counts
    expect(atA.body).toMatchObject({ total: 2, page: 1, size: 20, pages: 1 });
    expect(atA.body.items).toEqual([
      {
        id: colour.id,
        name: 'Colour',
        slug: colour.slug,
        description: null,
        category: 'hair_color',
        duration_minutes: 45,
        image_url: null,
        tags: [],
        price: { amount: '300000.00', currency: 'IDR', source: 'base_price' },
      },
      expect.objectContaining({
        id: cut.id,
        image_url: 'https://img.example/cut.png',
        price: { amount: '125000.00', currency: 'IDR', source: 'outlet_override' },
      }),
    ]);
    expect(atA.body.categories).toEqual([
      { category: 'hair_color', display_name: expect.any(String), description: expect.anything() },
      { category: 'hair_cut', display_name: expect.any(String), description: expect.anything() },
    ]);
    const text = JSON.stringify(atA.body);
    for (const leak of [hidden.id, inactive.id, archived.id, outletB, 'status', 'is_active', 'tenant_id'])
      expect(text).not.toContain(leak);

    const atB = await publicServices(slug, `?outlet_id=${outletB}`);
    expect(atB.body.items.map((item: { price: { amount: string } }) => item.price.amount)).toEqual([
      '280000.00',
      '100000.00',
    ]);
    const anywhere = await publicServices(slug);
    expect(anywhere.body.items.map((item: { price: { source: string } }) => item.price.source)).toEqual([
      'base_price',
      'base_price',
    ]);
  });

  it('pages and filters by category and search', async () => {
    const { admin, slug } = await publicTenant();
    for (const name of ['Alpha cut', 'Beta cut', 'Gamma cut'])
      await createdService(service, admin, { name, category: 'hair_cut' });
    await createdService(service, admin, { name: 'Manicure', category: 'nails', tags: ['gel'] });

    const page2 = await publicServices(slug, '?size=2&page=2');
    expect(page2.body).toMatchObject({ total: 4, page: 2, size: 2, pages: 2 });
    expect(page2.body.items.map((item: { name: string }) => item.name)).toEqual(['Gamma cut', 'Manicure']);
    const nails = await publicServices(slug, '?category=nails');
    expect(nails.body.items.map((item: { name: string }) => item.name)).toEqual(['Manicure']);
    // Categories are the business's, whatever the filters.
    expect(nails.body.categories.map((entry: { category: string }) => entry.category)).toEqual([
      'hair_cut',
      'nails',
    ]);
    const gel = await publicServices(slug, '?search=GEL');
    expect(gel.body.items.map((item: { name: string }) => item.name)).toEqual(['Manicure']);
    expect((await publicServices(slug, '?size=0')).status).toBe(422);
  });

  it('answers 304 to a matching If-None-Match; a service change gives a new ETag', async () => {
    const { admin, slug } = await publicTenant();
    const cut = await createdService(service, admin, { name: 'Cut' });
    const first = await publicServices(slug);
    const etag = first.headers.get('etag')!;
    expect(first.headers.get('cache-control')).toBe('public, max-age=60');
    const again = await publicServices(slug, '', { 'if-none-match': etag });
    expect(again.status).toBe(304);

    const changed = await service.request('PUT', `/services/${cut.id}`, {
      token: admin,
      body: { pricing: { base_price: '99000' } },
    });
    expect(changed.status).toBe(200);
    const after = await publicServices(slug, '', { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.body.items[0].price.amount).toBe('99000.00');
    expect(after.headers.get('etag')).not.toBe(etag);
  });

  it('is a 404 for an unknown or deactivated business and for an outlet not active in it', async () => {
    const { slug, tenantId, data } = await publicTenant();
    expect((await publicServices('no-such-salon')).status).toBe(404);
    expect((await publicServices(slug, `?outlet_id=${newId()}`)).status).toBe(404);
    const other = await publicTenant();
    expect((await publicServices(slug, `?outlet_id=${other.outletA}`)).status).toBe(404);
    const closed = outletData(tenantId, { is_active: false });
    await handleInbox(service, 'identity.outlet.upserted.v1', onIdentityOutletUpserted, closed);
    const closedAnswer = await publicServices(slug, `?outlet_id=${closed.outlet_id}`);
    expect(closedAnswer.status).toBe(404);
    expect(closedAnswer.body).toEqual({ detail: 'Outlet not found' });

    const deactivated = { ...data, is_active: false, version: data.version + 1 };
    await handleInbox(service, 'identity.tenant.updated.v1', onIdentityTenantUpdated, deactivated);
    const gone = await publicServices(slug);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ detail: 'Tenant not found' });
  });
});
