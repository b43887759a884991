import { sql } from 'drizzle-orm';
import { PLAN_CATALOGUE, eventSchemas } from '@salon/contracts';
import { newId } from '@salon/service-kit';
import {
  captureEvents,
  startTestService,
  waitFor,
  type EventCapture,
  type TestService,
} from '@salon/testing';
import { createBillingService } from '../src/definition';
import { newTenant, publish, registered, registeredData, superAdminToken, testClock } from './helpers';

describe('subscriptions: registration, current, cancel, deactivate and activate', () => {
  const clock = testClock('2026-03-11T00:00:00.000Z');
  let service: TestService;
  let events: EventCapture;

  beforeAll(async () => {
    service = await startTestService(createBillingService({ clock }));
    events = await captureEvents(service.testBus.bus, ['billing.subscription.changed.v1']);
  });
  afterAll(() => service.stop());

  const changed = (tenantId: string, version: number) =>
    events.next(
      'billing.subscription.changed.v1',
      ({ data }) => data.tenant_id === tenantId && data.version === version,
    );

  it('creates the FREE subscription under the id identity chose and publishes the full snapshot', async () => {
    const tenant = newTenant(service);
    const data = registeredData(tenant, '2026-03-01T08:00:00.000Z');
    await publish(service, 'identity.tenant.registered.v1', data, tenant.tenantId);
    // A redelivered registration (same data, new envelope) creates nothing more.
    await publish(service, 'identity.tenant.registered.v1', data, tenant.tenantId);

    const event = await changed(tenant.tenantId, 1);
    expect(event.producer).toBe('billing');
    expect(eventSchemas['billing.subscription.changed.v1'].parse(event.data)).toEqual({
      tenant_id: tenant.tenantId,
      subscription_id: tenant.subscriptionId,
      plan: 'FREE',
      status: 'active',
      billing_period: 'monthly',
      current_period_start: '2026-03-01T08:00:00.000Z',
      current_period_end: '2026-04-01T08:00:00.000Z',
      trial_ends_at: null,
      limits: PLAN_CATALOGUE.FREE.limits,
      appointment_fee_percent: 8,
      version: 1,
    });
    expect(event.data).toMatchObject({
      limits: { max_packages: 5, max_package_items: 3, daily_tokens: 16000, whatsapp_per_month: 50 },
    });

    const current = await service.request('GET', '/subscriptions/current', { token: tenant.staff('STAFF') });
    expect(current.status).toBe(200);
    expect(current.body).toEqual({
      subscription_id: tenant.subscriptionId,
      tenant_id: tenant.tenantId,
      plan_type: 'FREE',
      billing_cycle: 'monthly',
      status: 'active',
      current_period_start: '2026-03-01T08:00:00.000Z',
      current_period_end: '2026-04-01T08:00:00.000Z',
      next_billing_date: null,
      is_trial: false,
      trial_ends_at: null,
      auto_renew: true,
      plan_details: {
        display_name: 'Free',
        price: '0.00',
        currency: 'IDR',
        limits: PLAN_CATALOGUE.FREE.limits,
      },
      usage: { outlets: 0, staff: 0, appointments_this_month: 0 },
      scheduled_changes: null,
    });
    // billing's own plan replica (the plan-limits library every service runs) caught the snapshot.
    await waitFor(async () => {
      const plan = await service.running.context.plans.planOf(
        service.running.context.db.orm,
        tenant.tenantId,
      );
      return plan.limits.max_services === 10;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(
      events.of('billing.subscription.changed.v1').filter(({ data }) => data.tenant_id === tenant.tenantId),
    ).toHaveLength(1);
  });

  it('lists the plan catalogue', async () => {
    const tenant = newTenant(service);
    const response = await service.request('GET', '/subscriptions/plans', { token: tenant.admin });
    expect(response.status).toBe(200);
    expect(response.body.plans.map((plan: { plan_type: string }) => plan.plan_type)).toEqual([
      'FREE',
      'PRO',
      'ENTERPRISE',
    ]);
    expect(response.body.plans[1]).toEqual({
      plan_type: 'PRO',
      display_name: 'Pro',
      description: PLAN_CATALOGUE.PRO.description,
      price: { monthly: '599000.00', quarterly: '1617300.00', yearly: '6468000.00', currency: 'IDR' },
      limits: PLAN_CATALOGUE.PRO.limits,
      features: PLAN_CATALOGUE.PRO.features,
    });
    expect(response.body.plans[2].limits).toMatchObject({
      max_outlets: -1,
      max_staff_per_outlet: -1,
      max_appointments_per_month: -1,
      max_services: -1,
    });
  });

  it('refuses missing, customer and foreign tokens', async () => {
    const tenant = newTenant(service);
    expect((await service.request('GET', '/subscriptions/current')).status).toBe(401);
    const customer = await service.request('GET', '/subscriptions/current', { token: tenant.customer });
    expect(customer.status).toBe(403);
    // A tenant billing has not heard of has no subscription.
    expect((await service.request('GET', '/subscriptions/current', { token: tenant.admin })).status).toBe(
      404,
    );
    // STAFF may read but not change the plan.
    const other = await registered(service);
    const cancel = await service.request('POST', '/subscriptions/cancel', { token: other.staff('STAFF') });
    expect(cancel.status).toBe(403);
  });

  it('cancelling FREE is a 400 with a detail', async () => {
    const tenant = await registered(service);
    const response = await service.request('POST', '/subscriptions/cancel', { token: tenant.admin });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: 'Subscription is already on the FREE plan' });
  });

  it('cancels a paid plan to FREE at once, with metadata', async () => {
    const tenant = await registered(service);
    await service.running.context.db.orm.execute(
      // The tenant had bought PRO (the upgrade path is tested in upgrade.api.test).
      sql`UPDATE billing.subscriptions SET plan = 'PRO' WHERE tenant_id = ${tenant.tenantId}`,
    );
    clock.set('2026-03-15T10:00:00.000Z');
    const response = await service.request('POST', '/subscriptions/cancel', { token: tenant.admin });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: tenant.subscriptionId,
      plan: 'free',
      status: 'active',
      billing_period: 'monthly',
      metadata: {
        cancelled_at: '2026-03-15T10:00:00.000Z',
        cancelled_by: tenant.userId,
        previous_plan: 'pro',
      },
    });
    expect((await changed(tenant.tenantId, 2)).data).toMatchObject({
      plan: 'FREE',
      limits: PLAN_CATALOGUE.FREE.limits,
    });
  });

  it('deactivate (SUPER_ADMIN only) suspends: staff get 403, the suspension is published; activate restores', async () => {
    const tenant = await registered(service);
    const superAdmin = superAdminToken(service);
    const path = (action: string) => `/subscriptions/${action}?tenant_id=${tenant.tenantId}`;

    expect((await service.request('POST', '/subscriptions/deactivate', { token: tenant.admin })).status).toBe(
      403,
    );
    const missing = await service.request('POST', '/subscriptions/deactivate', {
      token: superAdmin,
      body: {},
    });
    expect(missing.status).toBe(422);
    expect(missing.body.detail[0].loc).toEqual(['query', 'tenant_id']);
    expect(
      (await service.request('POST', `/subscriptions/deactivate?tenant_id=${newId()}`, { token: superAdmin }))
        .status,
    ).toBe(404);

    clock.set('2026-03-20T00:00:00.000Z');
    const deactivated = await service.request('POST', path('deactivate'), {
      token: superAdmin,
      body: { reason: 'unpaid fees' },
    });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body).toMatchObject({
      plan: 'free',
      status: 'suspended',
      metadata: { deactivated_at: '2026-03-20T00:00:00.000Z', deactivation_reason: 'unpaid fees' },
    });
    expect(deactivated.body.metadata.deactivated_by).toEqual(expect.stringMatching(/^[0-9a-f]{24}$/));
    expect((await changed(tenant.tenantId, 2)).data).toMatchObject({ status: 'suspended', plan: 'FREE' });

    // Its staff see where they stand, and change nothing.
    for (const token of [tenant.admin, tenant.staff('STAFF')]) {
      const current = await service.request('GET', '/subscriptions/current', { token });
      expect(current.status).toBe(200);
      expect(current.body.status).toBe('suspended');
      expect((await service.request('GET', '/subscriptions/payments', { token })).status).toBe(200);
    }
    for (const [route, body] of [
      ['/subscriptions/renew', {}],
      ['/subscriptions/upgrade', { plan: 'PRO', billing_period: 'monthly' }],
      ['/subscriptions/cancel', undefined],
    ] as const) {
      const blocked = await service.request('POST', route, { token: tenant.admin, body });
      expect(blocked.status).toBe(403);
      expect(blocked.body).toEqual({ detail: 'Subscription suspended' });
    }
    // The replica every service enforces with sees the suspension.
    await waitFor(async () => {
      const plan = await service.running.context.plans.planOf(
        service.running.context.db.orm,
        tenant.tenantId,
      );
      return plan.status === 'suspended';
    });
    const super_ = await service.request('GET', `/subscriptions/current?tenant_id=${tenant.tenantId}`, {
      token: superAdmin,
    });
    expect(super_.body.status).toBe('suspended');

    const activated = await service.request('POST', path('activate'), { token: superAdmin });
    expect(activated.status).toBe(200);
    expect(activated.body.status).toBe('active');
    expect(activated.body.metadata).toMatchObject({ activated_at: '2026-03-20T00:00:00.000Z' });
    expect(activated.body.metadata.deactivated_at).toBeUndefined();
    expect((await changed(tenant.tenantId, 3)).data).toMatchObject({ status: 'active' });
    expect((await service.request('GET', '/subscriptions/current', { token: tenant.admin })).status).toBe(
      200,
    );
    // Activating an active subscription is refused.
    expect((await service.request('POST', path('activate'), { token: superAdmin })).status).toBe(400);
  });

  it("follows identity's tenant deactivation and reactivation", async () => {
    const tenant = await registered(service);
    await publish(
      service,
      'identity.tenant.deactivated.v1',
      { tenant_id: tenant.tenantId, at: '2026-03-21T00:00:00.000Z' },
      tenant.tenantId,
    );
    expect((await changed(tenant.tenantId, 2)).data).toMatchObject({ status: 'suspended' });
    const suspended = await service.request('GET', '/subscriptions/current', { token: tenant.admin });
    expect(suspended.body.status).toBe('suspended');
    expect(
      (await service.request('POST', '/subscriptions/renew', { token: tenant.admin, body: {} })).status,
    ).toBe(403);
    await publish(
      service,
      'identity.tenant.reactivated.v1',
      { tenant_id: tenant.tenantId, at: '2026-03-22T00:00:00.000Z' },
      tenant.tenantId,
    );
    expect((await changed(tenant.tenantId, 3)).data).toMatchObject({ status: 'active' });
    const active = await service.request('GET', '/subscriptions/current', { token: tenant.admin });
    expect(active.body.status).toBe('active');
  });

  it('republishes every snapshot on demand, for rebuilt replicas (internal credential only)', async () => {
    const tenant = await registered(service);
    expect((await service.request('POST', '/internal/jobs/republish-plans')).status).toBe(404);
    const response = await service.request('POST', '/internal/jobs/republish-plans', {
      headers: { 'x-internal-token': 'test-internal-token-0123456789abcdef' },
    });
    expect(response.status).toBe(200);
    expect(response.body.published).toBeGreaterThanOrEqual(1);
    await waitFor(
      () =>
        events.of('billing.subscription.changed.v1').filter(({ data }) => data.tenant_id === tenant.tenantId)
          .length === 2,
    );
  });

  it('lists no payments for a new tenant, and validates the query', async () => {
    const tenant = await registered(service);
    const response = await service.request('GET', '/subscriptions/payments', { token: tenant.admin });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
    const bad = await service.request('GET', '/subscriptions/payments?limit=101&status=lost', {
      token: tenant.admin,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail.map((issue: { loc: string[] }) => issue.loc)).toEqual([
      ['query', 'limit'],
      ['query', 'status'],
    ]);
  });
});
