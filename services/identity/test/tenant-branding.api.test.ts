import { identityApi, publicBusiness } from '@salon/contracts';
import type { TestService } from '@salon/testing';
import { registeredCustomer, registeredTenant, startWithSuperAdmin } from './helpers';

const SUPER_ADMIN = { email: 'root@branding.example', password: 'Root-Password-123' };
const LOGO = 'https://cdn.glow.example/logo.png';

/**
 * A tenant's branding (spec 02, customer login: tenant {…, logo_url, theme_color}): set with POST /tenants or
 * PUT /tenants/{id}, shown on the tenant, at customer login and in the public business answer; an https logo
 * address and a #RRGGBB colour, anything else a 422 in the validation error shape; null removes either.
 */
describe('tenant branding: logo_url and theme_color', () => {
  let service: TestService;
  let superToken: string;

  beforeAll(async () => {
    ({ service, superToken } = await startWithSuperAdmin(SUPER_ADMIN));
  });
  afterAll(() => service.stop());

  it('is null until set, then shown on the tenant, at customer login and to the public; null removes it', async () => {
    const tenant = await registeredTenant(service);
    const before = await service.request('GET', `/public/tenants/${tenant.slug}`);
    expect(before.body).toMatchObject({ logo_url: null, theme_color: null });

    const changed = await service.request('PUT', `/tenants/${tenant.tenantId}`, {
      token: tenant.token,
      body: { logo_url: LOGO, theme_color: '#1A2b3C' },
    });
    expect(changed.status).toBe(200);
    identityApi.tenant.parse(changed.body);
    expect(changed.body).toMatchObject({ logo_url: LOGO, theme_color: '#1A2b3C' });
    const read = await service.request('GET', `/tenants/${tenant.tenantId}`, { token: tenant.token });
    expect(read.body).toMatchObject({ logo_url: LOGO, theme_color: '#1A2b3C' });

    const pub = await service.request('GET', `/public/tenants/${tenant.slug}`);
    expect(pub.status).toBe(200);
    publicBusiness.parse(pub.body);
    expect(pub.body).toMatchObject({ logo_url: LOGO, theme_color: '#1A2b3C' });
    expect(pub.headers.get('etag')).not.toBe(before.headers.get('etag'));

    const customer = await registeredCustomer(service, tenant.slug);
    identityApi.customerLogin.parse(customer.login);
    expect(customer.login.tenant).toMatchObject({ logo_url: LOGO, theme_color: '#1A2b3C' });

    // A partial update leaves the branding alone; null removes one field.
    await service.request('PUT', `/tenants/${tenant.tenantId}`, {
      token: tenant.token,
      body: { description: 'Still glowing' },
    });
    const cleared = await service.request('PUT', `/tenants/${tenant.tenantId}`, {
      token: tenant.token,
      body: { logo_url: null },
    });
    expect(cleared.body).toMatchObject({ logo_url: null, theme_color: '#1A2b3C' });
    expect((await service.request('GET', `/public/tenants/${tenant.slug}`)).body).toMatchObject({
      logo_url: null,
      theme_color: '#1A2b3C',
    });
  });

  it('is taken on POST /tenants', async () => {
    const created = await service.request('POST', '/tenants', {
      token: superToken,
      body: {
        name: 'Branded Spa',
        email: 'hello@branded.example',
        phone: '+6281100000099',
        logo_url: LOGO,
        theme_color: '#ff8800',
        admin_email: 'owner@branded.example',
        admin_password: 'Owner1234',
        admin_first_name: 'Made',
        admin_last_name: 'Wira',
      },
    });
    expect(created.status).toBe(201);
    const read = await service.request('GET', `/tenants/${created.body.id}`, { token: superToken });
    expect(read.body).toMatchObject({ logo_url: LOGO, theme_color: '#ff8800' });
  });

  it.each([
    ['logo_url', 'http://cdn.glow.example/logo.png'],
    ['logo_url', 'javascript:alert(1)'],
    ['logo_url', 'logo.png'],
    ['logo_url', 42],
    ['theme_color', '#fff'],
    ['theme_color', 'red'],
    ['theme_color', '#12345G'],
    ['theme_color', '1A2B3C'],
  ])('refuses %s %j with a 422 naming the field, changing nothing', async (field, value) => {
    const tenant = await registeredTenant(service);
    const refused = await service.request('PUT', `/tenants/${tenant.tenantId}`, {
      token: tenant.token,
      body: { [field]: value },
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      detail: [
        expect.objectContaining({ loc: ['body', field], msg: expect.any(String), type: expect.any(String) }),
      ],
    });
    const read = await service.request('GET', `/tenants/${tenant.tenantId}`, { token: tenant.token });
    expect(read.body).toMatchObject({ logo_url: null, theme_color: null });
  });
});
