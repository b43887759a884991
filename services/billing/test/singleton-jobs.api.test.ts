import { sql } from 'drizzle-orm';
import { newId, selectRows } from '@salon/service-kit';
import { TEST_INTERNAL_TOKEN, startTestService, type TestService } from '@salon/testing';
import { createBillingService } from '../src/definition';
import { registered, testClock } from './helpers';

/**
 * Billing's scheduled jobs with two replicas on one database, as a CronJob's call retried or landing on both
 * (docs/operations.md "Scheduled jobs with several replicas"): each due row is applied by exactly one call,
 * so the calls' counts add up to the rows, and a repeated call finds nothing left.
 */
describe('billing jobs called on two replicas at once', () => {
  const clock = testClock('2026-03-11T00:00:00.000Z');
  let first: TestService;
  let second: TestService;

  beforeAll(async () => {
    first = await startTestService(createBillingService({ clock }));
    second = await startTestService(createBillingService({ clock }), {}, { database: first.database });
  });
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  const call = (replica: TestService, path: string, asOf: string) =>
    replica.request('POST', path, {
      headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
      body: { as_of: asOf },
    });
  /** The same job on both replicas, twice each, all at once: the bodies of the four answers. */
  const onBoth = async (path: string, asOf: string) => {
    const answers = await Promise.all(
      [first, second, first, second].map((replica) => call(replica, path, asOf)),
    );
    for (const answer of answers) expect(answer.status).toBe(200);
    return answers.map((answer) => answer.body);
  };

  it('applies each due downgrade once: one new version per subscription, the counts add up', async () => {
    const tenants = [];
    for (let i = 0; i < 12; i += 1) {
      const tenant = await registered(first);
      await first.running.context.db.orm.execute(
        sql`UPDATE billing.subscriptions SET plan = 'ENTERPRISE' WHERE tenant_id = ${tenant.tenantId}`,
      );
      const scheduled = await first.request('POST', '/subscriptions/downgrade', {
        token: tenant.admin,
        body: { target_plan: 'pro' },
      });
      expect(scheduled.status).toBe(200);
      tenants.push(tenant);
    }
    const versionsBefore = await versions(tenants.map((t) => t.tenantId));

    const bodies = await onBoth('/internal/jobs/apply-scheduled-changes', '2026-04-01T00:00:00.000Z');
    expect(bodies.reduce((sum, body) => sum + body.applied, 0)).toBe(tenants.length);
    const after = await versions(tenants.map((t) => t.tenantId));
    for (const tenant of tenants) {
      expect(after.get(tenant.tenantId)).toEqual({
        plan: 'PRO',
        version: versionsBefore.get(tenant.tenantId)!.version + 1,
      });
    }
    const again = await call(second, '/internal/jobs/apply-scheduled-changes', '2026-04-01T00:00:00.000Z');
    expect(again.body.applied).toBe(0);
  });

  it('lifts each lapsed quota block once', async () => {
    const tenantId = newId();
    const blocked = Array.from({ length: 30 }, () => newId());
    for (const customerId of blocked)
      await first.running.context.db.orm.execute(
        sql`INSERT INTO billing.token_quotas (tenant_id, customer_id, daily_quota, blocked_reason, blocked_until)
            VALUES (${tenantId}, ${customerId}, 100, 'daily_quota_exceeded', '2026-03-11T00:00:00Z')`,
      );
    const bodies = await onBoth('/token-usage/quota-reset', '2026-03-11T00:00:00.000Z');
    expect(bodies.reduce((sum, body) => sum + body.reset_count, 0)).toBe(blocked.length);
    const still = await selectRows<{ n: string }>(
      first.running.context.db.orm,
      sql`SELECT count(*) AS n FROM billing.token_quotas WHERE tenant_id = ${tenantId} AND blocked_reason IS NOT NULL`,
    );
    expect(Number(still[0]!.n)).toBe(0);
  });

  async function versions(tenantIds: string[]) {
    const rows = await selectRows<{ tenant_id: string; plan: string; version: number }>(
      first.running.context.db.orm,
      sql`SELECT tenant_id, plan, version FROM billing.subscriptions WHERE tenant_id IN (${sql.join(
        tenantIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    return new Map(rows.map((row) => [row.tenant_id, { plan: row.plan, version: row.version }]));
  }
});
