import { publicBusiness } from '@salon/contracts';
import { setTenantPlan, type TestService } from '@salon/testing';
import { registeredTenant, startWithSuperAdmin } from './helpers';

const SUPER_ADMIN = { email: 'root@public.example', password: 'Root-Password-123' };
const HOURS = { monday: { open: '09:00', close: '18:00' }, sunday: null };

describe('GET /public/tenants/{slug}: the business and its active outlets, without a token', () => {
  let service: TestService;
  let superToken: string;

  beforeAll(async () => {
    ({ service, superToken } = await startWithSuperAdmin(SUPER_ADMIN));
  });
  afterAll(() => service.stop());

  it('shows the business and its active outlets only, with nothing internal', async () => {
    const tenant = await registeredTenant(service, { description: 'Hair and nails in Kemang' });
    await setTenantPlan(service, tenant.tenantId, 'PRO', { limits: { max_outlets: 3 } });
    const kemang = await service.request('POST', '/outlets', {
      token: tenant.token,
      body: { name: 'Kemang', address: 'Jl. Kemang 1', phone: '+622100000001', business_hours: HOURS },
    });
    const closed = await service.request('POST', '/outlets', {
      token: tenant.token,
      body: { name: 'Closed' },
    });
    expect(
      (await service.request('DELETE', `/outlets/${closed.body.id}`, { token: tenant.token })).status,
    ).toBe(204);

    const answer = await service.request('GET', `/public/tenants/${tenant.slug}`);
    expect(answer.status).toBe(200);
    publicBusiness.parse(answer.body); // strict: no status, id of the tenant, e-mail or counts
    expect(answer.body).toMatchObject({
      slug: tenant.slug,
      name: tenant.body.business_name,
      description: 'Hair and nails in Kemang',
      currency: 'IDR',
      language: expect.any(String),
      timezone: 'Asia/Jakarta',
    });
    expect(answer.body.outlets.map((outlet: { name: string }) => outlet.name)).toEqual([
      tenant.body.business_name,
      'Kemang',
    ]);
    expect(answer.body.outlets[1]).toEqual({
      id: kemang.body.id,
      name: 'Kemang',
      slug: 'kemang',
      address: 'Jl. Kemang 1',
      phone: '+622100000001',
      timezone: 'Asia/Jakarta',
      business_hours: HOURS,
    });
    const text = JSON.stringify(answer.body);
    for (const leak of [closed.body.id, tenant.tenantId, tenant.body.business_email, 'is_active', 'status'])
      expect(text).not.toContain(leak);
  });

  it('answers 304 to a matching If-None-Match and changes its ETag when the business changes', async () => {
    const tenant = await registeredTenant(service);
    const first = await service.request('GET', `/public/tenants/${tenant.slug}`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60');

    const again = await service.request('GET', `/public/tenants/${tenant.slug}`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();
    expect(again.headers.get('etag')).toBe(etag);

    const changed = await service.request('PUT', `/tenants/${tenant.tenantId}`, {
      token: tenant.token,
      body: { description: 'Now with nails' },
    });
    expect(changed.status).toBe(200);
    const after = await service.request('GET', `/public/tenants/${tenant.slug}`, {
      headers: { 'if-none-match': etag },
    });
    expect(after.status).toBe(200);
    expect(after.body.description).toBe('Now with nails');
    expect(after.headers.get('etag')).not.toBe(etag);
  });

  it('is a 404 for an unknown slug and for a deactivated business', async () => {
    expect((await service.request('GET', '/public/tenants/no-such-salon')).status).toBe(404);
    expect((await service.request('GET', '/public/tenants/Not_A_Slug!')).status).toBe(404);

    const tenant = await registeredTenant(service);
    expect((await service.request('GET', `/public/tenants/${tenant.slug}`)).status).toBe(200);
    const deactivated = await service.request('DELETE', `/tenants/${tenant.tenantId}`, { token: superToken });
    expect(deactivated.status).toBeLessThan(300);
    const gone = await service.request('GET', `/public/tenants/${tenant.slug}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ detail: 'Tenant not found' });
  });
});
