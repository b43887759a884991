import { sql } from 'drizzle-orm';
import { newId } from '@salon/service-kit';
import { startTestService, type TestService } from '@salon/testing';
import { identityService } from '../src/definition';
import { claimsOf, registeredTenant } from './helpers';

describe('staff sign-in', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService(identityService);
  });
  afterAll(() => service.stop());

  it('signs a single-membership user in with a 30-minute staff token', async () => {
    const { body, tenantId, slug } = await registeredTenant(service);
    const response = await service.request('POST', '/auth/login', {
      body: { email: body.admin_email, password: body.admin_password },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      token_type: 'bearer',
      expires_in: 1800,
      user: {
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        email: body.admin_email,
        first_name: 'Ayu',
        last_name: 'Lestari',
        role: 'TENANT_ADMIN',
      },
      tenant: { id: tenantId, name: body.business_name, slug },
    });
    const claims = claimsOf(response.body.access_token);
    expect(claims).toMatchObject({
      sub: response.body.user.id,
      typ: 'staff',
      role: 'TENANT_ADMIN',
      tenant_id: tenantId,
      outlet_ids: [expect.stringMatching(/^[0-9a-f]{24}$/)],
    });
    expect(claims.exp - claims.iat).toBe(1800);
    expect(claimsOf(response.body.refresh_token).typ).toBe('refresh');
  });

  it('answers 401 without saying which part was wrong', async () => {
    const { body, tenantId } = await registeredTenant(service);
    const wrongPassword = await service.request('POST', '/auth/login', {
      body: { email: body.admin_email, password: 'Wrong1234' },
    });
    const unknownEmail = await service.request('POST', '/auth/login', {
      body: { email: 'nobody@nowhere.example', password: body.admin_password },
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual(unknownEmail.body);

    // An inactive tenant answers the same.
    await service.running.context.db.orm.execute(
      sql`UPDATE identity.tenants SET is_active = false WHERE id = ${tenantId}`,
    );
    const inactive = await service.request('POST', '/auth/login', {
      body: { email: body.admin_email, password: body.admin_password },
    });
    expect(inactive.status).toBe(401);
    expect(inactive.body).toEqual(wrongPassword.body);
  });

  it('refuses a bad body with 422', async () => {
    const response = await service.request('POST', '/auth/login', { body: { email: 'x' } });
    expect(response.status).toBe(422);
  });

  it('asks a user of several organisations to choose, then completes with a one-time login token', async () => {
    const first = await registeredTenant(service);
    const second = await registeredTenant(service);
    // The first tenant's admin also works at the second tenant.
    await service.running.context.db.orm.execute(
      sql`INSERT INTO identity.memberships (id, tenant_id, user_id, role)
          VALUES (${newId()}, ${second.tenantId}, ${first.userId}, 'RECEPTIONIST')`,
    );
    const login = await service.request('POST', '/auth/login', {
      body: { email: first.body.admin_email, password: first.body.admin_password },
    });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({
      requires_organization_selection: true,
      login_token: expect.any(String),
      organizations: [
        { tenant_id: first.tenantId, name: first.body.business_name, slug: first.slug, role: 'TENANT_ADMIN' },
        {
          tenant_id: second.tenantId,
          name: second.body.business_name,
          slug: second.slug,
          role: 'RECEPTIONIST',
        },
      ],
    });

    const outsider = await registeredTenant(service);
    const notMine = await service.request('POST', '/auth/complete-login', {
      body: { login_token: login.body.login_token, tenant_id: outsider.tenantId },
    });
    expect(notMine.status).toBe(401);

    const again = await service.request('POST', '/auth/login', {
      body: { email: first.body.admin_email, password: first.body.admin_password },
    });
    const completed = await service.request('POST', '/auth/complete-login', {
      body: { login_token: again.body.login_token, tenant_id: second.tenantId },
    });
    expect(completed.status).toBe(200);
    expect(completed.body.user.role).toBe('RECEPTIONIST');
    expect(completed.body.tenant.id).toBe(second.tenantId);
    expect(claimsOf(completed.body.access_token)).toMatchObject({
      tenant_id: second.tenantId,
      role: 'RECEPTIONIST',
    });

    const reused = await service.request('POST', '/auth/complete-login', {
      body: { login_token: again.body.login_token, tenant_id: second.tenantId },
    });
    expect(reused.status).toBe(401);
  });

  it('rotates refresh tokens and revokes the family when an old one is reused', async () => {
    const { refreshToken, tenantId } = await registeredTenant(service);
    const rotated = await service.request('POST', '/auth/refresh', { body: { refresh_token: refreshToken } });
    expect(rotated.status).toBe(200);
    expect(rotated.body.refresh_token).not.toBe(refreshToken);
    expect(rotated.body.expires_in).toBe(1800);
    expect(claimsOf(rotated.body.access_token).tenant_id).toBe(tenantId);

    const reuse = await service.request('POST', '/auth/refresh', { body: { refresh_token: refreshToken } });
    expect(reuse.status).toBe(401);
    // The whole family is gone, including the token issued by the rotation.
    const afterReuse = await service.request('POST', '/auth/refresh', {
      body: { refresh_token: rotated.body.refresh_token },
    });
    expect(afterReuse.status).toBe(401);
  });

  it('accepts no access token as a refresh token, and no refresh token as an access token', async () => {
    const { token, refreshToken, tenantId } = await registeredTenant(service);
    expect((await service.request('POST', '/auth/refresh', { body: { refresh_token: token } })).status).toBe(
      401,
    );
    expect((await service.request('GET', `/tenants/${tenantId}`, { token: refreshToken })).status).toBe(401);
  });
});
