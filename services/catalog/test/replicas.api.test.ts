import { PLAN_CATALOGUE, type TenantRegisteredV1 } from '@salon/contracts';
import { newEvent } from '@salon/messaging';
import { newId } from '@salon/service-kit';
import { startTestService, waitFor, type TestService } from '@salon/testing';
import { catalogService } from '../src/definition';
import { findOutletReplica, findTenantReplica } from '../src/db/replica.repository';
import { createdService, newTenant, onPlan, outletData, serviceBody, tenantUpdatedData } from './helpers';

/** Identity's and billing's events, published on the broker as their producers would. */
describe('replicas fed by identity and billing events', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService(catalogService);
  });
  afterAll(() => service.stop());

  const publish = (envelope: Parameters<TestService['testBus']['bus']['publish']>[0][number]) =>
    service.testBus.bus.publish([envelope]);
  const db = () => service.running.context.db.orm;

  function registered(tenantId: string, currency: string): TenantRegisteredV1 {
    const {
      description: _d,
      website: _w,
      updated_at: _u,
      ...rest
    } = tenantUpdatedData(tenantId, 1, { currency });
    return {
      ...rest,
      subscription_id: newId(),
      client_partner_id: 'partner',
      client_partner_number: 'CP-0000000001',
      admin_user_id: newId(),
      admin_email: 'admin@glow.example',
      created_at: new Date().toISOString(),
    };
  }

  it('keeps the tenant currency and templates, newest version only', async () => {
    const { admin, tenantId } = newTenant(service);
    await publish(
      newEvent('identity.tenant.registered.v1', registered(tenantId, 'EUR'), {
        producer: 'identity',
        tenantId,
      }),
    );
    await waitFor(async () => (await findTenantReplica(db(), tenantId))?.currency === 'EUR');
    expect((await createdService(service, admin, { pricing: { base_price: '10' } })).pricing.currency).toBe(
      'EUR',
    );

    const update = (version: number, currency: string) =>
      newEvent(
        'identity.tenant.updated.v1',
        tenantUpdatedData(tenantId, version, { currency, service_category_templates: ['x'] }),
        { producer: 'identity', tenantId },
      );
    await publish(update(3, 'SGD'));
    await waitFor(async () => (await findTenantReplica(db(), tenantId))?.version === 3);
    // An older snapshot arriving late changes nothing; a redelivered one neither.
    const late = update(2, 'JPY');
    await publish(late);
    await publish(late);
    await publish(update(4, 'SGD'));
    await waitFor(async () => (await findTenantReplica(db(), tenantId))?.version === 4);
    expect(await findTenantReplica(db(), tenantId)).toEqual({
      currency: 'SGD',
      service_category_templates: ['x'],
      version: 4,
    });
  });

  it("records the tenant's outlets so outlet prices accept them, newest version only", async () => {
    const { admin, tenantId } = newTenant(service);
    const other = newTenant(service);
    const data = outletData(tenantId, { version: 2 });
    await publish(newEvent('identity.outlet.upserted.v1', data, { producer: 'identity', tenantId }));
    await waitFor(async () => (await findOutletReplica(db(), data.outlet_id))?.version === 2);
    await publish(
      newEvent(
        'identity.outlet.upserted.v1',
        { ...data, tenant_id: other.tenantId, is_active: false, version: 1 },
        { producer: 'identity', tenantId },
      ),
    );
    await publish(
      newEvent(
        'identity.outlet.upserted.v1',
        { ...data, is_active: false, version: 3 },
        { producer: 'identity', tenantId },
      ),
    );
    await waitFor(async () => (await findOutletReplica(db(), data.outlet_id))?.version === 3);
    expect(await findOutletReplica(db(), data.outlet_id)).toEqual({
      tenant_id: tenantId,
      is_active: false,
      version: 3,
    });

    // billing.subscription.changed.v1 feeds the plan replica: PRO unlocks outlet pricing.
    await publish(
      newEvent(
        'billing.subscription.changed.v1',
        {
          tenant_id: tenantId,
          subscription_id: newId(),
          plan: 'PRO',
          status: 'active',
          billing_period: 'monthly',
          current_period_start: new Date().toISOString(),
          current_period_end: new Date(Date.now() + 30 * 86_400_000).toISOString(),
          limits: PLAN_CATALOGUE.PRO.limits,
          appointment_fee_percent: 5,
          version: 1,
        },
        { producer: 'billing', tenantId },
      ),
    );
    const created = await createdService(service, admin);
    await waitFor(async () => (await service.running.context.plans.planOf(db(), tenantId)).plan === 'PRO');
    const priced = await service.request('POST', `/services/${created.id}/pricing`, {
      token: admin,
      body: { outlet_prices: { [data.outlet_id]: '99' } },
    });
    expect(priced.status).toBe(200);
    expect(priced.body.pricing.outlet_prices).toEqual({ [data.outlet_id]: '99.00' });
    // The other tenant cannot price it, even on PRO.
    await onPlan(service, other.tenantId, 'PRO');
    const foreign = await service.request('POST', '/services', {
      token: other.admin,
      body: serviceBody({ pricing: { base_price: '1', outlet_prices: { [data.outlet_id]: '2' } } }),
    });
    expect(foreign.status).toBe(400);
  });
});
