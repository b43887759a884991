import { PLAN_CATALOGUE, SUBSCRIPTION_INVOICES_PATH, type SubscriptionInvoicePaidV1 } from '@salon/contracts';
import { newId } from '@salon/service-kit';
import {
  TEST_INTERNAL_TOKEN,
  captureEvents,
  startTestService,
  waitFor,
  type EventCapture,
  type TestService,
} from '@salon/testing';
import { createBillingService } from '../src/definition';
import { fakeCommerce, publish, registered, testClock, type Tenant } from './helpers';

describe('upgrade and renewal through a commerce invoice', () => {
  const clock = testClock();
  let service: TestService;
  let events: EventCapture;
  let commerce: Awaited<ReturnType<typeof fakeCommerce>>;

  beforeAll(async () => {
    commerce = await fakeCommerce();
    service = await startTestService(createBillingService({ clock }), { COMMERCE_URL: commerce.url });
    events = await captureEvents(service.testBus.bus, [
      'billing.subscription.changed.v1',
      'billing.subscription.payment_applied.v1',
    ]);
  });
  afterAll(async () => {
    await service.stop();
    commerce.server.close();
  });
  beforeEach(() => {
    commerce.mode = 'ok';
  });

  const changed = (tenantId: string, version: number) =>
    events.next(
      'billing.subscription.changed.v1',
      ({ data }) => data.tenant_id === tenantId && data.version === version,
    );
  const current = async (tenant: Tenant) =>
    (await service.request('GET', '/subscriptions/current', { token: tenant.admin })).body;
  const paid = (
    tenant: Tenant,
    invoice: { id: string },
    overrides: Partial<SubscriptionInvoicePaidV1> = {},
  ) =>
    publish(
      service,
      'commerce.subscription_invoice.paid.v1',
      {
        invoice_id: invoice.id,
        tenant_id: tenant.tenantId,
        subscription_id: tenant.subscriptionId,
        kind: 'upgrade',
        target_plan: 'PRO',
        billing_period: 'monthly',
        amount: '405774.00',
        currency: 'IDR',
        paid_at: '2026-03-12T09:00:00.000Z',
        ...overrides,
      },
      tenant.tenantId,
    );
  const payments = async (tenant: Tenant, query = '') =>
    (await service.request('GET', `/subscriptions/payments${query}`, { token: tenant.admin })).body;

  it('worked example: FREE → PRO on 11 March, period 1 March – 1 April: 405,774 rupiah, plan changes when paid', async () => {
    const tenant = await registered(service, '2026-03-01T00:00:00.000Z');
    clock.set('2026-03-11T00:00:00.000Z');
    const response = await service.request('POST', '/subscriptions/upgrade', {
      token: tenant.admin,
      body: { target_plan: 'pro' },
    });
    expect(response.status).toBe(200);
    // (599,000 − 0) × 21 days remaining / 31 days in period = 405,774.19 → 405,774.
    const call = commerce.calls.at(-1)!;
    expect(call.path).toBe(SUBSCRIPTION_INVOICES_PATH);
    expect(call.token).toBe(TEST_INTERNAL_TOKEN);
    expect(call.body).toEqual({
      tenant_id: tenant.tenantId,
      subscription_id: tenant.subscriptionId,
      kind: 'upgrade',
      target_plan: 'PRO',
      billing_period: 'monthly',
      amount: '405774.00',
      currency: 'IDR',
      due_at: '2026-03-18T00:00:00.000Z',
      description: 'Upgrade from Free to Pro (monthly)',
      metadata: {
        type: 'SUBSCRIPTION',
        renewal: false,
        from_plan: 'FREE',
        to_plan: 'PRO',
        prorated: true,
        days_remaining: 21,
        total_days: 31,
      },
    });
    const invoice = response.body.invoice;
    expect(response.body).toEqual({
      status: 'payment_pending',
      message: expect.any(String),
      subscription: {
        id: tenant.subscriptionId,
        plan: 'free',
        status: 'active',
        current_period_end: '2026-04-01T00:00:00.000Z',
      },
      invoice: {
        id: invoice.id,
        invoice_number: invoice.invoice_number,
        amount: '405774.00',
        currency: 'IDR',
        due_date: '2026-03-18T00:00:00.000Z',
        status: 'PENDING',
        gateway_invoice_id: `gw-${invoice.id}`,
        gateway_invoice_url: `https://pay.example/invoices/${invoice.id}`,
        gateway_pdf_url: `https://pay.example/invoices/${invoice.id}.pdf`,
        gateway_payment_url: `https://pay.example/pay/${invoice.id}`,
      },
      upgrade_details: {
        from_plan: 'free',
        to_plan: 'pro',
        prorated_amount: '405774.00',
        days_remaining: 21,
        total_days: 31,
        billing_period: 'monthly',
        prorated: true,
      },
      next_steps: expect.arrayContaining([expect.any(String)]),
    });
    // Unchanged until paid.
    expect((await current(tenant)).plan_type).toBe('FREE');
    expect(await payments(tenant, '?status=pending')).toEqual([
      expect.objectContaining({
        invoice_id: invoice.id,
        amount: '405774.00',
        status: 'pending',
        payment_type: 'subscription_upgrade',
      }),
    ]);

    // A payment of another amount is rejected and changes nothing…
    const other = await service.request('POST', '/subscriptions/upgrade', {
      token: tenant.admin,
      body: { target_plan: 'pro' },
    });
    await paid(tenant, other.body.invoice, { amount: '1.00' });
    await waitFor(async () => (await payments(tenant, '?status=failed')).length === 1);
    expect((await current(tenant)).plan_type).toBe('FREE');

    // …the right one changes the plan, keeps the period, and every replica hears of it.
    await paid(tenant, invoice);
    const event = await changed(tenant.tenantId, 2);
    expect(event.data).toMatchObject({
      plan: 'PRO',
      status: 'active',
      current_period_start: '2026-03-01T00:00:00.000Z',
      current_period_end: '2026-04-01T00:00:00.000Z',
      limits: PLAN_CATALOGUE.PRO.limits,
      appointment_fee_percent: 5,
    });
    expect(await current(tenant)).toMatchObject({ plan_type: 'PRO', plan_details: { price: '599000.00' } });
    expect(await payments(tenant, '?status=completed')).toEqual([
      expect.objectContaining({
        invoice_id: invoice.id,
        status: 'completed',
        paid_at: '2026-03-12T09:00:00.000Z',
      }),
    ]);
    // The plan-limits replica (what catalog enforces with) now allows an 11th service: PRO's limit is 50.
    const { plans, db } = service.running.context;
    await waitFor(async () => (await plans.planOf(db.orm, tenant.tenantId)).plan === 'PRO');
    await expect(
      plans.assertWithinLimit(db.orm, tenant.tenantId, 'max_services', 10),
    ).resolves.toBeUndefined();
    // What the business's confirmation e-mail is made from: the subscription as the payment left it.
    const applied = await events.next(
      'billing.subscription.payment_applied.v1',
      ({ data }) => data.invoice_id === invoice.id,
    );
    expect(applied.data).toEqual({
      tenant_id: tenant.tenantId,
      subscription_id: tenant.subscriptionId,
      invoice_id: invoice.id,
      kind: 'upgrade',
      plan: 'PRO',
      previous_plan: 'FREE',
      billing_period: 'monthly',
      current_period_start: '2026-03-01T00:00:00.000Z',
      current_period_end: '2026-04-01T00:00:00.000Z',
      next_billing_date: '2026-04-01T00:00:00.000Z',
      amount: '405774.00',
      currency: 'IDR',
      paid_at: '2026-03-12T09:00:00.000Z',
    });
    // The same paid event again (redelivered by commerce) changes nothing more and confirms nothing again.
    await paid(tenant, invoice);
    await paid(tenant, { id: newId() });
    const upgradeAgain = await service.request('POST', '/subscriptions/upgrade', {
      token: tenant.admin,
      body: { target_plan: 'pro' },
    });
    expect(upgradeAgain.status).toBe(400);
    const appliedToTenant = () =>
      events
        .of('billing.subscription.payment_applied.v1')
        .filter(({ data }) => data.tenant_id === tenant.tenantId);
    expect(appliedToTenant()).toHaveLength(1);
  });

  it('a payment after the 7-day due date changes nothing', async () => {
    const tenant = await registered(service, '2026-03-01T00:00:00.000Z');
    clock.set('2026-03-11T00:00:00.000Z');
    const response = await service.request('POST', '/subscriptions/upgrade', {
      token: tenant.admin,
      body: { target_plan: 'enterprise' },
    });
    // (1,499,000 − 0) × 21 / 31 = 1,015,451.61 → 1,015,452.
    expect(response.body.invoice.amount).toBe('1015452.00');
    await paid(tenant, response.body.invoice, {
      target_plan: 'ENTERPRISE',
      amount: '1015452.00',
      paid_at: '2026-03-18T00:00:00.001Z',
    });
    await waitFor(async () => (await payments(tenant, '?status=failed')).length === 1);
    expect((await current(tenant)).plan_type).toBe('FREE');
  });

  it('without proration or in another period the full price is charged and a new period starts at payment', async () => {
    const tenant = await registered(service, '2026-03-01T00:00:00.000Z');
    clock.set('2026-03-11T00:00:00.000Z');
    const response = await service.request('POST', '/subscriptions/upgrade', {
      token: tenant.admin,
      body: { target_plan: 'pro', billing_period: 'yearly' },
    });
    expect(response.body.upgrade_details).toMatchObject({
      prorated_amount: '6468000.00',
      prorated: false,
      billing_period: 'yearly',
    });
    await paid(tenant, response.body.invoice, { billing_period: 'yearly', amount: '6468000.00' });
    expect((await changed(tenant.tenantId, 2)).data).toMatchObject({
      plan: 'PRO',
      billing_period: 'yearly',
      current_period_start: '2026-03-12T09:00:00.000Z',
      current_period_end: '2027-03-12T09:00:00.000Z',
    });
  });

  /** Registered 1 March, on PRO paid on 2 March (snapshot version 2); the period ends 1 April. */
  async function proSinceSecondOfMarch(): Promise<Tenant> {
    const tenant = await registered(service, '2026-03-01T00:00:00.000Z');
    clock.set('2026-03-02T00:00:00.000Z');
    const upgrade = await service.request('POST', '/subscriptions/upgrade', {
      token: tenant.admin,
      body: { target_plan: 'pro' },
    });
    // 30 of 31 days left: 599,000 × 30 / 31 = 579,677.42 → 579,677.
    await paid(tenant, upgrade.body.invoice, { amount: '579677.00', paid_at: '2026-03-02T01:00:00.000Z' });
    await changed(tenant.tenantId, 2);
    return tenant;
  }

  it('renewal charges the full period with renewal=true and extends the period by one cycle when paid', async () => {
    const tenant = await proSinceSecondOfMarch();

    clock.set('2026-03-28T00:00:00.000Z');
    const wrongId = await service.request('POST', '/subscriptions/renew', {
      token: tenant.admin,
      body: { subscription_id: newId() },
    });
    expect(wrongId.status).toBe(404);
    const response = await service.request('POST', '/subscriptions/renew', {
      token: tenant.admin,
      body: { subscription_id: tenant.subscriptionId },
    });
    expect(response.status).toBe(200);
    expect(commerce.calls.at(-1)!.body).toMatchObject({
      kind: 'renewal',
      target_plan: 'PRO',
      amount: '599000.00',
      due_at: '2026-04-04T00:00:00.000Z',
      metadata: { renewal: true, prorated: false },
    });
    expect(response.body).toEqual({
      status: 'payment_pending',
      message: expect.any(String),
      subscription: {
        id: tenant.subscriptionId,
        plan: 'pro',
        billing_period: 'monthly',
        current_period_end: '2026-04-01T00:00:00.000Z',
      },
      invoice: {
        id: response.body.invoice.id,
        invoice_number: response.body.invoice.invoice_number,
        amount: '599000.00',
        currency: 'IDR',
        due_date: '2026-04-04T00:00:00.000Z',
        gateway_invoice_url: expect.any(String),
        gateway_pdf_url: expect.any(String),
        gateway_payment_url: expect.any(String),
      },
      renewal_details: {
        renewing_plan: 'pro',
        billing_period: 'monthly',
        renewal_amount: '599000.00',
        next_period_start: '2026-04-01T00:00:00.000Z',
        next_period_end: '2026-05-01T00:00:00.000Z',
      },
      next_steps: expect.any(Array),
    });
    await paid(tenant, response.body.invoice, {
      kind: 'renewal',
      amount: '599000.00',
      paid_at: '2026-03-29T00:00:00.000Z',
    });
    expect((await changed(tenant.tenantId, 3)).data).toMatchObject({
      plan: 'PRO',
      current_period_start: '2026-04-01T00:00:00.000Z',
      current_period_end: '2026-05-01T00:00:00.000Z',
    });
    const applied = await events.next(
      'billing.subscription.payment_applied.v1',
      ({ data }) => data.invoice_id === response.body.invoice.id,
    );
    expect(applied.data).toMatchObject({
      kind: 'renewal',
      plan: 'PRO',
      previous_plan: 'PRO',
      current_period_start: '2026-04-01T00:00:00.000Z',
      current_period_end: '2026-05-01T00:00:00.000Z',
      next_billing_date: '2026-05-01T00:00:00.000Z',
      amount: '599000.00',
    });
    const history = await payments(tenant);
    expect(
      history.map((payment: { payment_type: string; status: string }) => [
        payment.payment_type,
        payment.status,
      ]),
    ).toEqual([
      ['subscription_renewal', 'completed'],
      ['subscription_upgrade', 'completed'],
    ]);
    expect(await payments(tenant, '?limit=1&offset=1')).toHaveLength(1);
  });

  it('a renewal paid while past_due makes the plan active again, its period starting at payment', async () => {
    const tenant = await proSinceSecondOfMarch();

    // The period ended on 1 April unpaid: the daily job finds it past_due on the 3rd.
    const job = await service.request('POST', '/internal/jobs/apply-scheduled-changes', {
      headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
      body: { as_of: '2026-04-03T00:00:00.000Z' },
    });
    expect(job.status).toBe(200);
    expect((await changed(tenant.tenantId, 3)).data).toMatchObject({ plan: 'PRO', status: 'past_due' });

    clock.set('2026-04-03T08:00:00.000Z');
    const renewal = await service.request('POST', '/subscriptions/renew', {
      token: tenant.admin,
      body: { subscription_id: tenant.subscriptionId },
    });
    expect(renewal.status).toBe(200);
    await paid(tenant, renewal.body.invoice, {
      kind: 'renewal',
      amount: '599000.00',
      paid_at: '2026-04-03T09:00:00.000Z',
    });
    expect((await changed(tenant.tenantId, 4)).data).toMatchObject({
      plan: 'PRO',
      status: 'active',
      current_period_start: '2026-04-03T09:00:00.000Z',
      current_period_end: '2026-05-03T09:00:00.000Z',
    });
    expect(await current(tenant)).toMatchObject({ plan_type: 'PRO', status: 'active' });
  });

  it('refuses the current plan, a FREE renewal, staff without the role and bad input', async () => {
    const tenant = await registered(service);
    const same = await service.request('POST', '/subscriptions/upgrade', {
      token: tenant.admin,
      body: { target_plan: 'free' },
    });
    expect(same.status).toBe(400);
    expect(same.body.detail).toEqual(expect.any(String));
    const renew = await service.request('POST', '/subscriptions/renew', {
      token: tenant.admin,
      body: { subscription_id: tenant.subscriptionId },
    });
    expect(renew.status).toBe(400);
    const bad = await service.request('POST', '/subscriptions/upgrade', {
      token: tenant.admin,
      body: { target_plan: 'platinum', billing_period: 'weekly', prorate_charges: 'yes' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail.map((issue: { loc: string[] }) => issue.loc)).toEqual([
      ['body', 'target_plan'],
      ['body', 'billing_period'],
      ['body', 'prorate_charges'],
    ]);
    expect(
      (
        await service.request('POST', '/subscriptions/upgrade', {
          token: tenant.staff('STAFF'),
          body: { target_plan: 'pro' },
        })
      ).status,
    ).toBe(403);
    expect(commerce.calls.every((call) => call.body.tenant_id !== tenant.tenantId)).toBe(true);
  });

  it('commerce failing or unreachable: 503 and nothing recorded or changed', async () => {
    const tenant = await registered(service);
    commerce.mode = 'error';
    const failing = await service.request('POST', '/subscriptions/upgrade', {
      token: tenant.admin,
      body: { target_plan: 'pro' },
    });
    expect(failing.status).toBe(503);
    expect(failing.body).toEqual({ detail: 'commerce is temporarily unavailable' });

    const unreachable = await startTestService(createBillingService({ clock }), {
      COMMERCE_URL: 'http://127.0.0.1:9',
    });
    const unconfigured = await startTestService(createBillingService({ clock }));
    try {
      for (const other of [unreachable, unconfigured]) {
        const otherTenant = await registered(other);
        const response = await other.request('POST', '/subscriptions/upgrade', {
          token: otherTenant.admin,
          body: { target_plan: 'pro' },
        });
        expect(response.status).toBe(503);
        expect(
          (await other.request('GET', '/subscriptions/payments', { token: otherTenant.admin })).body,
        ).toEqual([]);
        expect(
          (await other.request('GET', '/subscriptions/current', { token: otherTenant.admin })).body.plan_type,
        ).toBe('FREE');
      }
    } finally {
      await unreachable.stop();
      await unconfigured.stop();
    }
    expect(await payments(tenant)).toEqual([]);
    expect((await current(tenant)).plan_type).toBe('FREE');
  });
});
