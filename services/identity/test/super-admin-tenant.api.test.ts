import { newId } from '@salon/service-kit';
import { waitFor, type TestService } from '@salon/testing';
import { claimsOf, registeredCustomer, registeredTenant, startWithSuperAdmin } from './helpers';

const SUPER_ADMIN = { email: 'root@scoped.example', password: 'Root-Password-123' };

describe('a SUPER_ADMIN acting inside a tenant (POST /auth/complete-login with a tenant_id)', () => {
  let service: TestService;
  let superToken: string;

  beforeAll(async () => {
    ({ service, superToken } = await startWithSuperAdmin(SUPER_ADMIN));
  });
  afterAll(() => service.stop());

  const enter = (token: string | undefined, tenantId: string) =>
    service.request('POST', '/auth/complete-login', { token, body: { tenant_id: tenantId } });

  it('gives a 30-minute SUPER_ADMIN token scoped to the tenant, audited with the administrator id', async () => {
    const tenant = await registeredTenant(service);
    const adminId = claimsOf(superToken).sub as string;
    expect(claimsOf(superToken).tenant_id).toBeNull();

    const response = await enter(superToken, tenant.tenantId);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      token_type: 'bearer',
      expires_in: 1800,
      user: {
        id: adminId,
        email: SUPER_ADMIN.email,
        first_name: expect.any(String),
        last_name: expect.any(String),
        role: 'SUPER_ADMIN',
      },
      tenant: { id: tenant.tenantId, name: tenant.body.business_name, slug: tenant.slug },
    });
    const claims = claimsOf(response.body.access_token);
    expect(claims).toMatchObject({
      sub: adminId,
      typ: 'staff',
      role: 'SUPER_ADMIN',
      tenant_id: tenant.tenantId,
    });
    expect(claims.exp - claims.iat).toBe(1800);

    const scoped = response.body.access_token as string;
    // Identity's tenant-scoped routes take the token's tenant, without ?tenant_id=.
    const users = await service.request('GET', '/users', { token: scoped });
    expect(users.status).toBe(200);
    expect(users.body.items.map((user: { id: string }) => user.id)).toEqual([tenant.userId]);
    expect((await service.request('GET', '/outlets', { token: scoped })).status).toBe(200);
    expect((await service.request('GET', '/customers', { token: scoped })).status).toBe(200);

    // The tenant's own admin sees in its audit log who entered, and when.
    const audit = await service.request('GET', '/audit-logs?action=SUPER_ADMIN_TENANT_ENTERED', {
      token: tenant.token,
    });
    expect(audit.status).toBe(200);
    expect(audit.body.items).toEqual([
      expect.objectContaining({
        tenant_id: tenant.tenantId,
        actor_type: 'staff',
        actor_id: adminId,
        action: 'SUPER_ADMIN_TENANT_ENTERED',
        entity_type: 'tenant',
        entity_id: tenant.tenantId,
        details: expect.objectContaining({ acting_admin_id: adminId }),
      }),
    ]);

    // Refreshing keeps the tenant.
    const refreshed = await service.request('POST', '/auth/refresh', {
      body: { refresh_token: response.body.refresh_token },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.tenant.id).toBe(tenant.tenantId);
    expect(claimsOf(refreshed.body.access_token)).toMatchObject({
      role: 'SUPER_ADMIN',
      tenant_id: tenant.tenantId,
    });

    // A scoped administrator may move on to another tenant.
    const other = await registeredTenant(service);
    const moved = await enter(scoped, other.tenantId);
    expect(moved.status).toBe(200);
    expect(claimsOf(moved.body.access_token).tenant_id).toBe(other.tenantId);
  });

  it("audits each of identity's writes made with the scoped token, with the administrator id", async () => {
    const tenant = await registeredTenant(service);
    const adminId = claimsOf(superToken).sub as string;
    const scoped = (await enter(superToken, tenant.tenantId)).body.access_token as string;

    expect((await service.request('GET', '/users', { token: scoped })).status).toBe(200);
    const created = await service.request('POST', '/users', {
      token: scoped,
      body: {
        email: `reception-${tenant.tenantId}@scoped.example`,
        password: 'Reception123',
        first_name: 'Sari',
        last_name: 'Wulan',
        role: 'RECEPTIONIST',
      },
    });
    expect(created.status).toBe(201);
    // Created in the scoped tenant: its own admin reads it.
    expect((await service.request('GET', `/users/${created.body.id}`, { token: tenant.token })).status).toBe(
      200,
    );
    // A refused write is no act.
    expect((await service.request('POST', '/users', { token: scoped, body: {} })).status).toBe(422);

    const acts = await waitFor(async () => {
      const audit = await service.request('GET', '/audit-logs?action=SUPER_ADMIN_ACTED', {
        token: tenant.token,
      });
      return audit.body.total > 0 ? audit.body.items : undefined;
    });
    expect(acts).toEqual([
      expect.objectContaining({
        tenant_id: tenant.tenantId,
        actor_type: 'staff',
        actor_id: adminId,
        action: 'SUPER_ADMIN_ACTED',
        details: expect.objectContaining({
          acting_admin_id: adminId,
          method: 'POST',
          route: '/users',
          status: 201,
        }),
      }),
    ]);
  });

  it('refuses an unknown tenant with 404', async () => {
    const response = await enter(superToken, newId());
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: 'Tenant not found' });
  });

  it('lets nobody else pick any tenant: no token 401, staff and customers 403', async () => {
    const tenant = await registeredTenant(service);
    const other = await registeredTenant(service);
    const customer = await registeredCustomer(service, tenant.slug);

    expect((await enter(undefined, other.tenantId)).status).toBe(401);
    for (const tenantId of [other.tenantId, tenant.tenantId]) {
      const staff = await enter(tenant.token, tenantId);
      expect(staff.status).toBe(403);
      expect(staff.body.detail).toMatch(/SUPER_ADMIN/);
    }
    expect((await enter(customer.token, other.tenantId)).status).toBe(403);

    // With a login token, the bearer plays no part: a bad login token is 401 (the membership rule: see auth tests).
    const withLoginToken = await service.request('POST', '/auth/complete-login', {
      token: tenant.token,
      body: { login_token: 'not-a-login-token', tenant_id: other.tenantId },
    });
    expect(withLoginToken.status).toBe(401);
  });
});
