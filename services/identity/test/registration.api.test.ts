import { tenantRegisteredV1, outletUpsertedV1 } from '@salon/contracts';
import { captureEvents, startTestService, type EventCapture, type TestService } from '@salon/testing';
import { identityService } from '../src/definition';
import { registration } from './helpers';

describe('POST /public/register', () => {
  let service: TestService;
  let events: EventCapture;

  beforeAll(async () => {
    service = await startTestService(identityService);
    events = await captureEvents(service.testBus.bus, [
      'identity.tenant.registered.v1',
      'identity.outlet.upserted.v1',
    ]);
  });
  afterAll(() => service.stop());

  it('creates an active tenant, its admin and first outlet, and publishes the registration', async () => {
    const body = registration({ business_name: 'Salon Cantik & Spa' });
    const response = await service.request('POST', '/public/register', { body });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      registration_id: expect.stringMatching(/^[0-9a-f]{24}$/),
      tenant_id: expect.stringMatching(/^[0-9a-f]{24}$/),
      slug: 'salon-cantik-spa',
      client_partner_id: expect.any(String),
      client_partner_number: expect.stringMatching(/^CP-\d{10}$/),
      status: 'active',
      message: expect.any(String),
      next_steps: expect.arrayContaining([expect.any(String)]),
    });
    const tenantId = response.body.tenant_id;

    const registered = await events.next(
      'identity.tenant.registered.v1',
      (event) => event.tenant_id === tenantId,
    );
    const data = tenantRegisteredV1.parse(registered.data);
    expect(data).toMatchObject({
      tenant_id: tenantId,
      name: 'Salon Cantik & Spa',
      slug: 'salon-cantik-spa',
      email: body.business_email,
      is_active: true,
      client_partner_id: response.body.client_partner_id,
      admin_email: body.admin_email,
    });
    expect(data.subscription_id).toMatch(/^[0-9a-f]{24}$/);
    expect(data.settings.business_type).toBe('salon');
    expect(registered.producer).toBe('identity');

    const outlet = await events.next('identity.outlet.upserted.v1', (event) => event.tenant_id === tenantId);
    expect(outletUpsertedV1.parse(outlet.data)).toMatchObject({ tenant_id: tenantId, is_active: true });

    // Rule 4: the admin can sign in at once.
    const login = await service.request('POST', '/auth/login', {
      body: { email: body.admin_email.toUpperCase(), password: body.admin_password },
    });
    expect(login.status).toBe(200);
    expect(login.body.user.role).toBe('TENANT_ADMIN');
    expect(login.body.tenant).toEqual({ id: tenantId, name: 'Salon Cantik & Spa', slug: 'salon-cantik-spa' });

    const tenant = await service.request('GET', `/tenants/${tenantId}`, { token: login.body.access_token });
    expect(tenant.status).toBe(200);
    expect(tenant.body.website).toBe('https://glow.example');
    expect(tenant.body.subscription).toMatchObject({ plan: 'FREE', status: 'active' });
    expect(JSON.stringify(tenant.body)).not.toContain('password');
  });

  it.each([
    ['short', 'Ab1'],
    ['no uppercase', 'secret123'],
    ['no lowercase', 'SECRET123'],
    ['no digit', 'SecretSecret'],
  ])('refuses a password with %s (422)', async (_case, password) => {
    const response = await service.request('POST', '/public/register', {
      body: registration({ admin_password: password }),
    });
    expect(response.status).toBe(422);
    expect(response.body.detail[0].loc).toEqual(['body', 'admin_password']);
  });

  it.each(['terms_accepted', 'privacy_accepted'])('requires %s to be true', async (field) => {
    const response = await service.request('POST', '/public/register', {
      body: registration({ [field]: false }),
    });
    expect(response.status).toBe(422);
    expect(response.body.detail).toEqual([expect.objectContaining({ loc: ['body', field] })]);
  });

  it('validates e-mails and phones (422 list shape)', async () => {
    const response = await service.request('POST', '/public/register', {
      body: registration({ business_email: 'not-an-email', business_phone: '0812' }),
    });
    expect(response.status).toBe(422);
    expect(response.body.detail.map((issue: { loc: string[] }) => issue.loc)).toEqual(
      expect.arrayContaining([
        ['body', 'business_email'],
        ['body', 'business_phone'],
      ]),
    );
  });

  it('rejects duplicates with 409 naming the field', async () => {
    const first = registration();
    expect((await service.request('POST', '/public/register', { body: first })).status).toBe(201);

    const cases: [Record<string, unknown>, string][] = [
      [{ business_name: first.business_name.toUpperCase() }, 'business_name'],
      [{ business_email: first.business_email }, 'business_email'],
      [{ business_phone: first.business_phone }, 'business_phone'],
      [{ admin_email: first.admin_email.toUpperCase() }, 'admin_email'],
    ];
    for (const [override, field] of cases) {
      const response = await service.request('POST', '/public/register', { body: registration(override) });
      expect(response.status).toBe(409);
      expect(response.body.detail).toContain(field);
    }
  });

  it('suffixes a taken slug and honours a preferred slug', async () => {
    const base = `Nail Bar ${Date.now().toString(36)}`;
    const first = await service.request('POST', '/public/register', {
      body: registration({ business_name: base }),
    });
    const second = await service.request('POST', '/public/register', {
      body: registration({ business_name: `${base}!` }),
    });
    expect(second.status).toBe(201);
    expect(second.body.slug).toBe(`${first.body.slug}-2`);

    const preferred = await service.request('POST', '/public/register', {
      body: registration({ preferred_slug: first.body.slug }),
    });
    expect(preferred.body.slug).toBe(`${first.body.slug}-3`);
  });
});
