import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { selectRows } from '@salon/service-kit';
import { testDatabaseUrl } from '@salon/testing';
import { INTERNAL, days, insertNotification, seedTenant, startHarness, type Harness } from './helpers';

describe('promotion of the database tier, and health', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.stop());

  const post = (path: string) => h.service.request('POST', path, { headers: INTERNAL });
  const get = (path: string) => h.service.request('GET', path, { headers: INTERNAL });
  const statuses = async () =>
    selectRows<{ status: string; n: string }>(
      h.service.database.db.orm,
      sql`SELECT status, count(*) AS n FROM notifications.scheduled_notifications GROUP BY status ORDER BY status`,
    );

  it('promotes exactly the PENDING rows due within 25 days, and expires stale ones', async () => {
    const tenant = await seedTenant(h.service);
    const due = [];
    for (const d of [1, 10, 24.9])
      due.push(await insertNotification(h.service, tenant, { status: 'PENDING', scheduledAt: days(d) }));
    for (const d of [25.1, 40])
      await insertNotification(h.service, tenant, { status: 'PENDING', scheduledAt: days(d) });
    await insertNotification(h.service, tenant, { status: 'PENDING', scheduledAt: days(-2) }); // past its TTL
    await insertNotification(h.service, tenant, { status: 'FAILED', scheduledAt: days(1) });

    const stats = await get('/webhooks/notifications/promotion-stats');
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({
      status: 'success',
      pending_mongodb: 6,
      ready_for_promotion: 4,
      promoted: 0,
      failed: 1,
      promotion_window_days: 25,
      promoter_batch_size: 100,
      timestamp: expect.any(String),
    });

    const run = await post('/webhooks/notifications/promote');
    expect(run.status).toBe(200);
    expect(run.body).toEqual({
      status: 'success',
      stats: {
        total_found: 3,
        promoted: 3,
        failed: 0,
        skipped: 0,
        success_rate: 100,
        duration_ms: expect.any(Number),
      },
      timestamp: expect.any(String),
    });
    const promoted = await selectRows<{ id: string; tier: string }>(
      h.service.database.db.orm,
      sql`SELECT id, tier FROM notifications.scheduled_notifications WHERE status = 'PROMOTED' ORDER BY scheduled_at`,
    );
    expect(promoted).toEqual(due.map((id) => ({ id, tier: 'TASK_QUEUE' })));
    expect(await statuses()).toEqual([
      { status: 'EXPIRED', n: '1' },
      { status: 'FAILED', n: '1' },
      { status: 'PENDING', n: '2' },
      { status: 'PROMOTED', n: '3' },
    ]);
    // nothing left to do: an empty run
    expect((await post('/webhooks/notifications/promote')).body.stats).toMatchObject({
      total_found: 0,
      promoted: 0,
      success_rate: 100,
    });
  });

  it('two concurrent runs never promote a row twice; each takes at most 100', async () => {
    await h.service.database.db.orm.execute(sql`DELETE FROM notifications.scheduled_notifications`);
    const tenant = await seedTenant(h.service);
    for (let i = 0; i < 150; i += 1)
      await insertNotification(h.service, tenant, { status: 'PENDING', scheduledAt: days(1 + i / 100) });
    const [a, b] = await Promise.all([
      post('/webhooks/notifications/promote'),
      post('/webhooks/notifications/promote'),
    ]);
    expect(a.body.status).toBe('success');
    expect(b.body.status).toBe('success');
    expect(a.body.stats.promoted).toBeLessThanOrEqual(100);
    expect(b.body.stats.promoted).toBeLessThanOrEqual(100);
    const third = await post('/webhooks/notifications/promote');
    expect(a.body.stats.promoted + b.body.stats.promoted + third.body.stats.promoted).toBe(150);
    expect(await statuses()).toEqual([{ status: 'PROMOTED', n: '150' }]);
  });

  it('marks FAILED, retryable and audited, what a stopped process left PROCESSING past the stale time', async () => {
    await h.service.database.db.orm.execute(sql`DELETE FROM notifications.scheduled_notifications`);
    const tenant = await seedTenant(h.service);
    const [stuck, sending] = [
      await insertNotification(h.service, tenant, { status: 'PROCESSING', scheduledAt: days(-0.01) }),
      await insertNotification(h.service, tenant, { status: 'PROCESSING', scheduledAt: days(-0.01) }),
    ];
    // claimed 16 minutes ago (default stale time 15) and 1 minute ago
    await h.service.database.db.orm.execute(
      sql`UPDATE notifications.scheduled_notifications
          SET processed_at = now() - CASE WHEN id = ${stuck} THEN interval '16 minutes' ELSE interval '1 minute' END`,
    );

    expect((await post('/webhooks/notifications/promote')).body.status).toBe('success');

    const rows = await selectRows<{ id: string; status: string; last_error: string | null }>(
      h.service.database.db.orm,
      sql`SELECT id, status, last_error FROM notifications.scheduled_notifications ORDER BY status`,
    );
    expect(rows).toEqual([
      { id: stuck, status: 'FAILED', last_error: expect.stringMatching(/^Interrupted while sending/) },
      { id: sending, status: 'PROCESSING', last_error: null },
    ]);
    const audits = await selectRows<{ action: string }>(
      h.service.database.db.orm,
      sql`SELECT action FROM notifications.audit_log WHERE notification_id = ${stuck}`,
    );
    expect(audits).toEqual([{ action: 'interrupted' }]);
    const retried = await post(`/webhooks/notifications/retry/${stuck}`);
    expect(retried.body).toMatchObject({ status: 'success', notification_id: stuck, retry_count: 1 });
  });

  it('health: degraded when the broker is down, unhealthy when the database is', async () => {
    expect((await get('/webhooks/notifications/health')).body.status).toBe('healthy');
    await h.service.testBus.bus.close();
    const degraded = await get('/webhooks/notifications/health');
    expect(degraded.status).toBe(200);
    expect(degraded.body).toMatchObject({
      status: 'degraded',
      database: 'connected',
      cloud_tasks: 'unknown',
    });
    // the database refuses connections and drops the open ones, then comes back
    const name = new URL(h.service.database.url).pathname.slice(1);
    const admin = new Client({ connectionString: testDatabaseUrl() });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      const unhealthy = await get('/webhooks/notifications/health');
      expect(unhealthy.status).toBe(200);
      expect(unhealthy.body).toMatchObject({
        status: 'unhealthy',
        database: 'disconnected',
        error: expect.any(String),
      });
    } finally {
      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
      await admin.end();
    }
  });
});
