import { outletUpsertedV1, tenantDeactivatedV1, tenantReactivatedV1, userUpsertedV1 } from '@salon/contracts';
import { newId } from '@salon/service-kit';
import { captureEvents, type EventCapture, type TestService } from '@salon/testing';
import { registeredTenant, startWithSuperAdmin } from './helpers';

const SUPER_ADMIN = { email: 'root@lifecycle.example', password: 'Root-Password-123' };

describe('tenant deactivation and reactivation', () => {
  let service: TestService;
  let events: EventCapture;
  let superToken: string;

  beforeAll(async () => {
    ({ service, superToken } = await startWithSuperAdmin(SUPER_ADMIN));
    events = await captureEvents(service.testBus.bus, [
      'identity.tenant.deactivated.v1',
      'identity.tenant.reactivated.v1',
      'identity.outlet.upserted.v1',
      'identity.user.upserted.v1',
    ]);
  });
  afterAll(() => service.stop());

  it('deactivates the tenant, its outlets and memberships, audits it and tells billing; reactivation reverses it', async () => {
    const tenant = await registeredTenant(service);
    const staff = await service.request('POST', '/users', {
      token: tenant.token,
      body: {
        email: `stylist-${tenant.tenantId}@glow.example`,
        password: 'Stylist123',
        first_name: 'Rina',
        last_name: 'Putri',
        role: 'STAFF',
      },
    });
    expect(staff.status).toBe(201);
    // A membership switched off before the tenant was deactivated stays off after reactivation.
    const former = await service.request('POST', '/users', {
      token: tenant.token,
      body: {
        email: `former-${tenant.tenantId}@glow.example`,
        password: 'Former123',
        first_name: 'Old',
        last_name: 'Hand',
        role: 'RECEPTIONIST',
      },
    });
    expect(
      (await service.request('DELETE', `/users/${former.body.id}`, { token: tenant.token })).status,
    ).toBe(204);

    const deleted = await service.request('DELETE', `/tenants/${tenant.tenantId}`, { token: superToken });
    expect(deleted.status).toBe(204);

    const read = await service.request('GET', `/tenants/${tenant.tenantId}`, { token: superToken });
    expect(read.body.is_active).toBe(false);
    const deactivated = await events.next(
      'identity.tenant.deactivated.v1',
      (e) => e.tenant_id === tenant.tenantId,
    );
    expect(tenantDeactivatedV1.parse(deactivated.data)).toEqual({
      tenant_id: tenant.tenantId,
      at: expect.any(String),
    });
    const outletEvent = await events.next(
      'identity.outlet.upserted.v1',
      (e) => e.tenant_id === tenant.tenantId && !e.data.is_active,
    );
    expect(outletUpsertedV1.parse(outletEvent.data)).toMatchObject({ is_active: false, version: 2 });
    const userEvent = await events.next(
      'identity.user.upserted.v1',
      (e) => e.data.user_id === staff.body.id && !e.data.is_active,
    );
    expect(userUpsertedV1.parse(userEvent.data)).toMatchObject({ role: 'STAFF', is_active: false });

    // Nobody of the tenant signs in any more (same 401 as wrong credentials); refresh is refused too.
    const login = await service.request('POST', '/auth/login', {
      body: { email: tenant.body.admin_email, password: tenant.body.admin_password },
    });
    expect(login.status).toBe(401);
    expect(
      (await service.request('POST', '/auth/refresh', { body: { refresh_token: tenant.refreshToken } }))
        .status,
    ).toBe(401);
    const inactiveList = await service.request('GET', '/tenants?status=inactive', { token: superToken });
    expect(inactiveList.body.map((row: { id: string }) => row.id)).toContain(tenant.tenantId);

    // Deleting twice is refused; reactivating restores what the deactivation switched off, nothing more.
    expect(
      (await service.request('DELETE', `/tenants/${tenant.tenantId}`, { token: superToken })).status,
    ).toBe(400);
    const reactivated = await service.request('POST', `/tenants/${tenant.tenantId}/reactivate`, {
      token: superToken,
    });
    expect(reactivated.status).toBe(200);
    expect(reactivated.body).toMatchObject({ id: tenant.tenantId, is_active: true });
    const event = await events.next('identity.tenant.reactivated.v1', (e) => e.tenant_id === tenant.tenantId);
    expect(tenantReactivatedV1.parse(event.data).tenant_id).toBe(tenant.tenantId);
    expect(
      (await service.request('POST', `/tenants/${tenant.tenantId}/reactivate`, { token: superToken })).status,
    ).toBe(400);

    const again = await service.request('POST', '/auth/login', {
      body: { email: tenant.body.admin_email, password: tenant.body.admin_password },
    });
    expect(again.status).toBe(200);
    const outlets = await service.request('GET', '/outlets', { token: again.body.access_token });
    expect(outlets.body.items.map((outlet: { is_active: boolean }) => outlet.is_active)).toEqual([true]);
    const users = await service.request('GET', '/users', { token: again.body.access_token });
    const active = Object.fromEntries(
      users.body.items.map((user: { id: string; is_active: boolean }) => [user.id, user.is_active]),
    );
    expect(active).toEqual({ [tenant.userId]: true, [staff.body.id]: true, [former.body.id]: false });

    // Both lifecycle changes are in the audit log, for the SUPER_ADMIN and for the tenant's admin.
    const audit = await service.request(
      'GET',
      `/audit-logs?tenant_id=${tenant.tenantId}&entity_type=tenant`,
      { token: superToken },
    );
    expect(audit.body.items.map((entry: { action: string }) => entry.action)).toEqual([
      'TENANT_REACTIVATED',
      'TENANT_DEACTIVATED',
    ]);
    expect(audit.body.items[1]).toMatchObject({
      actor_type: 'staff',
      entity_id: tenant.tenantId,
      details: { outlets_deactivated: 1, memberships_deactivated: 2 },
    });
    const own = await service.request('GET', '/audit-logs?action=TENANT_DEACTIVATED', {
      token: again.body.access_token,
    });
    expect(own.body.total).toBe(1);
  });

  it('is for SUPER_ADMIN only, with identifiers checked', async () => {
    const tenant = await registeredTenant(service);
    const other = await registeredTenant(service);
    const customer = service.signer.signCustomerAccess({
      sub: newId(),
      tenant_id: tenant.tenantId,
      session_id: newId(),
    });
    expect(
      (await service.request('DELETE', `/tenants/${tenant.tenantId}`, { token: tenant.token })).status,
    ).toBe(403);
    expect(
      (await service.request('DELETE', `/tenants/${other.tenantId}`, { token: tenant.token })).status,
    ).toBe(403);
    expect((await service.request('DELETE', `/tenants/${tenant.tenantId}`, { token: customer })).status).toBe(
      403,
    );
    expect((await service.request('DELETE', `/tenants/${tenant.tenantId}`)).status).toBe(401);
    expect(
      (await service.request('POST', `/tenants/${tenant.tenantId}/reactivate`, { token: tenant.token }))
        .status,
    ).toBe(403);
    const malformed = await service.request('DELETE', '/tenants/not-an-id', { token: superToken });
    expect(malformed.status).toBe(422);
    expect(malformed.body.detail[0].loc).toEqual(['path', 'tenant_id']);
    expect((await service.request('DELETE', `/tenants/${newId()}`, { token: superToken })).status).toBe(404);
    expect(
      (await service.request('POST', `/tenants/${newId()}/reactivate`, { token: superToken })).status,
    ).toBe(404);
  });
});
