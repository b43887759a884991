import { outletUpsertedV1 } from '@salon/contracts';
import { newId } from '@salon/service-kit';
import {
  captureEvents,
  setTenantPlan,
  startTestService,
  type EventCapture,
  type TestService,
} from '@salon/testing';
import { identityService } from '../src/definition';
import { registeredTenant } from './helpers';

const HOURS = { monday: { open: '09:00', close: '18:00' }, sunday: null };

describe('outlets', () => {
  let service: TestService;
  let events: EventCapture;

  beforeAll(async () => {
    service = await startTestService(identityService);
    events = await captureEvents(service.testBus.bus, ['identity.outlet.upserted.v1']);
  });
  afterAll(() => service.stop());

  async function onPro(tenantId: string) {
    await setTenantPlan(service, tenantId, 'PRO', { limits: { max_outlets: 2 } });
  }

  it('refuses an outlet beyond the FREE plan (the first outlet comes with registration)', async () => {
    const { token } = await registeredTenant(service);
    const list = await service.request('GET', '/outlets', { token });
    expect(list.body).toMatchObject({ total: 1, page: 1, size: 20, pages: 1 });
    expect(list.body.items[0]).toMatchObject({ slug: 'main', is_active: true, timezone: 'Asia/Jakarta' });

    const response = await service.request('POST', '/outlets', { token, body: { name: 'Second' } });
    expect(response.status).toBe(402);
    expect(response.body.detail).toContain('max_outlets');
  });

  it("moves the outlets on the tenant's time zone when the tenant moves, and keeps an outlet's own", async () => {
    const { token, tenantId } = await registeredTenant(service);
    await onPro(tenantId);
    const [main] = (await service.request('GET', '/outlets', { token })).body.items;
    const papua = await service.request('POST', '/outlets', {
      token,
      body: { name: 'Jayapura', timezone: 'Asia/Jayapura' },
    });
    expect(papua.status).toBe(201);

    const moved = await service.request('PUT', `/tenants/${tenantId}`, {
      token,
      body: { settings: { timezone: 'Asia/Makassar' } },
    });
    expect(moved.status).toBe(200);
    const zones = Object.fromEntries(
      (await service.request('GET', '/outlets', { token })).body.items.map(
        (outlet: { id: string; timezone: string }) => [outlet.id, outlet.timezone],
      ),
    );
    expect(zones).toEqual({ [main.id]: 'Asia/Makassar', [papua.body.id]: 'Asia/Jayapura' });
    // Every service's replica hears of the move.
    const event = await events.next(
      'identity.outlet.upserted.v1',
      (candidate) => candidate.data.outlet_id === main.id && candidate.data.timezone === 'Asia/Makassar',
    );
    expect(event.data.version).toBe(2);
  });

  it('creates, reads, updates and deactivates outlets within the plan, publishing each change', async () => {
    const { token, tenantId } = await registeredTenant(service);
    await onPro(tenantId);
    const created = await service.request('POST', '/outlets', {
      token,
      body: { name: 'Kemang Branch', address: 'Jl. Kemang 1', phone: '+622100000001', business_hours: HOURS },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      tenant_id: tenantId,
      name: 'Kemang Branch',
      slug: 'kemang-branch',
      timezone: 'Asia/Jakarta',
      business_hours: HOURS,
      is_active: true,
    });
    const outletId = created.body.id;
    const event = await events.next(
      'identity.outlet.upserted.v1',
      (candidate) => candidate.data.outlet_id === outletId,
    );
    expect(outletUpsertedV1.parse(event.data)).toMatchObject({
      outlet_id: outletId,
      tenant_id: tenantId,
      version: 1,
    });

    // Third active outlet: over max_outlets 2.
    expect((await service.request('POST', '/outlets', { token, body: { name: 'Third' } })).status).toBe(402);

    const read = await service.request('GET', `/outlets/${outletId}`, { token });
    expect(read.body).toEqual(created.body);

    const updated = await service.request('PUT', `/outlets/${outletId}`, {
      token,
      body: { name: 'Kemang', timezone: 'Asia/Makassar' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Kemang', slug: 'kemang-branch', timezone: 'Asia/Makassar' });

    expect((await service.request('DELETE', `/outlets/${outletId}`, { token })).status).toBe(204);
    const inactive = await service.request('GET', '/outlets?is_active=false', { token });
    expect(inactive.body.items.map((outlet: { id: string }) => outlet.id)).toEqual([outletId]);

    // Room again after the deactivation; reactivating the old one would then pass the limit.
    expect((await service.request('POST', '/outlets', { token, body: { name: 'Third' } })).status).toBe(201);
    const reactivate = await service.request('PUT', `/outlets/${outletId}`, {
      token,
      body: { is_active: true },
    });
    expect(reactivate.status).toBe(402);
  });

  it('validates input (422)', async () => {
    const { token } = await registeredTenant(service);
    const response = await service.request('POST', '/outlets', {
      token,
      body: { name: 'X', business_hours: { monday: { open: '18:00', close: '09:00' } } },
    });
    expect(response.status).toBe(422);
    expect(response.body.detail[0].loc).toEqual(['body', 'business_hours', 'monday']);
  });

  it('takes business hours as the shared time field: 00:00 to 23:59, HH:MM or HH:MM:00, kept as HH:MM', async () => {
    const { token } = await registeredTenant(service);
    for (const bad of ['24:00', '23:60', '9:00', '09:0', '12:00:30']) {
      const response = await service.request('POST', '/outlets', {
        token,
        body: { name: 'X', business_hours: { monday: { open: bad, close: '23:59' } } },
      });
      expect({ bad, status: response.status }).toEqual({ bad, status: 422 });
      expect(response.body.detail).toEqual([
        { loc: ['body', 'business_hours', 'monday', 'open'], msg: expect.any(String), type: 'time_parsing' },
      ]);
    }
    const created = await service.request('POST', '/outlets', {
      token,
      // FREE keeps one outlet open: this one is created closed.
      body: {
        name: 'Late',
        is_active: false,
        business_hours: { monday: { open: '00:00:00', close: '23:59' } },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.business_hours.monday).toEqual({ open: '00:00', close: '23:59' });
  });

  it("hides another tenant's outlets (404) and refuses the wrong roles and token kinds", async () => {
    const mine = await registeredTenant(service);
    const other = await registeredTenant(service);
    const [otherOutlet] = (await service.request('GET', '/outlets', { token: other.token })).body.items;
    expect((await service.request('GET', `/outlets/${otherOutlet.id}`, { token: mine.token })).status).toBe(
      404,
    );
    expect(
      (
        await service.request('PUT', `/outlets/${otherOutlet.id}`, {
          token: mine.token,
          body: { name: 'Mine' },
        })
      ).status,
    ).toBe(404);

    const [myOutlet] = (await service.request('GET', '/outlets', { token: mine.token })).body.items;
    const staff = (role: 'STAFF' | 'OUTLET_MANAGER', outletIds: string[]) =>
      service.signer.signStaffAccess({ sub: newId(), role, tenant_id: mine.tenantId, outlet_ids: outletIds });
    expect(
      (await service.request('POST', '/outlets', { token: staff('STAFF', []), body: { name: 'A' } })).status,
    ).toBe(403);
    expect((await service.request('GET', '/outlets', { token: staff('STAFF', []) })).status).toBe(200);
    const foreignManager = await service.request('PUT', `/outlets/${myOutlet.id}`, {
      token: staff('OUTLET_MANAGER', [newId()]),
      body: { name: 'Renamed' },
    });
    expect(foreignManager.status).toBe(403);
    const ownManager = await service.request('PUT', `/outlets/${myOutlet.id}`, {
      token: staff('OUTLET_MANAGER', [myOutlet.id]),
      body: { name: 'Renamed' },
    });
    expect(ownManager.status).toBe(200);

    const customer = service.signer.signCustomerAccess({
      sub: newId(),
      tenant_id: mine.tenantId,
      session_id: newId(),
    });
    expect((await service.request('GET', '/outlets', { token: customer })).status).toBe(403);
    expect((await service.request('GET', '/outlets')).status).toBe(401);
  });
});
