import { serviceUpsertedV1 } from '@salon/contracts';
import { newId } from '@salon/service-kit';
import { captureEvents, startTestService, type EventCapture, type TestService } from '@salon/testing';
import { catalogService } from '../src/definition';
import { addOutlet, createdService, newTenant, onPlan } from './helpers';

describe('outlet pricing and price resolution', () => {
  let service: TestService;
  let events: EventCapture;

  beforeAll(async () => {
    service = await startTestService(catalogService);
    events = await captureEvents(service.testBus.bus, ['catalog.service.upserted.v1']);
  });
  afterAll(() => service.stop());

  async function proTenant() {
    const tenant = newTenant(service);
    await onPlan(service, tenant.tenantId, 'PRO');
    const [outletA, outletB] = [
      await addOutlet(service, tenant.tenantId),
      await addOutlet(service, tenant.tenantId),
    ];
    return { ...tenant, outletA, outletB };
  }

  const pricing = (token: string, serviceId: string, outlet_prices: unknown) =>
    service.request('POST', `/services/${serviceId}/pricing`, { token, body: { outlet_prices } });

  it('sets outlet prices on PRO, merging per outlet, and publishes the new snapshot', async () => {
    const { admin, outletA, outletB, tenantId } = await proTenant();
    const created = await createdService(service, admin, {
      pricing: { base_price: '100000', currency: 'IDR' },
    });

    const first = await pricing(admin, created.id, { [outletA]: 125000 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      id: created.id,
      pricing: { base_price: '100000.00', currency: 'IDR', outlet_prices: { [outletA]: '125000.00' } },
    });
    const second = await pricing(admin, created.id, { [outletB]: '90000.5' });
    expect(second.body.pricing.outlet_prices).toEqual({ [outletA]: '125000.00', [outletB]: '90000.50' });
    const event = await events.next(
      'catalog.service.upserted.v1',
      ({ data }) => data.service_id === created.id && data.version === 3,
    );
    expect(serviceUpsertedV1.parse(event.data)).toMatchObject({
      tenant_id: tenantId,
      pricing: { outlet_prices: { [outletA]: '125000.00', [outletB]: '90000.50' } },
    });

    const removed = await pricing(admin, created.id, { [outletA]: null });
    expect(removed.body.pricing.outlet_prices).toEqual({ [outletB]: '90000.50' });
    expect((await service.request('GET', `/services/${created.id}`, { token: admin })).body.pricing).toEqual(
      removed.body.pricing,
    );
  });

  it('refuses outlet pricing on FREE with 402, also through POST and PUT /services', async () => {
    const { admin, tenantId } = newTenant(service);
    const outlet = await addOutlet(service, tenantId);
    const created = await createdService(service, admin);
    const refused = await pricing(admin, created.id, { [outlet]: '1000' });
    expect(refused.status).toBe(402);
    expect(refused.body.detail).toMatch(/Outlet pricing .* FREE plan.*Upgrade/);

    const viaPost = await service.request('POST', '/services', {
      token: admin,
      body: { ...created, slug: 'other', pricing: { base_price: '1', outlet_prices: { [outlet]: '2' } } },
    });
    expect(viaPost.status).toBe(402);
    const viaPut = await service.request('PUT', `/services/${created.id}`, {
      token: admin,
      body: { pricing: { outlet_prices: { [outlet]: '2' } } },
    });
    expect(viaPut.status).toBe(402);

    // Enterprise has outlet pricing too.
    await onPlan(service, tenantId, 'ENTERPRISE');
    expect((await pricing(admin, created.id, { [outlet]: '1000' })).status).toBe(200);
    // After a downgrade the prices may still be removed (PUT with an empty map), not changed.
    await onPlan(service, tenantId, 'FREE');
    expect((await pricing(admin, created.id, { [outlet]: '1500' })).status).toBe(402);
    const cleared = await service.request('PUT', `/services/${created.id}`, {
      token: admin,
      body: { pricing: { outlet_prices: {} } },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.pricing.outlet_prices).toEqual({});
  });

  it('lets an OUTLET_MANAGER price only the outlets in its token', async () => {
    const { staff, admin, outletA, outletB } = await proTenant();
    const created = await createdService(service, admin);
    const manager = staff('OUTLET_MANAGER', [outletA]);
    expect((await pricing(manager, created.id, { [outletA]: '10' })).status).toBe(200);
    const foreign = await pricing(manager, created.id, { [outletB]: '10' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.detail).toBe('Outlet managers may price only the outlets they manage');
    expect((await pricing(manager, created.id, { [outletA]: '11', [outletB]: '10' })).status).toBe(403);
    // Through PUT the same rule holds, for setting and for removing another outlet's price.
    await pricing(admin, created.id, { [outletB]: '20' });
    const viaPut = await service.request('PUT', `/services/${created.id}`, {
      token: manager,
      body: { pricing: { outlet_prices: { [outletA]: '12' } } },
    });
    expect(viaPut.status).toBe(403);
    expect((await pricing(staff('STAFF', [outletA]), created.id, { [outletA]: '10' })).status).toBe(403);
    const read = await service.request('GET', `/services/${created.id}`, { token: admin });
    expect(read.body.pricing.outlet_prices).toEqual({ [outletA]: '10.00', [outletB]: '20.00' });
  });

  it("refuses outlets that are not the tenant's (400) and malformed input (422)", async () => {
    const { admin, outletA } = await proTenant();
    const other = await proTenant();
    const created = await createdService(service, admin);
    const unknown = await pricing(admin, created.id, { [newId()]: '10' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toMatch(/^Invalid outlet/);
    expect((await pricing(admin, created.id, { [other.outletA]: '10' })).status).toBe(400);

    for (const [body, loc] of [
      [{ 'not-an-id': '10' }, ['body', 'outlet_prices', 'not-an-id']],
      [{ [outletA]: 0 }, ['body', 'outlet_prices', outletA]],
      [{ [outletA]: '-3' }, ['body', 'outlet_prices', outletA]],
      [{ [outletA]: 'free' }, ['body', 'outlet_prices', outletA]],
      [[], ['body', 'outlet_prices']],
    ] as const) {
      const response = await pricing(admin, created.id, body);
      expect(response.status).toBe(422);
      expect(response.body.detail[0].loc).toEqual(loc);
    }
    const empty = await service.request('POST', `/services/${created.id}/pricing`, {
      token: admin,
      body: {},
    });
    expect(empty.body.detail).toEqual([
      { loc: ['body', 'outlet_prices'], msg: 'Field required', type: 'missing' },
    ]);
    expect((await service.request('POST', `/services/${created.id}/pricing`, { body: {} })).status).toBe(401);
    const customer = await service.request('POST', `/services/${created.id}/pricing`, {
      token: newTenant(service).customer,
      body: { outlet_prices: {} },
    });
    expect(customer.status).toBe(403);
  });

  it('resolves the price: promotion, then outlet override, then base price; expiry needs no clean-up', async () => {
    const { admin, customer, staff, outletA, outletB } = await proTenant();
    const created = await createdService(service, admin, {
      pricing: { base_price: '100000', currency: 'IDR' },
    });
    await pricing(admin, created.id, { [outletA]: '120000' });
    const price = async (token: string, outletId?: string) => {
      const query = outletId ? `?outlet_id=${outletId}` : '';
      const response = await service.request('GET', `/services/${created.id}/price${query}`, { token });
      expect(response.status).toBe(200);
      return response.body;
    };

    expect(await price(customer)).toEqual({ amount: '100000.00', currency: 'IDR', source: 'base_price' });
    expect(await price(customer, outletA)).toEqual({
      amount: '120000.00',
      currency: 'IDR',
      source: 'outlet_override',
    });
    expect(await price(staff('STAFF'), outletB)).toEqual({
      amount: '100000.00',
      currency: 'IDR',
      source: 'base_price',
    });

    // An active promotion beats the outlet price, for every outlet.
    await service.request('PUT', `/services/${created.id}`, {
      token: admin,
      body: {
        pricing: {
          promotional_price: '75000',
          promotional_valid_until: new Date(Date.now() + 3_600_000).toISOString(),
        },
      },
    });
    for (const outletId of [undefined, outletA, outletB]) {
      expect(await price(customer, outletId)).toEqual({
        amount: '75000.00',
        currency: 'IDR',
        source: 'promotional_price',
      });
    }

    // An expired promotion stays stored but no longer applies.
    const expired = await service.request('PUT', `/services/${created.id}`, {
      token: admin,
      body: { pricing: { promotional_valid_until: new Date(Date.now() - 1000).toISOString() } },
    });
    expect(expired.body.pricing.promotional_price).toBe('75000.00');
    expect(await price(customer, outletA)).toEqual({
      amount: '120000.00',
      currency: 'IDR',
      source: 'outlet_override',
    });
    expect(await price(customer)).toEqual({ amount: '100000.00', currency: 'IDR', source: 'base_price' });

    // An instant PostgreSQL cannot hold (year 0) or past the range is a 422 at the field, never a 500.
    for (const until of ['0000-01-01T00:00:00Z', '1899-12-31T23:59:59Z', '2999-12-31T23:00:00-05:00']) {
      const response = await service.request('PUT', `/services/${created.id}`, {
        token: admin,
        body: { pricing: { promotional_valid_until: until } },
      });
      expect({ until, status: response.status }).toEqual({ until, status: 422 });
      expect(response.body.detail[0]).toEqual({
        loc: ['body', 'pricing', 'promotional_valid_until'],
        msg: expect.any(String),
        type: expect.any(String),
      });
    }

    const bad = await service.request('GET', `/services/${created.id}/price?outlet_id=abc`, {
      token: customer,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['query', 'outlet_id']);
    expect((await service.request('GET', `/services/${created.id}/price`)).status).toBe(401);
    expect(
      (await service.request('GET', `/services/${created.id}/price`, { token: newTenant(service).customer }))
        .status,
    ).toBe(404);
  });

  it('lists every service at any outlet on GET /services?outlet_id=, with the price resolved for that outlet', async () => {
    const { admin, customer, outletA, outletB } = await proTenant();
    const everywhere = await createdService(service, admin, {
      name: 'Everywhere',
      pricing: { base_price: '50000', currency: 'IDR' },
    });
    const atA = await createdService(service, admin, {
      name: 'Only A priced',
      pricing: { base_price: '100000', currency: 'IDR' },
    });
    await pricing(admin, atA.id, { [outletA]: '125000' });
    const promoted = await createdService(service, admin, {
      name: 'Promoted',
      pricing: {
        base_price: '80000',
        currency: 'IDR',
        outlet_prices: { [outletB]: '90000' },
        promotional_price: '60000',
        promotional_valid_until: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    const prices = async (query: string, token = admin) => {
      const response = await service.request('GET', `/services${query}`, { token });
      expect(response.status).toBe(200);
      return response.body.items.map((item: { name: string; price: unknown }) => [item.name, item.price]);
    };

    const base = (amount: string) => ({ amount, currency: 'IDR', source: 'base_price' });
    const promotion = { amount: '60000.00', currency: 'IDR', source: 'promotional_price' };
    expect(await prices(`?outlet_id=${outletA}`)).toEqual([
      ['Everywhere', base('50000.00')],
      ['Only A priced', { amount: '125000.00', currency: 'IDR', source: 'outlet_override' }],
      ['Promoted', promotion],
    ]);
    // Priced specially for A only: still bookable at B, at its base price.
    expect(await prices(`?outlet_id=${outletB}`)).toEqual([
      ['Everywhere', base('50000.00')],
      ['Only A priced', base('100000.00')],
      ['Promoted', promotion],
    ]);
    expect(await prices(`?outlet_id=${outletB}`, customer)).toEqual(await prices(`?outlet_id=${outletB}`));
    // No outlet asked: the price without an outlet context (base, or the running promotion).
    expect(await prices('')).toEqual([
      ['Everywhere', base('50000.00')],
      ['Only A priced', base('100000.00')],
      ['Promoted', promotion],
    ]);
    // An outlet that is not the tenant's gets the base price, as GET /services/{id}/price does.
    expect((await prices(`?outlet_id=${newId()}`)).map(([name]: [string]) => name)).toHaveLength(3);
    expect(everywhere.pricing.outlet_prices).toEqual({});
    expect(promoted.pricing.outlet_prices).toEqual({ [outletB]: '90000.00' });
  });
});
