import { sql } from 'drizzle-orm';
import { newId, selectRows } from '@salon/service-kit';
import { startHarness, type Harness } from './helpers';

/** The customer's push devices: register (again), unregister, who may, and bad input. */
describe('POST /customer/devices, DELETE /customer/devices/{token}', () => {
  let h: Harness;
  const tenantId = newId();

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.stop());

  const customer = (customerId: string) =>
    h.service.signer.signCustomerAccess({ sub: customerId, tenant_id: tenantId, session_id: newId() });
  const devicesOf = (customerId: string) =>
    selectRows<{ token: string; platform: string }>(
      h.service.database.db.orm,
      sql`SELECT token, platform FROM notifications.push_devices WHERE customer_id = ${customerId}`,
    );

  it('registers a device, registers it again (moving it to the caller), and unregisters it', async () => {
    const rina = newId();
    const token = `fcm-${newId()}-${newId()}`;
    const created = await h.service.request('POST', '/customer/devices', {
      token: customer(rina),
      body: { token, platform: 'android' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      token,
      platform: 'android',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await devicesOf(rina)).toEqual([{ token, platform: 'android' }]);

    const dewi = newId();
    const moved = await h.service.request('POST', '/customer/devices', {
      token: customer(dewi),
      body: { token, platform: 'ios' },
    });
    expect(moved.status).toBe(201);
    expect(await devicesOf(rina)).toEqual([]);
    expect(await devicesOf(dewi)).toEqual([{ token, platform: 'ios' }]);

    const notTheirs = await h.service.request('DELETE', `/customer/devices/${token}`, {
      token: customer(rina),
    });
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body).toEqual({ detail: 'Device not found' });
    const removed = await h.service.request('DELETE', `/customer/devices/${token}`, {
      token: customer(dewi),
    });
    expect(removed.status).toBe(204);
    expect(await devicesOf(dewi)).toEqual([]);
  });

  it('401 without a token, 403 with a staff token, 422 on a bad body', async () => {
    const body = { token: `fcm-${newId()}`, platform: 'android' };
    expect((await h.service.request('POST', '/customer/devices', { body })).status).toBe(401);
    const staff = h.service.signer.signStaffAccess({
      sub: newId(),
      role: 'TENANT_ADMIN',
      tenant_id: tenantId,
      outlet_ids: [],
    });
    expect((await h.service.request('POST', '/customer/devices', { token: staff, body })).status).toBe(403);
    const bad = await h.service.request('POST', '/customer/devices', {
      token: customer(newId()),
      body: { token: 'short', platform: 'symbian' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail.map((d: { loc: string[] }) => d.loc)).toEqual([
      ['body', 'token'],
      ['body', 'platform'],
    ]);
  });
});
