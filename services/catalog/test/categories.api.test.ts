import { DEFAULT_SERVICE_CATEGORY_TEMPLATES } from '@salon/contracts';
import { newEvent } from '@salon/messaging';
import { startTestService, type TestService } from '@salon/testing';
import { catalogService } from '../src/definition';
import { onIdentityTenantUpdated } from '../src/events/handlers/identity.tenant.updated';
import { createdService, newTenant, onPlan, tenantUpdatedData } from './helpers';

describe('categories and templates', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService(catalogService);
  });
  afterAll(() => service.stop());

  async function setTemplates(tenantId: string, templates: string[], version = 1) {
    const data = tenantUpdatedData(tenantId, version, { service_category_templates: templates });
    const event = newEvent('identity.tenant.updated.v1', data, { producer: 'identity', tenantId });
    await service.running.context.db.withTx((tx) =>
      onIdentityTenantUpdated(data, { tx, event, afterCommit: () => undefined }),
    );
  }

  const templates = async (token: string) => {
    const response = await service.request('GET', '/services/categories/templates', { token });
    expect(response.status).toBe(200);
    return response.body;
  };

  it("gives the defaults, or a PRO/ENTERPRISE tenant's custom templates", async () => {
    const { admin, customer, tenantId } = newTenant(service);
    expect(await templates(admin)).toEqual([...DEFAULT_SERVICE_CATEGORY_TEMPLATES]);
    expect(await templates(customer)).toHaveLength(18);

    // Custom templates need PRO or ENTERPRISE: FREE keeps the defaults.
    await setTemplates(tenantId, ['brows', 'lashes']);
    expect(await templates(admin)).toEqual([...DEFAULT_SERVICE_CATEGORY_TEMPLATES]);
    await onPlan(service, tenantId, 'PRO');
    expect(await templates(admin)).toEqual(['brows', 'lashes']);
    expect(await templates(customer)).toEqual(['brows', 'lashes']);
    await setTemplates(tenantId, [], 2);
    expect(await templates(admin)).toEqual([...DEFAULT_SERVICE_CATEGORY_TEMPLATES]);

    expect((await service.request('GET', '/services/categories/templates')).status).toBe(401);
    expect(
      (
        await service.request('GET', '/services/categories/templates', {
          token: newTenant(service).superAdmin,
        })
      ).status,
    ).toBe(403);
  });

  it('lists categories with display names and counts: staff all, customers only non-empty', async () => {
    const { admin, customer, staff } = newTenant(service);
    await createdService(service, admin, { category: 'hair_cut' });
    await createdService(service, admin, { category: 'hair_cut' });
    await createdService(service, admin, { category: 'hair_cut', status: 'inactive' });
    await createdService(service, admin, { category: 'massage', is_active: false });
    await createdService(service, admin, { category: 'head_spa' });
    const archived = await createdService(service, admin, { category: 'facial' });
    await service.request('DELETE', `/services/${archived.id}`, { token: admin });

    const categories = async (token: string, query = '') => {
      const response = await service.request('GET', `/services/categories${query}`, { token });
      expect(response.status).toBe(200);
      return response.body;
    };

    expect(await categories(customer)).toEqual([
      {
        category: 'hair_cut',
        display_name: 'Hair Cut',
        count: 2,
        description: 'Haircuts, trims and fringes',
      },
      { category: 'head_spa', display_name: 'Head Spa', count: 1, description: null },
    ]);
    // active_only=false does not show customers anything more.
    expect(await categories(customer, '?active_only=false')).toEqual(await categories(customer));

    const staffView = await categories(staff('STAFF'));
    expect(staffView.map((entry: { category: string }) => entry.category)).toEqual(
      [...DEFAULT_SERVICE_CATEGORY_TEMPLATES, 'head_spa'].sort(),
    );
    const count = (list: { category: string; count: number }[], category: string) =>
      list.find((entry) => entry.category === category)?.count;
    expect(count(staffView, 'hair_cut')).toBe(2);
    expect(count(staffView, 'massage')).toBe(0);
    expect(count(staffView, 'facial')).toBe(0);
    expect(staffView.find((entry: { category: string }) => entry.category === 'nail_art')).toEqual({
      category: 'nail_art',
      display_name: 'Nail Art',
      count: 0,
      description: 'Nail designs, gel and acrylics',
    });

    const withInactive = await categories(admin, '?active_only=false');
    expect(count(withInactive, 'hair_cut')).toBe(3);
    expect(count(withInactive, 'massage')).toBe(1);
    expect(count(withInactive, 'facial')).toBe(0);

    const bad = await service.request('GET', '/services/categories?active_only=maybe', { token: admin });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['query', 'active_only']);
    expect((await service.request('GET', '/services/categories')).status).toBe(401);
  });

  it("never counts another tenant's services", async () => {
    const mine = newTenant(service);
    const other = newTenant(service);
    await createdService(service, other.admin, { category: 'hair_cut' });
    expect(
      await (
        await service.request('GET', '/services/categories', { token: mine.customer })
      ).body,
    ).toEqual([]);
  });
});
