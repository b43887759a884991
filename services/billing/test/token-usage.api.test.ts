import { sql } from 'drizzle-orm';
import { newId } from '@salon/service-kit';
import {
  TEST_INTERNAL_TOKEN,
  customerPreferencesFixture,
  startTestService,
  waitFor,
  type TestService,
} from '@salon/testing';
import { createBillingService } from '../src/definition';
import { newTenant, publish, registered, superAdminToken, testClock, type Tenant } from './helpers';

describe('token usage (AI chat)', () => {
  const clock = testClock('2026-03-11T10:00:00.000Z');
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService(createBillingService({ clock }), {
      FREE_PLAN_DAILY_TOKENS: '1000',
      FREE_PLAN_MONTHLY_TOKENS: '5000',
      DEFAULT_DAILY_TOKENS: '300',
      DEFAULT_MONTHLY_TOKENS: '900',
    });
  });
  afterAll(() => service.stop());

  const track = (token: string, tokens: number, extra: Record<string, unknown> = {}) =>
    service.request('POST', '/token-usage/track', {
      token,
      body: { tokens, conversation_id: 'conv-1', message_count: 1, ...extra },
    });
  const quota = async (token: string) => (await service.request('GET', '/token-usage/quota', { token })).body;
  const knownCustomer = async (tenant: Tenant, customerId = tenant.customerId) => {
    await publish(
      service,
      'identity.customer.updated.v1',
      {
        customer_id: customerId,
        tenant_id: tenant.tenantId,
        email: null,
        phone: null,
        first_name: 'Rina',
        last_name: null,
        date_of_birth: null,
        gender: null,
        tags: [],
        email_verified: false,
        phone_verified: false,
        is_active: true,
        is_deleted: false,
        preferences: customerPreferencesFixture(),
        updated_at: clock.now().toISOString(),
        version: 1,
      },
      tenant.tenantId,
    );
    await waitFor(async () => {
      const rows = await service.running.context.db.orm.execute(
        sql`SELECT 1 FROM billing.customers WHERE customer_id = ${customerId}`,
      );
      return (rows as unknown as { rows: unknown[] }).rows.length === 1;
    });
  };

  it('creates the quota record on first use, following the plan (defaults without a subscription)', async () => {
    const tenant = await registered(service);
    clock.set('2026-03-11T10:00:00.000Z');
    expect(await quota(tenant.customer)).toEqual({
      allowed: true,
      used_today: 0,
      used_this_month: 0,
      daily_quota: 1000,
      monthly_quota: 5000,
      remaining_today: 1000,
      remaining_this_month: 5000,
      percentage_used_today: 0,
      percentage_used_this_month: 0,
      resets_at: '2026-03-12T00:00:00.000Z',
      blocked: false,
      blocked_reason: null,
    });
    const unknown = newTenant(service);
    expect(await quota(unknown.customer)).toMatchObject({ daily_quota: 300, monthly_quota: 900 });
    expect((await service.request('GET', '/token-usage/quota', { token: tenant.admin })).status).toBe(403);
    expect((await service.request('GET', '/token-usage/quota')).status).toBe(401);
  });

  it('records every call; warns from 80 %; 429 only after a call that passes the daily quota', async () => {
    const tenant = await registered(service);
    clock.set('2026-03-11T10:00:00.000Z');
    const first = await track(tenant.customer, 799, { prompt_tokens: 600, completion_tokens: 199 });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      recorded: true,
      new_total_today: 799,
      new_total_month: 799,
      quota_exceeded: false,
      warning: null,
    });
    const at80 = await track(tenant.customer, 1);
    expect(at80.body.warning).toBe('You have used 80% of your daily token quota (800/1000 tokens).');
    const atQuota = await track(tenant.customer, 200);
    expect(atQuota.status).toBe(200);
    expect(atQuota.body).toMatchObject({ new_total_today: 1000, quota_exceeded: false });
    expect(await quota(tenant.customer)).toMatchObject({
      allowed: false,
      remaining_today: 0,
      blocked: false,
    });

    const over = await track(tenant.customer, 1);
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ detail: 'Daily token quota exceeded. Limit resets at midnight UTC.' });
    // Recorded anyway, and blocked until midnight UTC.
    expect(await quota(tenant.customer)).toMatchObject({
      used_today: 1001,
      used_this_month: 1001,
      allowed: false,
      blocked: true,
      blocked_reason: 'daily_quota_exceeded',
      percentage_used_today: 100.1,
    });
    expect((await track(tenant.customer, 10)).status).toBe(429);

    // A new UTC day starts at zero even though no reset ran; the month keeps counting.
    clock.set('2026-03-12T00:00:00.000Z');
    expect(await quota(tenant.customer)).toMatchObject({
      used_today: 0,
      used_this_month: 1011,
      allowed: true,
      blocked: false,
    });
    const nextDay = await track(tenant.customer, 5);
    expect(nextDay.body).toMatchObject({ new_total_today: 5, new_total_month: 1016 });

    // History, newest first, with the day flagged and the cost estimate.
    const history = await service.request('GET', '/token-usage/history?days=7', { token: tenant.customer });
    expect(history.status).toBe(200);
    expect(history.body.daily_usage.map((day: { date: string }) => day.date)).toEqual([
      '2026-03-12',
      '2026-03-11',
    ]);
    expect(history.body.daily_usage[1]).toEqual({
      date: '2026-03-11',
      total_tokens: 1011,
      total_conversations: 1,
      total_messages: 5,
      average_tokens_per_message: 202.2,
      // 600 × 0.075/M + 199 × 0.30/M + (1 + 200 + 1 + 10) × 0.075/M = 0.0001206, shown to 6 places
      estimated_cost_usd: 0.000121,
      quota_exceeded: true,
    });
    expect(history.body.daily_usage[0].quota_exceeded).toBe(false);
    expect(history.body.total_tokens).toBe(1016);
    expect(history.body.average_tokens_per_day).toBe(145.14);
    expect(
      (await service.request('GET', '/token-usage/history?days=1', { token: tenant.customer })).body
        .daily_usage,
    ).toHaveLength(1);
    for (const days of ['0', '91', 'x']) {
      const bad = await service.request('GET', `/token-usage/history?days=${days}`, {
        token: tenant.customer,
      });
      expect(bad.status).toBe(422);
      expect(bad.body.detail[0].loc).toEqual(['query', 'days']);
    }
  });

  it('passes the monthly quota with its own message', async () => {
    const tenant = await registered(service);
    clock.set('2026-04-01T00:00:00.000Z');
    for (const day of ['01', '02', '03', '04', '05']) {
      clock.set(`2026-04-${day}T12:00:00.000Z`);
      expect((await track(tenant.customer, 1000)).status).toBe(200);
    }
    clock.set('2026-04-06T12:00:00.000Z');
    const over = await track(tenant.customer, 1);
    expect(over.status).toBe(429);
    expect(over.body.detail).toMatch(/^Monthly token quota exceeded/);
    expect(await quota(tenant.customer)).toMatchObject({
      blocked_reason: 'monthly_quota_exceeded',
      remaining_this_month: 0,
    });
    clock.set('2026-05-01T00:00:00.000Z');
    expect(await quota(tenant.customer)).toMatchObject({ used_this_month: 0, blocked: false, allowed: true });
  });

  it('loses no increment under 50 concurrent tracking calls', async () => {
    const tenant = await registered(service);
    clock.set('2026-03-20T08:00:00.000Z');
    const responses = await Promise.all(Array.from({ length: 50 }, () => track(tenant.customer, 7)));
    expect(responses.every((response) => response.status === 200)).toBe(true);
    const totals = responses.map((response) => response.body.new_total_today).sort((a, b) => a - b);
    expect(totals).toEqual(Array.from({ length: 50 }, (_, index) => (index + 1) * 7));
    expect(await quota(tenant.customer)).toMatchObject({ used_today: 350, used_this_month: 350 });
  });

  it('validates the tracking body', async () => {
    const tenant = await registered(service);
    const bad = await service.request('POST', '/token-usage/track', {
      token: tenant.customer,
      body: { tokens: -1, message_count: 1.5 },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail.map((issue: { loc: string[] }) => issue.loc)).toEqual([
      ['body', 'tokens'],
      ['body', 'conversation_id'],
      ['body', 'message_count'],
    ]);
  });

  it('PATCH /token-usage/quota/{customer_id}: own tenant for TENANT_ADMIN, any for SUPER_ADMIN, -1 unlimited', async () => {
    const tenant = await registered(service);
    const other = await registered(service);
    await knownCustomer(tenant);
    await knownCustomer(other);
    clock.set('2026-03-25T08:00:00.000Z');
    const path = `/token-usage/quota/${tenant.customerId}`;

    const response = await service.request('PATCH', path, { token: tenant.admin, body: { daily_quota: 50 } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, updated_count: 1 });
    expect(await quota(tenant.customer)).toMatchObject({ daily_quota: 50, monthly_quota: 5000 });
    expect((await track(tenant.customer, 51)).status).toBe(429);

    // Effective at once: unlimited lifts the block.
    await service.request('PATCH', path, {
      token: superAdminToken(service),
      body: { daily_quota: -1, monthly_quota: -1 },
    });
    expect(await quota(tenant.customer)).toMatchObject({
      allowed: true,
      blocked: false,
      daily_quota: -1,
      monthly_quota: -1,
      remaining_today: -1,
      percentage_used_today: 0,
    });
    expect((await track(tenant.customer, 100_000)).status).toBe(200);
    await service.request('PATCH', path, {
      token: tenant.admin,
      body: { daily_quota: 10, monthly_quota: 10, quota_type: 'unlimited' },
    });
    expect(await quota(tenant.customer)).toMatchObject({ daily_quota: -1, monthly_quota: -1 });

    // Another tenant's customer, an unknown one: 404. Other roles and customers: 403.
    expect(
      (
        await service.request('PATCH', `/token-usage/quota/${other.customerId}`, {
          token: tenant.admin,
          body: { daily_quota: 1 },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await service.request('PATCH', `/token-usage/quota/${newId()}`, {
          token: tenant.admin,
          body: { daily_quota: 1 },
        })
      ).status,
    ).toBe(404);
    expect(
      (await service.request('PATCH', path, { token: tenant.staff('STAFF'), body: { daily_quota: 1 } }))
        .status,
    ).toBe(403);
    expect(
      (await service.request('PATCH', path, { token: tenant.customer, body: { daily_quota: 1 } })).status,
    ).toBe(403);

    for (const [body, loc] of [
      [{ daily_quota: -2 }, ['body', 'daily_quota']],
      [{ monthly_quota: -5 }, ['body', 'monthly_quota']],
      [{ quota_type: 'weekly' }, ['body', 'quota_type']],
      [{}, ['body']],
    ] as const) {
      const bad = await service.request('PATCH', path, { token: tenant.admin, body });
      expect(bad.status).toBe(422);
      expect(bad.body.detail[0].loc).toEqual(loc);
    }
    const badId = await service.request('PATCH', '/token-usage/quota/nope', {
      token: tenant.admin,
      body: { daily_quota: 1 },
    });
    expect(badId.status).toBe(422);
    expect(badId.body.detail[0].loc).toEqual(['path', 'customer_id']);
  });

  it('the reset jobs lift lapsed blocks, are idempotent and need the internal credential', async () => {
    const tenant = await registered(service);
    clock.set('2026-06-10T23:00:00.000Z');
    await track(tenant.customer, 1001);
    const reset = (path: string, asOf: string) =>
      service.request('POST', path, {
        headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
        body: { as_of: asOf },
      });
    const blockOf = async () => {
      const result = await service.running.context.db.orm.execute(
        sql`SELECT blocked_reason FROM billing.token_quotas WHERE customer_id = ${tenant.customerId}`,
      );
      return (result as unknown as { rows: { blocked_reason: string | null }[] }).rows[0]!.blocked_reason;
    };
    expect((await service.request('POST', '/token-usage/quota-reset', { body: {} })).status).toBe(404);
    expect(await blockOf()).toBe('daily_quota_exceeded');
    // Before midnight the block stays.
    await reset('/token-usage/quota-reset', '2026-06-10T23:59:59.000Z');
    expect(await blockOf()).toBe('daily_quota_exceeded');
    const first = await reset('/token-usage/quota-reset', '2026-06-11T00:00:00.000Z');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      reset_count: expect.any(Number),
      as_of: '2026-06-11T00:00:00.000Z',
    });
    expect(first.body.reset_count).toBeGreaterThanOrEqual(1);
    expect(await blockOf()).toBeNull();
    // Idempotent: a second run finds nothing left to lift.
    expect((await reset('/token-usage/quota-reset', '2026-06-11T00:00:00.000Z')).body.reset_count).toBe(0);
    const monthly = await reset('/token-usage/quota-reset-monthly', '2026-07-01T00:00:00.000Z');
    expect(monthly.status).toBe(200);
    clock.set('2026-06-11T00:00:01.000Z');
    expect(await quota(tenant.customer)).toMatchObject({ blocked: false, used_today: 0 });
  });

  it('erases the customer’s token data when identity deletes the customer', async () => {
    const tenant = await registered(service);
    await knownCustomer(tenant);
    await track(tenant.customer, 5);
    await publish(
      service,
      'identity.customer.deleted.v1',
      {
        customer_id: tenant.customerId,
        tenant_id: tenant.tenantId,
        reason: 'account_deletion',
        gdpr_deletion: true,
        deleted_at: clock.now().toISOString(),
      },
      tenant.tenantId,
    );
    await waitFor(async () => {
      const result = await service.running.context.db.orm.execute(
        sql`SELECT count(*)::int AS n FROM billing.token_usage_log WHERE customer_id = ${tenant.customerId}`,
      );
      return (result as unknown as { rows: { n: number }[] }).rows[0]!.n === 0;
    });
    expect(
      (
        await service.request('PATCH', `/token-usage/quota/${tenant.customerId}`, {
          token: tenant.admin,
          body: { daily_quota: 1 },
        })
      ).status,
    ).toBe(404);
  });
});
