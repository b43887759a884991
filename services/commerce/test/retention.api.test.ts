import { sql } from 'drizzle-orm';
import { TEST_INTERNAL_TOKEN } from '@salon/testing';
import { newId, selectRows } from '@salon/service-kit';
import { startCommerce, type CommerceHarness } from './helpers';

describe('POST /internal/jobs/retention', () => {
  let harness: CommerceHarness;
  beforeAll(async () => {
    harness = await startCommerce({ RETENTION_CALLBACK_DAYS: '90', RETENTION_AUDIT_DAYS: '730' });
  });
  afterAll(() => harness.stop());

  const db = () => harness.service.running.context.db.orm;
  const run = (token = TEST_INTERNAL_TOKEN) =>
    harness.service.request('POST', '/internal/jobs/retention', { headers: { 'x-internal-token': token } });
  const ids = async (table: string) =>
    (await selectRows<{ id: string }>(db(), sql.raw(`SELECT id FROM commerce.${table} ORDER BY id`))).map(
      (row) => row.id,
    );

  // Rows are aged with SQL: no API moves the clock, and the job compares with the database's.
  const audit = async (ageDays: number) => {
    const id = newId();
    await db().execute(
      sql`INSERT INTO commerce.audit_log (id, tenant_id, action, entity_type, entity_id, created_at)
          VALUES (${id}, ${newId()}, 'test', 'test', 'x', now() - make_interval(days => ${ageDays}))`,
    );
    return id;
  };
  const callback = async (ageDays: number, outcome: string | null) => {
    const id = newId();
    await db().execute(
      sql`INSERT INTO commerce.gateway_callbacks (id, tenant_id, gateway_invoice_id, status, payload, received_at,
            outcome, next_attempt_at)
          VALUES (${id}, ${newId()}, ${`inv-${id}`}, 'PAID', '{}', now() - make_interval(days => ${ageDays}),
            ${outcome}, now() + interval '1 day')`,
    );
    return id;
  };
  const inbox = (eventId: string, ageDays: number) =>
    db().execute(
      sql`INSERT INTO commerce.inbox (consumer, event_id, processed_at)
          VALUES ('test', ${eventId}, now() - make_interval(days => ${ageDays}))`,
    );

  it('deletes rows past their period, keeps newer ones and unapplied callbacks, and needs the token', async () => {
    const oldAudit = await audit(731);
    const newAudit = await audit(700);
    const oldApplied = await callback(91, 'processed');
    const oldPending = await callback(91, null);
    const newApplied = await callback(30, 'duplicate');
    const oldEvent = newId();
    const newEvent = newId();
    await inbox(oldEvent, 15);
    await inbox(newEvent, 1);

    expect((await run('wrong-internal-token-000000')).status).toBe(404);
    const response = await run();

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ deleted: { inbox: 1, audit_log: 1, gateway_callbacks: 1 } });
    expect(await ids('audit_log')).not.toContain(oldAudit);
    expect(await ids('audit_log')).toContain(newAudit);
    expect(await ids('gateway_callbacks')).toEqual([oldPending, newApplied].sort());
    expect(await ids('gateway_callbacks')).not.toContain(oldApplied);
    const events = await selectRows<{ event_id: string }>(db(), sql`SELECT event_id FROM commerce.inbox`);
    expect(events.map((row) => row.event_id)).toContain(newEvent);
    expect(events.map((row) => row.event_id)).not.toContain(oldEvent);

    const metrics = await (await fetch(`${harness.service.metricsUrl}/metrics`)).text();
    expect(metrics).toMatch(/retention_rows_deleted_total\{table="commerce.gateway_callbacks"\} [1-9]/);
  });
});
