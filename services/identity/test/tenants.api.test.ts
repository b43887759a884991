import { PLAN_CATALOGUE, tenantUpdatedV1 } from '@salon/contracts';
import { newId } from '@salon/service-kit';
import {
  captureEvents,
  publishEvent,
  setTenantPlan,
  waitFor,
  type EventCapture,
  type TestService,
} from '@salon/testing';
import { registeredTenant, startWithSuperAdmin } from './helpers';

const SUPER_ADMIN = { email: 'root@platform.example', password: 'Root-Password-123' };

describe('tenants', () => {
  let service: TestService;
  let events: EventCapture;
  let superToken: string;

  beforeAll(async () => {
    ({ service, superToken } = await startWithSuperAdmin(SUPER_ADMIN));
    events = await captureEvents(service.testBus.bus, ['identity.tenant.updated.v1']);
  });
  afterAll(() => service.stop());

  it('bootstraps the platform administrator, bound to no tenant', async () => {
    const login = await service.request('POST', '/auth/login', { body: SUPER_ADMIN });
    expect(login.status).toBe(200);
    expect(login.body.user.role).toBe('SUPER_ADMIN');
    expect(login.body.tenant).toBeNull();
  });

  it('lets SUPER_ADMIN create a tenant with its admin (POST /tenants)', async () => {
    const response = await service.request('POST', '/tenants', {
      token: superToken,
      body: {
        name: 'Zen Spa Bali',
        email: 'hello@zenspa.example',
        phone: '+6281100000001',
        website: 'http://zenspa.example',
        admin_email: 'owner@zenspa.example',
        admin_password: 'Owner1234',
        admin_first_name: 'Made',
        admin_last_name: 'Wira',
        settings: { timezone: 'Asia/Makassar', cancellation_hours: 12 },
      },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'Zen Spa Bali',
      slug: 'zen-spa-bali',
      email: 'hello@zenspa.example',
      phone: '+6281100000001',
      is_active: true,
      subscription_id: expect.stringMatching(/^[0-9a-f]{24}$/),
      client_partner_id: expect.any(String),
      client_partner_number: expect.any(String),
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const full = await service.request('GET', `/tenants/${response.body.id}`, { token: superToken });
    expect(full.body.website).toBe('http://zenspa.example');
    expect(full.body.settings).toMatchObject({
      timezone: 'Asia/Makassar',
      cancellation_hours: 12,
      currency: 'IDR',
    });

    const login = await service.request('POST', '/auth/login', {
      body: { email: 'owner@zenspa.example', password: 'Owner1234' },
    });
    expect(login.body.tenant.id).toBe(response.body.id);
  });

  it('refuses POST /tenants to other roles and token kinds', async () => {
    const { token } = await registeredTenant(service);
    const customer = service.signer.signCustomerAccess({
      sub: newId(),
      tenant_id: newId(),
      session_id: newId(),
    });
    expect((await service.request('POST', '/tenants', { token, body: {} })).status).toBe(403);
    expect((await service.request('POST', '/tenants', { token: customer, body: {} })).status).toBe(403);
    expect((await service.request('POST', '/tenants', { body: {} })).status).toBe(401);
    expect((await service.request('POST', '/tenants', { token: superToken, body: {} })).status).toBe(422);
  });

  it('lists tenants newest first with skip, limit and status', async () => {
    const older = await registeredTenant(service);
    const newer = await registeredTenant(service);
    const list = await service.request('GET', '/tenants?limit=2', { token: superToken });
    expect(list.status).toBe(200);
    expect(list.body.map((tenant: { id: string }) => tenant.id)).toEqual([newer.tenantId, older.tenantId]);
    expect(list.body[0]).toEqual({
      id: newer.tenantId,
      name: newer.body.business_name,
      slug: newer.slug,
      email: newer.body.business_email,
      is_active: true,
      subscription: { plan: 'FREE', status: 'active' },
      created_at: expect.any(String),
    });
    const skipped = await service.request('GET', '/tenants?skip=1&limit=1', { token: superToken });
    expect(skipped.body[0].id).toBe(older.tenantId);
    const inactive = await service.request('GET', '/tenants?status=inactive', { token: superToken });
    expect(inactive.body).toEqual([]);
    expect((await service.request('GET', '/tenants?limit=501', { token: superToken })).status).toBe(422);
    expect((await service.request('GET', '/tenants', { token: newer.token })).status).toBe(403);
  });

  it('shows a tenant to its own staff only (another tenant is a 404)', async () => {
    const mine = await registeredTenant(service);
    const other = await registeredTenant(service);
    expect((await service.request('GET', `/tenants/${mine.tenantId}`, { token: mine.token })).status).toBe(
      200,
    );
    expect((await service.request('GET', `/tenants/${other.tenantId}`, { token: mine.token })).status).toBe(
      404,
    );
    expect((await service.request('GET', `/tenants/${other.tenantId}`, { token: superToken })).status).toBe(
      200,
    );
    const receptionist = service.signer.signStaffAccess({
      sub: newId(),
      role: 'RECEPTIONIST',
      tenant_id: mine.tenantId,
      outlet_ids: [],
    });
    expect((await service.request('GET', `/tenants/${mine.tenantId}`, { token: receptionist })).status).toBe(
      403,
    );
    const malformed = await service.request('GET', '/tenants/not-an-id', { token: mine.token });
    expect(malformed.status).toBe(422);
    expect(malformed.body.detail[0].loc).toEqual(['path', 'tenant_id']);
  });

  it('updates a tenant partially, merges settings and publishes the change', async () => {
    const { tenantId, token, slug } = await registeredTenant(service);
    const response = await service.request('PUT', `/tenants/${tenantId}`, {
      token,
      body: { description: 'Now with massages', website: 'new.example', settings: { wallet_enabled: true } },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      slug,
      description: 'Now with massages',
      website: 'https://new.example',
      settings: { wallet_enabled: true, currency: 'IDR', timezone: 'Asia/Jakarta' },
    });
    const event = await events.next(
      'identity.tenant.updated.v1',
      (candidate) => candidate.tenant_id === tenantId,
    );
    expect(tenantUpdatedV1.parse(event.data)).toMatchObject({ tenant_id: tenantId, version: 2 });

    const slugChange = await service.request('PUT', `/tenants/${tenantId}`, {
      token,
      body: { slug: 'other' },
    });
    expect(slugChange.status).toBe(400);
    const other = await registeredTenant(service);
    const foreign = await service.request('PUT', `/tenants/${other.tenantId}`, {
      token,
      body: { description: 'x' },
    });
    expect(foreign.status).toBe(404);
    const duplicate = await service.request('PUT', `/tenants/${tenantId}`, {
      token,
      body: { name: other.body.business_name.toLowerCase() },
    });
    expect(duplicate.status).toBe(409);
    const bad = await service.request('PUT', `/tenants/${tenantId}`, {
      token,
      body: { settings: { timezone: 'Mars/Olympus' } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['body', 'settings', 'timezone']);
  });

  it('keeps the plan shown on the tenant from the billing replica', async () => {
    const { tenantId, token } = await registeredTenant(service);
    await setTenantPlan(service, tenantId, 'PRO');
    const tenant = await service.request('GET', `/tenants/${tenantId}`, { token });
    expect(tenant.body.subscription).toMatchObject({ plan: 'PRO', status: 'active' });
  });

  it("shows the subscription's period and trial dates from billing's snapshot, newest version winning", async () => {
    const { tenantId, token } = await registeredTenant(service);
    const snapshot = (version: number, start: string, end: string) => ({
      tenant_id: tenantId,
      subscription_id: newId(),
      plan: 'PRO' as const,
      status: 'active' as const,
      billing_period: 'monthly' as const,
      current_period_start: start,
      current_period_end: end,
      trial_ends_at: '2026-03-15T00:00:00.000Z',
      limits: PLAN_CATALOGUE.PRO.limits,
      appointment_fee_percent: PLAN_CATALOGUE.PRO.appointment_fee_percent,
      version,
    });
    await publishEvent(
      service,
      'billing.subscription.changed.v1',
      snapshot(2, '2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'),
      tenantId,
    );
    const shown = async () =>
      (await service.request('GET', `/tenants/${tenantId}`, { token })).body.subscription;
    await waitFor(async () => (await shown()).plan === 'PRO');
    expect(await shown()).toEqual({
      plan: 'PRO',
      status: 'active',
      trial_ends_at: '2026-03-15T00:00:00.000Z',
      current_period_start: '2026-03-01T00:00:00.000Z',
      current_period_end: '2026-04-01T00:00:00.000Z',
    });
    // An older snapshot arriving late changes nothing.
    await publishEvent(
      service,
      'billing.subscription.changed.v1',
      snapshot(1, '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'),
      tenantId,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await shown()).current_period_end).toBe('2026-04-01T00:00:00.000Z');
  });
});
