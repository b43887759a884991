import { sql } from 'drizzle-orm';
import {
  TEST_INTERNAL_TOKEN,
  captureEvents,
  startTestService,
  waitFor,
  type EventCapture,
  type TestService,
} from '@salon/testing';
import { selectRows } from '@salon/service-kit';
import { createBillingService } from '../src/definition';
import { registered, testClock, type Tenant } from './helpers';

describe('downgrade: scheduled, cancelled, applied by the job on its date', () => {
  const clock = testClock('2026-03-11T00:00:00.000Z');
  let service: TestService;
  let events: EventCapture;

  beforeAll(async () => {
    service = await startTestService(createBillingService({ clock }));
    events = await captureEvents(service.testBus.bus, ['billing.subscription.changed.v1']);
  });
  afterAll(() => service.stop());

  /** A tenant on ENTERPRISE monthly, period 1 March → 1 April 2026. */
  async function enterpriseTenant(): Promise<Tenant> {
    const tenant = await registered(service, '2026-03-01T00:00:00.000Z');
    await service.running.context.db.orm.execute(
      sql`UPDATE billing.subscriptions SET plan = 'ENTERPRISE' WHERE tenant_id = ${tenant.tenantId}`,
    );
    return tenant;
  }
  const runJob = (asOf?: string) =>
    service.request('POST', '/internal/jobs/apply-scheduled-changes', {
      headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
      body: asOf ? { as_of: asOf } : {},
    });
  const current = async (tenant: Tenant) =>
    (await service.request('GET', '/subscriptions/current', { token: tenant.admin })).body;

  it('schedules for the end of the period, applies nothing before it and applies it on the date', async () => {
    const tenant = await enterpriseTenant();
    const response = await service.request('POST', '/subscriptions/downgrade', {
      token: tenant.admin,
      body: { target_plan: 'pro', reason: 'too big for us' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: tenant.subscriptionId,
      plan: 'enterprise',
      scheduled_changes: {
        target_plan: 'pro',
        effective_date: '2026-04-01T00:00:00.000Z',
        reason: 'too big for us',
        scheduled_at: '2026-03-11T00:00:00.000Z',
      },
    });
    expect((await current(tenant)).scheduled_changes).toEqual(response.body.scheduled_changes);

    // One millisecond before the effective date: nothing.
    const early = await runJob('2026-03-31T23:59:59.999Z');
    expect(early.body).toEqual({
      applied: 0,
      past_due: 0,
      expired: 0,
      free_periods_renewed: 0,
      as_of: '2026-03-31T23:59:59.999Z',
    });
    expect((await current(tenant)).plan_type).toBe('ENTERPRISE');

    const due = await runJob('2026-04-01T00:00:00.000Z');
    expect(due.body.applied).toBeGreaterThanOrEqual(1);
    const after = await current(tenant);
    expect(after).toMatchObject({
      plan_type: 'PRO',
      current_period_start: '2026-04-01T00:00:00.000Z',
      current_period_end: '2026-05-01T00:00:00.000Z',
      scheduled_changes: null,
    });
    // The job is idempotent: a re-run applies nothing to this tenant.
    await runJob('2026-04-01T00:00:00.000Z');
    expect((await current(tenant)).plan_type).toBe('PRO');
    const event = await events.next(
      'billing.subscription.changed.v1',
      ({ data }) => data.tenant_id === tenant.tenantId && data.plan === 'PRO',
    );
    expect(event.data).toMatchObject({ plan: 'PRO', limits: { max_services: 50 }, version: 3 });
  });

  it('cancels a scheduled change before its date; nothing is applied then', async () => {
    const tenant = await enterpriseTenant();
    await service.request('POST', '/subscriptions/downgrade', {
      token: tenant.admin,
      body: { target_plan: 'free' },
    });
    const cancelled = await service.request('DELETE', '/subscriptions/scheduled-changes', {
      token: tenant.admin,
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.scheduled_changes).toBeNull();
    expect(
      (await service.request('DELETE', '/subscriptions/scheduled-changes', { token: tenant.admin })).status,
    ).toBe(404);
    await runJob('2026-04-02T00:00:00.000Z');
    expect((await current(tenant)).plan_type).toBe('ENTERPRISE');
  });

  it('refuses a target that is not lower, unknown plans and callers without the credential', async () => {
    const tenant = await registered(service);
    const same = await service.request('POST', '/subscriptions/downgrade', {
      token: tenant.admin,
      body: { target_plan: 'free' },
    });
    expect(same.status).toBe(400);
    const higher = await service.request('POST', '/subscriptions/downgrade', {
      token: tenant.admin,
      body: { target_plan: 'pro' },
    });
    expect(higher.status).toBe(400);
    const unknown = await service.request('POST', '/subscriptions/downgrade', {
      token: tenant.admin,
      body: { target_plan: 'gold' },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail[0].loc).toEqual(['body', 'target_plan']);
    const missing = await service.request('POST', '/subscriptions/downgrade', {
      token: tenant.admin,
      body: {},
    });
    expect(missing.status).toBe(422);
    expect(
      (await service.request('POST', '/internal/jobs/apply-scheduled-changes', { body: {} })).status,
    ).toBe(404);
    const badDate = await runJob('yesterday');
    expect(badDate.status).toBe(422);
  });
});

describe('periods that end unpaid: past_due, expired after the grace; FREE renews itself', () => {
  const clock = testClock('2026-03-11T00:00:00.000Z');
  let service: TestService;
  let events: EventCapture;

  beforeAll(async () => {
    service = await startTestService(createBillingService({ clock }));
    events = await captureEvents(service.testBus.bus, ['billing.subscription.changed.v1']);
  });
  afterAll(() => service.stop());

  const runJob = async (asOf: string) => {
    const response = await service.request('POST', '/internal/jobs/apply-scheduled-changes', {
      headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
      body: { as_of: asOf },
    });
    expect(response.status).toBe(200);
    return response.body;
  };
  const current = async (tenant: Tenant) =>
    (await service.request('GET', '/subscriptions/current', { token: tenant.admin })).body;
  const nothing = { applied: 0, past_due: 0, expired: 0, free_periods_renewed: 0 };

  it('keeps a paid plan past_due through the grace, then moves it to FREE expired; FREE rolls month by month', async () => {
    // Both registered 1 March: periods end 1 April.
    const pro = await registered(service, '2026-03-01T00:00:00.000Z');
    await service.running.context.db.orm.execute(
      sql`UPDATE billing.subscriptions SET plan = 'PRO' WHERE tenant_id = ${pro.tenantId}`,
    );
    const free = await registered(service, '2026-03-01T00:00:00.000Z');

    expect(await runJob('2026-03-31T23:59:59.999Z')).toMatchObject(nothing);

    expect(await runJob('2026-04-01T00:00:00.000Z')).toMatchObject({ past_due: 1, free_periods_renewed: 1 });
    expect(await current(pro)).toMatchObject({
      plan_type: 'PRO',
      status: 'past_due',
      plan_details: { limits: { max_services: 50 } },
    });
    const pastDue = await events.next(
      'billing.subscription.changed.v1',
      ({ data }) => data.tenant_id === pro.tenantId && data.status === 'past_due',
    );
    expect(pastDue.data).toMatchObject({ plan: 'PRO', status: 'past_due' });
    expect(await current(free)).toMatchObject({
      plan_type: 'FREE',
      status: 'active',
      current_period_start: '2026-04-01T00:00:00.000Z',
      current_period_end: '2026-05-01T00:00:00.000Z',
    });

    // Seven days of grace (PAST_DUE_GRACE_DAYS): the last millisecond of it changes nothing.
    expect(await runJob('2026-04-07T23:59:59.999Z')).toMatchObject(nothing);
    expect(await runJob('2026-04-08T00:00:00.000Z')).toMatchObject({ ...nothing, expired: 1 });
    expect(await current(pro)).toMatchObject({
      plan_type: 'FREE',
      status: 'expired',
      current_period_start: '2026-04-08T00:00:00.000Z',
      current_period_end: '2026-05-08T00:00:00.000Z',
      plan_details: { limits: { max_services: 10 } },
    });
    const expired = await events.next(
      'billing.subscription.changed.v1',
      ({ data }) => data.tenant_id === pro.tenantId && data.status === 'expired',
    );
    expect(expired.data).toMatchObject({ plan: 'FREE', status: 'expired', limits: { max_services: 10 } });

    // Months later, one run rolls each FREE period to the month that holds the date; a re-run does nothing.
    expect(await runJob('2026-06-15T00:00:00.000Z')).toMatchObject({ ...nothing, free_periods_renewed: 2 });
    expect(await current(free)).toMatchObject({
      current_period_start: '2026-06-01T00:00:00.000Z',
      current_period_end: '2026-07-01T00:00:00.000Z',
    });
    expect(await current(pro)).toMatchObject({
      status: 'expired',
      current_period_start: '2026-06-08T00:00:00.000Z',
      current_period_end: '2026-07-08T00:00:00.000Z',
    });
    expect(await runJob('2026-06-15T00:00:00.000Z')).toMatchObject(nothing);
  });

  it('leaves a suspended subscription alone', async () => {
    const tenant = await registered(service, '2026-03-01T00:00:00.000Z');
    await service.running.context.db.orm.execute(
      sql`UPDATE billing.subscriptions SET plan = 'PRO', status = 'suspended' WHERE tenant_id = ${tenant.tenantId}`,
    );
    await runJob('2026-05-01T00:00:00.000Z');
    // The period's end is not in the API's answer, so the row itself is read.
    const [row] = await selectRows<{ plan: string; status: string; period_unchanged: boolean }>(
      service.running.context.db.orm,
      sql`SELECT plan, status, current_period_end = '2026-04-01T00:00:00Z'::timestamptz AS period_unchanged
          FROM billing.subscriptions WHERE tenant_id = ${tenant.tenantId}`,
    );
    expect(row).toEqual({ plan: 'PRO', status: 'suspended', period_unchanged: true });
  });
});

describe('downgrade: applied by its own task at the period end, without the daily job', () => {
  // The real clock: the task waits on the broker's delay ladder in real time.
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(createBillingService());
  });
  afterAll(() => service.stop());

  const current = async (tenant: Tenant) =>
    (await service.request('GET', '/subscriptions/current', { token: tenant.admin })).body;
  /** A tenant on ENTERPRISE whose period ends in two seconds. */
  async function endingSoon(): Promise<{ tenant: Tenant; periodEnd: number }> {
    const tenant = await registered(service, new Date().toISOString());
    const periodEnd = Date.now() + 2_000;
    await service.running.context.db.orm.execute(
      sql`UPDATE billing.subscriptions SET plan = 'ENTERPRISE',
            current_period_end = ${new Date(periodEnd).toISOString()}::timestamptz
          WHERE tenant_id = ${tenant.tenantId}`,
    );
    return { tenant, periodEnd };
  }
  const downgrade = (tenant: Tenant) =>
    service.request('POST', '/subscriptions/downgrade', {
      token: tenant.admin,
      body: { target_plan: 'pro' },
    });

  it('changes the plan at current_period_end, not before; a cancelled downgrade’s task changes nothing', async () => {
    const { tenant, periodEnd } = await endingSoon();
    const cancelled = await endingSoon();
    expect((await downgrade(tenant)).status).toBe(200);
    expect((await downgrade(cancelled.tenant)).status).toBe(200);
    const dropped = await service.request('DELETE', '/subscriptions/scheduled-changes', {
      token: cancelled.tenant.admin,
    });
    expect(dropped.status).toBe(200);
    expect((await current(tenant)).plan_type).toBe('ENTERPRISE');

    const after = await waitFor(async () => {
      const now = await current(tenant);
      return now.plan_type === 'PRO' && now;
    });
    expect(Date.now()).toBeGreaterThanOrEqual(periodEnd);
    expect(after).toMatchObject({
      current_period_start: new Date(periodEnd).toISOString(),
      scheduled_changes: null,
    });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, periodEnd + 500 - Date.now())));
    expect(await current(cancelled.tenant)).toMatchObject({
      plan_type: 'ENTERPRISE',
      scheduled_changes: null,
    });
  });
});
