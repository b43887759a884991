import { newId } from '@salon/service-kit';
import {
  addCustomer,
  addOutlet,
  addService,
  createdPackage,
  newTenant,
  onPlan,
  startCommerce,
  type CommerceHarness,
} from './helpers';

describe('packages administration', () => {
  let harness: CommerceHarness;
  beforeAll(async () => {
    harness = await startCommerce();
  });
  afterAll(() => harness.stop());

  const request = (...args: Parameters<CommerceHarness['service']['request']>) =>
    harness.service.request(...args);

  async function tenantWithServices() {
    const tenant = newTenant(harness.service);
    const cut = await addService(harness.service, tenant.tenantId, { name: 'Haircut' });
    const spa = await addService(harness.service, tenant.tenantId, {
      name: 'Spa',
      pricing: {
        base_price: '200000.00',
        currency: 'IDR',
        outlet_prices: {},
        promotional_price: null,
        promotional_valid_until: null,
      },
    });
    return { ...tenant, cut, spa };
  }

  const body = (
    items: { service_id: string; quantity: number }[],
    overrides: Record<string, unknown> = {},
  ) => ({
    name: 'Glow bundle',
    description: 'Five cuts and a spa',
    package_items: items,
    package_price: '600000',
    validity_days: 90,
    ...overrides,
  });

  it('creates a package with catalogue names and prices and the discount metrics', async () => {
    const { admin, cut, spa, tenantId } = await tenantWithServices();
    const response = await request('POST', '/packages', {
      token: admin,
      body: body([
        { service_id: cut, quantity: 5 },
        { service_id: spa, quantity: 1 },
      ]),
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      tenant_id: tenantId,
      name: 'Glow bundle',
      package_items: [
        { service_id: cut, service_name: 'Haircut', quantity: 5, unit_price: '100000.00' },
        { service_id: spa, service_name: 'Spa', quantity: 1, unit_price: '200000.00' },
      ],
      package_price: '600000.00',
      currency: 'IDR',
      total_individual_price: '700000.00',
      discount_amount: '100000.00',
      discount_percentage: 14.29,
      validity_days: 90,
      is_active: true,
      status: 'active',
      outlet_ids: [],
      total_purchased: 0,
      total_revenue: '0.00',
      active_credits_count: 0,
    });
    const detail = await request('GET', `/packages/${response.body.id}`, { token: admin });
    expect(detail.status).toBe(200);
    expect(detail.body.discount_percentage).toBe(14.29);
    const list = await request('GET', '/packages', {
      token: harness.service.signer.signStaffAccess({
        sub: newId(),
        role: 'STAFF',
        tenant_id: tenantId,
        outlet_ids: [],
      }),
    });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    expect(list.body.items[0].service_ids).toEqual([cut, spa]);
  });

  it('refuses a price not below the individual total, unknown, inactive and foreign services (400)', async () => {
    const { admin, cut, tenantId } = await tenantWithServices();
    const equal = await request('POST', '/packages', {
      token: admin,
      body: body([{ service_id: cut, quantity: 2 }], { package_price: '200000' }),
    });
    expect(equal.status).toBe(400);
    expect(equal.body.detail).toContain('200000.00');
    expect(
      (
        await request('POST', '/packages', {
          token: admin,
          body: body([{ service_id: newId(), quantity: 1 }], { package_price: '1' }),
        })
      ).status,
    ).toBe(400);
    const other = newTenant(harness.service);
    const foreign = await addService(harness.service, other.tenantId);
    expect(
      (
        await request('POST', '/packages', {
          token: admin,
          body: body([{ service_id: foreign, quantity: 2 }], { package_price: '1' }),
        })
      ).status,
    ).toBe(400);
    const inactive = await addService(harness.service, tenantId, { is_active: false, status: 'inactive' });
    expect(
      (
        await request('POST', '/packages', {
          token: admin,
          body: body([{ service_id: inactive, quantity: 2 }], { package_price: '1' }),
        })
      ).status,
    ).toBe(400);
    const dup = await request('POST', '/packages', {
      token: admin,
      body: body(
        [
          { service_id: cut, quantity: 1 },
          { service_id: cut, quantity: 1 },
        ],
        { package_price: '1' },
      ),
    });
    expect(dup.status).toBe(400);
  });

  it('validates the body (422) and roles (403), and needs a token (401)', async () => {
    const { admin, staff, cut } = await tenantWithServices();
    const invalid = await request('POST', '/packages', {
      token: admin,
      body: body([{ service_id: cut, quantity: 101 }], { name: 'ab' }),
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.detail.map((issue: { loc: unknown[] }) => issue.loc)).toEqual(
      expect.arrayContaining([
        ['body', 'name'],
        ['body', 'package_items', 0, 'quantity'],
      ]),
    );
    expect(
      (
        await request('POST', '/packages', {
          token: staff('STAFF'),
          body: body([{ service_id: cut, quantity: 2 }], { package_price: '1' }),
        })
      ).status,
    ).toBe(403);
    expect((await request('GET', '/packages')).status).toBe(401);
    expect((await request('GET', '/packages/nothex', { token: admin })).status).toBe(422);
  });

  it('checks outlets belong to the tenant', async () => {
    const { admin, cut, tenantId } = await tenantWithServices();
    const outlet = await addOutlet(harness.service, tenantId);
    const foreignOutlet = await addOutlet(harness.service, newId());
    expect(
      (
        await request('POST', '/packages', {
          token: admin,
          body: body([{ service_id: cut, quantity: 2 }], { package_price: '1', outlet_ids: [foreignOutlet] }),
        })
      ).status,
    ).toBe(400);
    const ok = await request('POST', '/packages', {
      token: admin,
      body: body([{ service_id: cut, quantity: 2 }], { package_price: '1', outlet_ids: [outlet] }),
    });
    expect(ok.status).toBe(201);
    const filtered = await request('GET', `/packages?outlet_id=${outlet}`, { token: admin });
    expect(filtered.body.total).toBe(1);
  });

  it('enforces plan limits with the subscription_limit_reached body and reports them', async () => {
    const { admin, cut, spa, tenantId } = await tenantWithServices();
    const extra = await addService(harness.service, tenantId);
    const fourth = await addService(harness.service, tenantId);
    const items = [cut, spa, extra, fourth].map((service_id) => ({ service_id, quantity: 1 }));
    const tooMany = await request('POST', '/packages', {
      token: admin,
      body: body(items, { package_price: '1' }),
    });
    expect(tooMany.status).toBe(402);
    expect(tooMany.body).toEqual({
      error: 'subscription_limit_reached',
      message: expect.stringContaining('FREE'),
      upgrade_required: true,
    });
    for (let index = 0; index < 5; index += 1) {
      await createdPackage(
        harness.service,
        admin,
        body([{ service_id: cut, quantity: 2 }], { package_price: '1' }),
      );
    }
    const refused = await request('POST', '/packages', {
      token: admin,
      body: body([{ service_id: cut, quantity: 2 }], { package_price: '1' }),
    });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ error: 'subscription_limit_reached', upgrade_required: true });
    expect((await request('GET', '/packages/limits', { token: admin })).body).toEqual({
      packages_enabled: true,
      max_packages: 5,
      current_packages: 5,
      remaining_packages: 0,
      max_package_items: 3,
      limit_reached: true,
    });
    await onPlan(harness.service, tenantId, 'PRO');
    expect(
      (await request('POST', '/packages', { token: admin, body: body(items, { package_price: '1' }) }))
        .status,
    ).toBe(201);
  });

  it('updates, keeps the discount rule, freezes items after a purchase and archives on DELETE', async () => {
    const { admin, cut, spa, tenantId } = await tenantWithServices();
    const created = await createdPackage(
      harness.service,
      admin,
      body([{ service_id: cut, quantity: 5 }], { package_price: '400000' }),
    );
    const renamed = await request('PATCH', `/packages/${created.id}`, {
      token: admin,
      body: { name: 'Renamed', package_price: '450000' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      name: 'Renamed',
      package_price: '450000.00',
      discount_percentage: 10,
    });
    expect(
      (await request('PATCH', `/packages/${created.id}`, { token: admin, body: { package_price: '500000' } }))
        .status,
    ).toBe(400);
    expect(
      (
        await request('PATCH', `/packages/${created.id}`, {
          token: admin,
          body: { package_items: [{ service_id: spa, quantity: 3 }] },
        })
      ).status,
    ).toBe(200);

    const outlet = await addOutlet(harness.service, tenantId);
    const customer = await addCustomer(harness.service, tenantId);
    const sold = await request('POST', '/staff/customer-packages', {
      token: admin,
      body: { customer_id: customer, package_id: created.id, outlet_id: outlet, amount_paid: '450000' },
    });
    expect(sold.status).toBe(201);
    const frozen = await request('PATCH', `/packages/${created.id}`, {
      token: admin,
      body: { package_items: [{ service_id: cut, quantity: 3 }] },
    });
    expect(frozen.status).toBe(409);
    expect(frozen.body.detail).toContain('cannot be changed');

    expect((await request('DELETE', `/packages/${created.id}`, { token: admin })).status).toBe(204);
    const archived = await request('GET', `/packages/${created.id}`, { token: admin });
    expect(archived.body).toMatchObject({
      status: 'archived',
      is_active: false,
      total_purchased: 1,
      active_credits_count: 3,
    });
    // Existing credits stay usable.
    const redeemed = await request('POST', '/staff/customer-packages/credits/redeem', {
      token: admin,
      body: { customer_id: customer, service_id: spa },
    });
    expect(redeemed.status).toBe(200);
    // No new purchases.
    expect(
      (
        await request('POST', '/staff/customer-packages', {
          token: admin,
          body: { customer_id: customer, package_id: created.id, outlet_id: outlet, amount_paid: '1' },
        })
      ).status,
    ).toBe(404);
  });

  it("answers 404 for another tenant's package", async () => {
    const { admin, cut } = await tenantWithServices();
    const created = await createdPackage(
      harness.service,
      admin,
      body([{ service_id: cut, quantity: 2 }], { package_price: '1' }),
    );
    const other = newTenant(harness.service);
    expect((await request('GET', `/packages/${created.id}`, { token: other.admin })).status).toBe(404);
    expect(
      (await request('PATCH', `/packages/${created.id}`, { token: other.admin, body: { name: 'Mine now' } }))
        .status,
    ).toBe(404);
    expect((await request('DELETE', `/packages/${created.id}`, { token: other.admin })).status).toBe(404);
  });
});
