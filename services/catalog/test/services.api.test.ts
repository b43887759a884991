import { serviceArchivedV1, serviceUpsertedV1 } from '@salon/contracts';
import { newId } from '@salon/service-kit';
import {
  captureEvents,
  setTenantPlan,
  startTestService,
  type EventCapture,
  type TestService,
} from '@salon/testing';
import { catalogService } from '../src/definition';
import { createdService, newTenant, serviceBody } from './helpers';

describe('services', () => {
  let service: TestService;
  let events: EventCapture;

  beforeAll(async () => {
    service = await startTestService(catalogService);
    events = await captureEvents(service.testBus.bus, [
      'catalog.service.upserted.v1',
      'catalog.service.archived.v1',
    ]);
  });
  afterAll(() => service.stop());

  const upserted = (serviceId: string, version: number) =>
    events.next(
      'catalog.service.upserted.v1',
      ({ data }) => data.service_id === serviceId && data.version === version,
    );

  it('creates a service with the spec defaults and publishes its snapshot', async () => {
    const { admin, tenantId } = newTenant(service);
    const created = await service.request('POST', '/services', {
      token: admin,
      body: {
        name: 'Signature Cut',
        slug: 'Signature-Cut',
        category: 'hair_cut',
        duration_minutes: 45,
        pricing: { base_price: 150000, currency: 'idr' },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      tenant_id: tenantId,
      name: 'Signature Cut',
      slug: 'signature-cut',
      description: null,
      category: 'hair_cut',
      duration_minutes: 45,
      preparation_minutes: 0,
      cleanup_minutes: 0,
      max_advance_booking_days: 90,
      min_advance_booking_hours: 1,
      requires_staff: true,
      required_staff_count: 1,
      allow_parallel_bookings: false,
      max_parallel_bookings: 1,
      pricing: {
        base_price: '150000.00',
        currency: 'IDR',
        outlet_prices: {},
        promotional_price: null,
        promotional_valid_until: null,
        deposit: null,
      },
      tags: [],
      image_url: null,
      is_active: true,
      status: 'active',
      average_rating: null,
      rating_count: 0,
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });

    const event = await upserted(created.body.id, 1);
    expect(event).toMatchObject({ producer: 'catalog', tenant_id: tenantId });
    const { version: _version, service_id, ...snapshot } = serviceUpsertedV1.parse(event.data);
    const { id, average_rating: _rating, rating_count: _count, ...body } = created.body;
    expect(service_id).toBe(id);
    expect(snapshot).toEqual(body);

    const read = await service.request('GET', `/services/${id}`, { token: admin });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
  });

  it('stores every writable field as sent', async () => {
    const { admin } = newTenant(service);
    const until = new Date(Date.now() + 86_400_000).toISOString();
    const body = serviceBody({
      description: 'Relaxing full-body massage',
      category: 'massage',
      duration_minutes: 90,
      preparation_minutes: 10,
      cleanup_minutes: 15,
      max_advance_booking_days: 30,
      min_advance_booking_hours: 4,
      requires_staff: false,
      required_staff_count: 2,
      allow_parallel_bookings: true,
      max_parallel_bookings: 100,
      tags: ['relax', 'body', 'relax'],
      image_url: 'https://cdn.example/massage.jpg',
      is_active: false,
      status: 'inactive',
      pricing: {
        base_price: '350000.5',
        currency: 'USD',
        promotional_price: '0',
        promotional_valid_until: until,
      },
    });
    const created = await service.request('POST', '/services', { token: admin, body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      ...body,
      tags: ['relax', 'body'],
      pricing: {
        base_price: '350000.50',
        currency: 'USD',
        outlet_prices: {},
        promotional_price: '0.00',
        promotional_valid_until: until,
      },
    });
  });

  it('takes the currency from the tenant settings when none is sent, else USD', async () => {
    const { admin } = newTenant(service);
    const created = await createdService(service, admin, { pricing: { base_price: '10' } });
    expect(created.pricing.currency).toBe('USD');
  });

  it('refuses a duplicate slug within the tenant (409) but not in another tenant', async () => {
    const mine = newTenant(service);
    const other = newTenant(service);
    await createdService(service, mine.admin, { slug: 'classic-cut' });
    const duplicate = await service.request('POST', '/services', {
      token: mine.admin,
      body: serviceBody({ slug: 'Classic-Cut' }),
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.detail).toContain('classic-cut');
    expect(
      (
        await service.request('POST', '/services', {
          token: other.admin,
          body: serviceBody({ slug: 'classic-cut' }),
        })
      ).status,
    ).toBe(201);

    const second = await createdService(service, mine.admin, { slug: 'second' });
    const rename = await service.request('PUT', `/services/${second.id}`, {
      token: mine.admin,
      body: { slug: 'classic-cut' },
    });
    expect(rename.status).toBe(409);
  });

  it('validates the body with the 422 list shape', async () => {
    const { admin } = newTenant(service);
    const post = (body: unknown) => service.request('POST', '/services', { token: admin, body });
    const locOf = async (body: unknown) => {
      const response = await post(body);
      expect(response.status).toBe(422);
      return response.body.detail.map((issue: { loc: unknown[] }) => issue.loc);
    };
    const valid = serviceBody();
    const pricing = (changes: Record<string, unknown>) => ({
      ...valid,
      pricing: { ...valid.pricing, ...changes },
    });

    const missing = await post({});
    expect(missing.body.detail).toEqual(
      expect.arrayContaining([
        { loc: ['body', 'name'], msg: 'Field required', type: 'missing' },
        { loc: ['body', 'slug'], msg: 'Field required', type: 'missing' },
        { loc: ['body', 'category'], msg: 'Field required', type: 'missing' },
        { loc: ['body', 'duration_minutes'], msg: 'Field required', type: 'missing' },
        { loc: ['body', 'pricing'], msg: 'Field required', type: 'missing' },
      ]),
    );
    expect(await locOf({ ...valid, duration_minutes: 4 })).toEqual([['body', 'duration_minutes']]);
    expect(await locOf({ ...valid, duration_minutes: 481 })).toEqual([['body', 'duration_minutes']]);
    expect(await locOf({ ...valid, duration_minutes: 30.5 })).toEqual([['body', 'duration_minutes']]);
    expect(await locOf({ ...valid, max_parallel_bookings: 0 })).toEqual([['body', 'max_parallel_bookings']]);
    expect(await locOf({ ...valid, max_parallel_bookings: 101 })).toEqual([
      ['body', 'max_parallel_bookings'],
    ]);
    expect(await locOf({ ...valid, name: 'x'.repeat(201) })).toEqual([['body', 'name']]);
    expect(await locOf({ ...valid, status: 'deleted' })).toEqual([['body', 'status']]);
    expect(await locOf(pricing({ base_price: -1 }))).toEqual([['body', 'pricing', 'base_price']]);
    expect(await locOf(pricing({ base_price: '10.001' }))).toEqual([['body', 'pricing', 'base_price']]);
    expect(await locOf(pricing({ base_price: 'ten' }))).toEqual([['body', 'pricing', 'base_price']]);
    expect(
      await locOf(pricing({ promotional_price: '-0.01', promotional_valid_until: new Date().toISOString() })),
    ).toEqual([['body', 'pricing', 'promotional_price']]);
    expect(await locOf(pricing({ currency: 'RP' }))).toEqual([['body', 'pricing', 'currency']]);
    expect(await locOf(pricing({ currency: 'IDRX' }))).toEqual([['body', 'pricing', 'currency']]);
    expect(await locOf(pricing({ outlet_prices: { 'not-an-id': '1' } }))).toEqual([
      ['body', 'pricing', 'outlet_prices', 'not-an-id'],
    ]);
    const outlet = newId();
    expect(await locOf(pricing({ outlet_prices: { [outlet]: '0' } }))).toEqual([
      ['body', 'pricing', 'outlet_prices', outlet],
    ]);
    expect(await locOf(pricing({ outlet_prices: { [outlet]: -5 } }))).toEqual([
      ['body', 'pricing', 'outlet_prices', outlet],
    ]);
    expect(await locOf(pricing({ promotional_valid_until: '2030-01-01 10:00' }))).toEqual([
      ['body', 'pricing', 'promotional_valid_until'],
    ]);

    // A promotion is a price and an expiry together.
    const noExpiry = await post(pricing({ promotional_price: '100' }));
    expect(noExpiry.status).toBe(422);
    expect(noExpiry.body.detail).toEqual([
      {
        loc: ['body', 'pricing', 'promotional_valid_until'],
        msg: 'promotional_valid_until is required when promotional_price is set',
        type: 'missing',
      },
    ]);
    expect(await locOf(pricing({ promotional_valid_until: new Date().toISOString() }))).toEqual([
      ['body', 'pricing', 'promotional_price'],
    ]);
  });

  it('updates only the fields sent; a partial pricing merges into the stored one', async () => {
    const { admin, tenantId } = newTenant(service);
    const until = new Date(Date.now() + 86_400_000).toISOString();
    const created = await createdService(service, admin, {
      description: 'Wash and cut',
      tags: ['hair'],
      pricing: {
        base_price: '100',
        currency: 'IDR',
        promotional_price: '80',
        promotional_valid_until: until,
      },
    });
    const put = (body: unknown) => service.request('PUT', `/services/${created.id}`, { token: admin, body });

    const renamed = await put({ name: 'Deluxe Cut', pricing: { base_price: '120' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({
      ...created,
      name: 'Deluxe Cut',
      pricing: { ...created.pricing, base_price: '120.00' },
      updated_at: expect.any(String),
    });
    expect((await upserted(created.id, 2)).tenant_id).toBe(tenantId);

    const cleared = await put({ description: null, pricing: { promotional_price: null } });
    expect(cleared.body).toMatchObject({
      name: 'Deluxe Cut',
      description: null,
      tags: ['hair'],
      pricing: {
        base_price: '120.00',
        currency: 'IDR',
        promotional_price: null,
        promotional_valid_until: null,
      },
    });
    expect(
      serviceUpsertedV1.parse((await upserted(created.id, 3)).data).pricing.promotional_price,
    ).toBeNull();

    // An expiry alone is refused, so is null for a required field, and nothing changes.
    expect((await put({ pricing: { promotional_valid_until: until } })).status).toBe(422);
    const nulled = await put({ name: null, duration_minutes: 500 });
    expect(nulled.status).toBe(422);
    expect(nulled.body.detail.map((issue: { loc: unknown[] }) => issue.loc)).toEqual([
      ['body', 'name'],
      ['body', 'duration_minutes'],
    ]);

    // A PUT that changes nothing writes nothing: no new version.
    const same = await put({ name: 'Deluxe Cut' });
    expect(same.body.updated_at).toBe(cleared.body.updated_at);

    const status = await put({
      status: 'inactive',
      is_active: false,
      max_parallel_bookings: 3,
      allow_parallel_bookings: true,
    });
    expect(status.body).toMatchObject({ status: 'inactive', is_active: false, max_parallel_bookings: 3 });
    const snapshot = serviceUpsertedV1.parse((await upserted(created.id, 4)).data);
    expect(snapshot).toMatchObject({
      status: 'inactive',
      is_active: false,
      allow_parallel_bookings: true,
      max_parallel_bookings: 3,
    });
  });

  it('soft-deletes to archived (TENANT_ADMIN only), keeps it readable to staff and publishes the archive', async () => {
    const { admin, staff, customer, tenantId } = newTenant(service);
    const created = await createdService(service, admin);
    const manager = staff('OUTLET_MANAGER');
    expect((await service.request('DELETE', `/services/${created.id}`, { token: manager })).status).toBe(403);

    const deleted = await service.request('DELETE', `/services/${created.id}`, { token: admin });
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    const archived = await events.next(
      'catalog.service.archived.v1',
      ({ data }) => data.service_id === created.id,
    );
    expect(serviceArchivedV1.parse(archived.data)).toEqual({
      service_id: created.id,
      tenant_id: tenantId,
      archived_at: expect.any(String),
      version: 2,
    });
    expect(serviceUpsertedV1.parse((await upserted(created.id, 2)).data)).toMatchObject({
      status: 'archived',
      is_active: false,
    });

    const read = await service.request('GET', `/services/${created.id}`, { token: staff('STAFF') });
    expect(read.body).toMatchObject({ status: 'archived', is_active: false });
    expect((await service.request('GET', `/services/${created.id}`, { token: customer })).status).toBe(404);
    const list = await service.request('GET', '/services?status=archived', { token: admin });
    expect(list.body.items.map((item: { id: string }) => item.id)).toEqual([created.id]);

    // Deleting again is a no-op.
    expect((await service.request('DELETE', `/services/${created.id}`, { token: admin })).status).toBe(204);
    expect((await service.request('DELETE', `/services/${newId()}`, { token: admin })).status).toBe(404);
  });

  it('shows customers only active services (404 otherwise); staff see all', async () => {
    const { admin, customer, staff } = newTenant(service);
    const active = await createdService(service, admin, { name: 'A active' });
    const inactive = await createdService(service, admin, { name: 'B inactive', status: 'inactive' });
    const hidden = await createdService(service, admin, { name: 'C hidden', is_active: false });

    for (const id of [inactive.id, hidden.id]) {
      expect((await service.request('GET', `/services/${id}`, { token: customer })).status).toBe(404);
      expect((await service.request('GET', `/services/${id}/price`, { token: customer })).status).toBe(404);
      expect((await service.request('GET', `/services/${id}`, { token: staff('RECEPTIONIST') })).status).toBe(
        200,
      );
    }
    expect((await service.request('GET', `/services/${active.id}`, { token: customer })).status).toBe(200);

    const names = async (token: string, query = '') =>
      (await service.request('GET', `/services${query}`, { token })).body.items.map(
        (item: { name: string }) => item.name,
      );
    expect(await names(customer)).toEqual(['A active']);
    expect(await names(customer, '?status=inactive')).toEqual(['A active']);
    expect(await names(customer, '?status=bogus')).toEqual(['A active']);
    expect(await names(staff('STAFF'))).toEqual(['A active', 'B inactive', 'C hidden']);
    expect(await names(admin, '?status=inactive')).toEqual(['B inactive']);
    expect((await service.request('GET', '/services?status=bogus', { token: admin })).status).toBe(422);
  });

  it('lists with paging, category, search, outlet, price and duration filters, sorted by name', async () => {
    const { admin } = newTenant(service);
    const outlet = newId();
    const make = (name: string, overrides: Record<string, unknown> = {}) =>
      createdService(service, admin, { name, ...overrides });
    await make('balayage', {
      category: 'hair_color',
      duration_minutes: 180,
      pricing: { base_price: '900000' },
    });
    await make('Beard Trim', {
      duration_minutes: 15,
      tags: ['Men', 'grooming'],
      pricing: { base_price: '50000' },
    });
    await make('Classic Manicure', {
      category: 'manicure',
      description: 'Shape, CUTICLE care and polish',
      pricing: { base_price: '120000' },
    });
    await make('Gel 100% Shine', { category: 'nail_art', pricing: { base_price: '200000' } });
    await make('Aroma Massage', {
      category: 'massage',
      duration_minutes: 60,
      pricing: { base_price: '300000' },
    });
    await make('Zen Massage', {
      category: 'massage',
      duration_minutes: 90,
      pricing: { base_price: '350000' },
    });

    const list = async (query: string) => {
      const response = await service.request('GET', `/services${query}`, { token: admin });
      expect(response.status).toBe(200);
      return response.body;
    };
    const names = async (query: string) =>
      (await list(query)).items.map((item: { name: string }) => item.name);

    expect(await names('')).toEqual([
      'Aroma Massage',
      'balayage',
      'Beard Trim',
      'Classic Manicure',
      'Gel 100% Shine',
      'Zen Massage',
    ]);
    expect(await list('?page=2&size=4')).toMatchObject({ total: 6, page: 2, size: 4, pages: 2 });
    expect(await names('?page=2&size=4')).toEqual(['Gel 100% Shine', 'Zen Massage']);
    expect(await list('?page=3&size=4')).toMatchObject({ items: [], total: 6, pages: 2 });
    expect(await names('?category=massage')).toEqual(['Aroma Massage', 'Zen Massage']);
    expect(await names('?search=MASSAGE')).toEqual(['Aroma Massage', 'Zen Massage']);
    expect(await names('?search=cuticle')).toEqual(['Classic Manicure']);
    expect(await names('?search=groom')).toEqual(['Beard Trim']);
    expect(await names('?search=100%25')).toEqual(['Gel 100% Shine']);
    expect(await names('?search=_')).toEqual([]);
    expect(await names('?min_price=120000&max_price=300000')).toEqual([
      'Aroma Massage',
      'Classic Manicure',
      'Gel 100% Shine',
    ]);
    expect(await names('?min_duration=60&max_duration=90')).toEqual(['Aroma Massage', 'Zen Massage']);
    expect(await names('?category=massage&search=zen&max_price=400000.5')).toEqual(['Zen Massage']);
    // Every service is available at any outlet; the outlet only picks the price (pricing.api.test).
    expect(await names(`?outlet_id=${outlet}`)).toHaveLength(6);

    for (const query of [
      '?size=101',
      '?page=0',
      '?min_duration=4',
      '?max_duration=481',
      '?min_price=-1',
      '?outlet_id=xyz',
      '?size=abc',
    ]) {
      const response = await service.request('GET', `/services${query}`, { token: admin });
      expect(response.status).toBe(422);
      expect(response.body.detail[0].loc[0]).toBe('query');
    }
  });

  it("answers 404 for another tenant's service and for unknown ids, 422 for malformed ones", async () => {
    const mine = newTenant(service);
    const other = newTenant(service);
    const theirs = await createdService(service, other.admin);
    for (const [method, path, body] of [
      ['GET', `/services/${theirs.id}`, undefined],
      ['GET', `/services/${theirs.id}/price`, undefined],
      ['PUT', `/services/${theirs.id}`, { name: 'Mine now' }],
      ['DELETE', `/services/${theirs.id}`, undefined],
      ['POST', `/services/${theirs.id}/pricing`, { outlet_prices: {} }],
    ] as const) {
      expect((await service.request(method, path, { token: mine.admin, body })).status).toBe(404);
    }
    expect((await service.request('GET', `/services/${theirs.id}`, { token: mine.customer })).status).toBe(
      404,
    );
    expect((await service.request('GET', '/services', { token: mine.admin })).body.total).toBe(0);
    const malformed = await service.request('GET', '/services/not-an-id', { token: mine.admin });
    expect(malformed.status).toBe(422);
    expect(malformed.body.detail[0].loc).toEqual(['path', 'service_id']);
    expect((await service.request('GET', `/services/${theirs.id}`, { token: other.admin })).body.name).toBe(
      theirs.name,
    );
  });

  it("refuses a suspended tenant's staff (403) while its customers still browse", async () => {
    const { admin, customer, tenantId } = newTenant(service);
    const created = await createdService(service, admin);
    await setTenantPlan(service, tenantId, 'FREE', { status: 'suspended' });
    const refused = await service.request('POST', '/services', { token: admin, body: serviceBody() });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe('Subscription suspended');
    expect((await service.request('GET', `/services/${created.id}`, { token: customer })).status).toBe(200);
  });

  it('refuses missing tokens (401), customers on writes and the wrong roles (403)', async () => {
    const { admin, staff, customer, superAdmin } = newTenant(service);
    const created = await createdService(service, admin);
    expect((await service.request('GET', '/services')).status).toBe(401);
    expect((await service.request('GET', `/services/${created.id}`, { token: 'not-a-jwt' })).status).toBe(
      401,
    );
    const refresh = service.signer.signRefresh({ sub: newId() });
    expect((await service.request('GET', '/services', { token: refresh })).status).toBe(401);

    expect(
      (await service.request('POST', '/services', { token: customer, body: serviceBody() })).status,
    ).toBe(403);
    expect(
      (await service.request('PUT', `/services/${created.id}`, { token: customer, body: {} })).status,
    ).toBe(403);
    expect((await service.request('DELETE', `/services/${created.id}`, { token: customer })).status).toBe(
      403,
    );
    for (const role of ['STAFF', 'RECEPTIONIST'] as const) {
      expect(
        (await service.request('POST', '/services', { token: staff(role), body: serviceBody() })).status,
      ).toBe(403);
      expect(
        (await service.request('PUT', `/services/${created.id}`, { token: staff(role), body: {} })).status,
      ).toBe(403);
    }
    // SUPER_ADMIN has no tenant context here.
    expect((await service.request('GET', '/services', { token: superAdmin })).status).toBe(403);

    const manager = staff('OUTLET_MANAGER', [newId()]);
    expect((await service.request('POST', '/services', { token: manager, body: serviceBody() })).status).toBe(
      201,
    );
    expect(
      (
        await service.request('PUT', `/services/${created.id}`, {
          token: manager,
          body: { name: 'By manager' },
        })
      ).status,
    ).toBe(200);
  });
});
