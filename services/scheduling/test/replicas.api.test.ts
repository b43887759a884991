import { newEvent } from '@salon/messaging';
import { newId } from '@salon/service-kit';
import { startTestService, waitFor, type TestService } from '@salon/testing';
import {
  findCustomerAnyTenant,
  findOutlet,
  findService,
  findTenantReplica,
} from '../src/db/replica.repository';
import { schedulingService } from '../src/definition';
import { customerData, newTenant, outletData, serviceData, tenantData } from './helpers';

/** Catalog's and identity's events, published on the broker as their producers would. */
describe('replicas fed by catalog and identity events', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(schedulingService);
  });
  afterAll(() => service.stop());

  const publish = (envelope: Parameters<TestService['testBus']['bus']['publish']>[0][number]) =>
    service.testBus.bus.publish([envelope]);
  const db = () => service.running.context.db.orm;

  it('keeps catalog services, newest version only, and archives them', async () => {
    const { tenantId } = newTenant(service);
    const data = serviceData(tenantId, { version: 3, duration_minutes: 45 });
    const event = (version: number, duration: number) =>
      newEvent(
        'catalog.service.upserted.v1',
        { ...data, version, duration_minutes: duration },
        {
          producer: 'catalog',
          tenantId,
        },
      );
    await publish(event(3, 45));
    await waitFor(async () => (await findService(db(), tenantId, data.service_id))?.version === 3);
    const late = event(2, 90);
    await publish(late);
    await publish(late);
    await publish(event(4, 30));
    await waitFor(async () => (await findService(db(), tenantId, data.service_id))?.version === 4);
    expect(await findService(db(), tenantId, data.service_id)).toMatchObject({
      duration_minutes: 30,
      status: 'active',
    });
    await publish(
      newEvent(
        'catalog.service.archived.v1',
        {
          service_id: data.service_id,
          tenant_id: tenantId,
          archived_at: new Date().toISOString(),
          version: 5,
        },
        { producer: 'catalog', tenantId },
      ),
    );
    await waitFor(async () => (await findService(db(), tenantId, data.service_id))?.status === 'archived');
    // Another tenant never sees it.
    expect(await findService(db(), newId(), data.service_id)).toBeUndefined();
  });

  it('keeps tenant settings (time zone, booking days, position templates), newest version only', async () => {
    const { tenantId, admin } = newTenant(service);
    const registered = tenantData(tenantId, {
      timezone: 'America/New_York',
      staff_position_templates: ['Stylist'],
    });
    const { description: _d, website: _w, updated_at: _u, ...rest } = registered;
    await publish(
      newEvent(
        'identity.tenant.registered.v1',
        {
          ...rest,
          version: 1,
          subscription_id: newId(),
          client_partner_id: 'p',
          client_partner_number: 'CP-1',
          admin_user_id: newId(),
          admin_email: 'a@b.c',
          created_at: new Date().toISOString(),
        },
        { producer: 'identity', tenantId },
      ),
    );
    await waitFor(async () => (await findTenantReplica(db(), tenantId))?.version === 1);
    const templates = await service.request('GET', '/staff/positions/templates', { token: admin });
    expect(templates.body).toEqual(['Stylist']);

    const update = (version: number, days: number) =>
      newEvent(
        'identity.tenant.updated.v1',
        { ...tenantData(tenantId, { booking_advance_days: days }), version },
        {
          producer: 'identity',
          tenantId,
        },
      );
    await publish(update(5, 14));
    await waitFor(async () => (await findTenantReplica(db(), tenantId))?.version === 5);
    await publish(update(4, 60));
    await publish(update(6, 21));
    await waitFor(async () => (await findTenantReplica(db(), tenantId))?.version === 6);
    expect(await findTenantReplica(db(), tenantId)).toMatchObject({
      timezone: 'Asia/Jakarta',
      booking_advance_days: 21,
      staff_position_templates: [],
    });
    // An empty template list falls back to the spec's defaults.
    expect((await service.request('GET', '/staff/positions/templates', { token: admin })).body).toContain(
      'Service Provider',
    );
  });

  it('keeps outlets and customers, newest version only', async () => {
    const { tenantId } = newTenant(service);
    const outlet = outletData(tenantId, { version: 2, name: 'Kemang' });
    await publish(newEvent('identity.outlet.upserted.v1', outlet, { producer: 'identity', tenantId }));
    await publish(
      newEvent(
        'identity.outlet.upserted.v1',
        { ...outlet, version: 1, name: 'Old' },
        { producer: 'identity', tenantId },
      ),
    );
    await waitFor(async () => (await findOutlet(db(), tenantId, outlet.outlet_id))?.version === 2);
    expect((await findOutlet(db(), tenantId, outlet.outlet_id))?.name).toBe('Kemang');
    expect(await findOutlet(db(), newId(), outlet.outlet_id)).toBeUndefined();

    const customer = customerData(tenantId);
    await publish(newEvent('identity.customer.registered.v1', customer, { producer: 'identity', tenantId }));
    await waitFor(async () => (await findCustomerAnyTenant(db(), customer.customer_id))?.version === 1);
    await publish(
      newEvent(
        'identity.customer.updated.v1',
        {
          customer_id: customer.customer_id,
          tenant_id: tenantId,
          email: 'new@example.com',
          phone: null,
          first_name: 'Ani',
          last_name: 'W',
          date_of_birth: null,
          gender: null,
          tags: [],
          email_verified: false,
          phone_verified: false,
          is_active: true,
          is_deleted: false,
          preferences: customer.preferences,
          updated_at: new Date().toISOString(),
          version: 2,
        },
        { producer: 'identity', tenantId },
      ),
    );
    await waitFor(async () => (await findCustomerAnyTenant(db(), customer.customer_id))?.version === 2);
    expect(await findCustomerAnyTenant(db(), customer.customer_id)).toMatchObject({
      email: 'new@example.com',
    });
  });
});
