import { userUpsertedV1 } from '@salon/contracts';
import { newId } from '@salon/service-kit';
import { captureEvents, type EventCapture, type TestService } from '@salon/testing';
import { claimsOf, registeredTenant, startWithSuperAdmin } from './helpers';

const SUPER_ADMIN = { email: 'root@users.example', password: 'Root-Password-123' };
let counter = 0;
const email = (label: string) => `${label}-${Date.now().toString(36)}-${(counter += 1)}@team.example`;

describe('users', () => {
  let service: TestService;
  let events: EventCapture;
  let superToken: string;

  beforeAll(async () => {
    ({ service, superToken } = await startWithSuperAdmin(SUPER_ADMIN));
    events = await captureEvents(service.testBus.bus, ['identity.user.upserted.v1']);
  });
  afterAll(() => service.stop());

  async function mainOutlet(token: string): Promise<string> {
    return (await service.request('GET', '/outlets', { token })).body.items[0].id;
  }

  it('creates a staff user with outlets and a linked staff member; the staff token carries them', async () => {
    const tenant = await registeredTenant(service);
    const outletId = await mainOutlet(tenant.token);
    const staffId = newId();
    const body = {
      email: email('Stylist').toUpperCase(),
      password: 'Stylist123',
      first_name: ' Rina ',
      last_name: 'Putri',
      role: 'STAFF',
      outlet_ids: [outletId],
      staff_id: staffId,
    };
    const created = await service.request('POST', '/users', { token: tenant.token, body });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      tenant_id: tenant.tenantId,
      email: body.email.toLowerCase(),
      first_name: 'Rina',
      last_name: 'Putri',
      role: 'STAFF',
      outlet_ids: [outletId],
      staff_id: staffId,
      is_active: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(JSON.stringify(created.body)).not.toContain('password');
    const event = await events.next('identity.user.upserted.v1', (e) => e.data.user_id === created.body.id);
    expect(userUpsertedV1.parse(event.data)).toEqual({
      tenant_id: tenant.tenantId,
      user_id: created.body.id,
      email: body.email.toLowerCase(),
      first_name: 'Rina',
      last_name: 'Putri',
      role: 'STAFF',
      outlet_ids: [outletId],
      staff_id: staffId,
      is_active: true,
      version: 1,
    });

    const login = await service.request('POST', '/auth/login', {
      body: { email: body.email, password: body.password },
    });
    expect(login.status).toBe(200);
    expect(claimsOf(login.body.access_token)).toMatchObject({
      sub: created.body.id,
      role: 'STAFF',
      tenant_id: tenant.tenantId,
      outlet_ids: [outletId],
      staff_id: staffId,
    });
    expect((await service.request('GET', `/users/${created.body.id}`, { token: tenant.token })).body).toEqual(
      created.body,
    );
    // The admin created with the tenant is published too.
    const admin = await events.next('identity.user.upserted.v1', (e) => e.data.user_id === tenant.userId);
    expect(userUpsertedV1.parse(admin.data)).toMatchObject({
      role: 'TENANT_ADMIN',
      tenant_id: tenant.tenantId,
    });
  });

  it('gives an existing e-mail a membership of another tenant, password unchanged', async () => {
    const first = await registeredTenant(service);
    const second = await registeredTenant(service);
    const address = email('shared');
    await service.request('POST', '/users', {
      token: first.token,
      body: { email: address, password: 'Original123', first_name: 'Dewi', last_name: 'Sari', role: 'STAFF' },
    });
    const joined = await service.request('POST', '/users', {
      token: second.token,
      body: {
        email: address,
        password: 'Different123',
        first_name: 'X',
        last_name: 'Y',
        role: 'RECEPTIONIST',
      },
    });
    expect(joined.status).toBe(201);
    expect(joined.body).toMatchObject({
      tenant_id: second.tenantId,
      first_name: 'Dewi',
      role: 'RECEPTIONIST',
    });
    // Without a password works for an existing user; the same tenant twice is a duplicate.
    const duplicate = await service.request('POST', '/users', {
      token: second.token,
      body: { email: address, first_name: 'X', last_name: 'Y', role: 'STAFF' },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.detail).toBe('email already registered');

    expect(
      (await service.request('POST', '/auth/login', { body: { email: address, password: 'Different123' } }))
        .status,
    ).toBe(401);
    const login = await service.request('POST', '/auth/login', {
      body: { email: address, password: 'Original123' },
    });
    expect(login.body.requires_organization_selection).toBe(true);
    expect(login.body.organizations).toHaveLength(2);

    const newWithoutPassword = await service.request('POST', '/users', {
      token: second.token,
      body: { email: email('nopass'), first_name: 'X', last_name: 'Y', role: 'STAFF' },
    });
    expect(newWithoutPassword.status).toBe(400);
  });

  it('applies the role rules: TENANT_ADMIN not SUPER_ADMIN, OUTLET_MANAGER read-only, others refused', async () => {
    const tenant = await registeredTenant(service);
    const superAdmin = await service.request('POST', '/users', {
      token: tenant.token,
      body: {
        email: email('boss'),
        password: 'Boss12345',
        first_name: 'B',
        last_name: 'C',
        role: 'SUPER_ADMIN',
      },
    });
    expect(superAdmin.status).toBe(403);
    const manager = service.signer.signStaffAccess({
      sub: newId(),
      role: 'OUTLET_MANAGER',
      tenant_id: tenant.tenantId,
      outlet_ids: [],
    });
    const body = {
      email: email('m'),
      password: 'Manager123',
      first_name: 'M',
      last_name: 'N',
      role: 'STAFF',
    };
    expect((await service.request('POST', '/users', { token: manager, body })).status).toBe(403);
    expect(
      (await service.request('PUT', `/users/${tenant.userId}`, { token: manager, body: {} })).status,
    ).toBe(403);
    expect((await service.request('DELETE', `/users/${tenant.userId}`, { token: manager })).status).toBe(403);
    expect((await service.request('GET', '/users', { token: manager })).status).toBe(200);
    const staff = service.signer.signStaffAccess({
      sub: newId(),
      role: 'STAFF',
      tenant_id: tenant.tenantId,
      outlet_ids: [],
    });
    expect((await service.request('GET', '/users', { token: staff })).status).toBe(403);
    const customer = service.signer.signCustomerAccess({
      sub: newId(),
      tenant_id: tenant.tenantId,
      session_id: newId(),
    });
    expect((await service.request('GET', '/users', { token: customer })).status).toBe(403);
    expect((await service.request('GET', '/users')).status).toBe(401);

    // An administrator cannot lock itself out.
    const self = await service.request('PUT', `/users/${tenant.userId}`, {
      token: tenant.token,
      body: { role: 'STAFF' },
    });
    expect(self.status).toBe(400);
    expect((await service.request('DELETE', `/users/${tenant.userId}`, { token: tenant.token })).status).toBe(
      400,
    );
  });

  it("refuses another tenant's outlets and users, and bad input", async () => {
    const tenant = await registeredTenant(service);
    const other = await registeredTenant(service);
    const foreignOutlet = await mainOutlet(other.token);
    const foreign = await service.request('POST', '/users', {
      token: tenant.token,
      body: {
        email: email('x'),
        password: 'Stylist123',
        first_name: 'X',
        last_name: 'Y',
        role: 'STAFF',
        outlet_ids: [foreignOutlet],
      },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.detail).toContain(foreignOutlet);
    expect((await service.request('GET', `/users/${other.userId}`, { token: tenant.token })).status).toBe(
      404,
    );
    expect(
      (
        await service.request('PUT', `/users/${other.userId}`, {
          token: tenant.token,
          body: { role: 'STAFF' },
        })
      ).status,
    ).toBe(404);
    expect((await service.request('DELETE', `/users/${other.userId}`, { token: tenant.token })).status).toBe(
      404,
    );

    const bad = await service.request('POST', '/users', {
      token: tenant.token,
      body: { email: 'not-an-email', password: 'short', first_name: '', last_name: 'Y', role: 'OWNER' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail.map((issue: { loc: string[] }) => issue.loc.join('.'))).toEqual(
      expect.arrayContaining(['body.email', 'body.password', 'body.first_name', 'body.role']),
    );
    expect((await service.request('GET', '/users/nope', { token: tenant.token })).body.detail[0].loc).toEqual(
      ['path', 'user_id'],
    );
    expect((await service.request('GET', '/users?role=OWNER', { token: tenant.token })).status).toBe(422);
  });

  it('lists with paging and a role filter, updates and deactivates memberships', async () => {
    const tenant = await registeredTenant(service);
    const outletId = await mainOutlet(tenant.token);
    const make = (role: string) =>
      service.request('POST', '/users', {
        token: tenant.token,
        body: {
          email: email(role.toLowerCase()),
          password: 'Member1234',
          first_name: 'A',
          last_name: 'B',
          role,
        },
      });
    const receptionist = (await make('RECEPTIONIST')).body;
    await make('STAFF');
    await make('STAFF');

    const page = await service.request('GET', '/users?size=2&page=2', { token: tenant.token });
    expect(page.body).toMatchObject({ total: 4, page: 2, size: 2, pages: 2 });
    const staffOnly = await service.request('GET', '/users?role=STAFF', { token: tenant.token });
    expect(staffOnly.body.total).toBe(2);

    const staffId = newId();
    const updated = await service.request('PUT', `/users/${receptionist.id}`, {
      token: tenant.token,
      body: { role: 'OUTLET_MANAGER', outlet_ids: [outletId], staff_id: staffId },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ role: 'OUTLET_MANAGER', outlet_ids: [outletId], staff_id: staffId });
    const event = await events.next(
      'identity.user.upserted.v1',
      (e) => e.data.user_id === receptionist.id && e.data.version === 2,
    );
    expect(userUpsertedV1.parse(event.data)).toMatchObject({ role: 'OUTLET_MANAGER', staff_id: staffId });

    expect(
      (await service.request('DELETE', `/users/${receptionist.id}`, { token: tenant.token })).status,
    ).toBe(204);
    const read = await service.request('GET', `/users/${receptionist.id}`, { token: tenant.token });
    expect(read.body.is_active).toBe(false);
    const login = await service.request('POST', '/auth/login', {
      body: { email: receptionist.email, password: 'Member1234' },
    });
    expect(login.status).toBe(401);
    const reactivated = await service.request('PUT', `/users/${receptionist.id}`, {
      token: tenant.token,
      body: { is_active: true },
    });
    expect(reactivated.body.is_active).toBe(true);
  });

  it('lets SUPER_ADMIN manage any tenant through ?tenant_id=', async () => {
    const tenant = await registeredTenant(service);
    expect((await service.request('GET', '/users', { token: superToken })).status).toBe(400);
    const created = await service.request('POST', `/users?tenant_id=${tenant.tenantId}`, {
      token: superToken,
      body: {
        email: email('admin2'),
        password: 'Admin12345',
        first_name: 'Second',
        last_name: 'Admin',
        role: 'TENANT_ADMIN',
      },
    });
    expect(created.status).toBe(201);
    const list = await service.request('GET', `/users?tenant_id=${tenant.tenantId}&role=TENANT_ADMIN`, {
      token: superToken,
    });
    expect(list.body.total).toBe(2);
    expect(
      (await service.request('GET', `/users?tenant_id=${newId()}`, { token: superToken })).body.total,
    ).toBe(0);
    const unknownTenant = await service.request('POST', `/users?tenant_id=${newId()}`, {
      token: superToken,
      body: { email: email('z'), password: 'Admin12345', first_name: 'Z', last_name: 'Z', role: 'STAFF' },
    });
    expect(unknownTenant.status).toBe(404);
  });
});
