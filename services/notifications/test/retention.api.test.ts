import { sql } from 'drizzle-orm';
import { newId, selectRows } from '@salon/service-kit';
import { INTERNAL, startHarness, type Harness } from './helpers';

describe('POST /internal/jobs/retention', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({ RETENTION_DELIVERY_DAYS: '180', RETENTION_AUDIT_DAYS: '730' });
  });
  afterAll(() => harness.stop());

  const db = () => harness.service.running.context.db.orm;

  // Rows are aged with SQL: no API moves the clock, and the job compares with the database's.
  const delivery = async (ageDays: number) => {
    const id = newId();
    await db().execute(
      sql`INSERT INTO notifications.deliveries (id, tenant_id, kind, channel, status, created_at)
          VALUES (${id}, ${newId()}, 'test', 'email', 'sent', now() - make_interval(days => ${ageDays}))`,
    );
    return id;
  };
  const audit = async (ageDays: number) => {
    const id = newId();
    await db().execute(
      sql`INSERT INTO notifications.audit_log (id, action, created_at)
          VALUES (${id}, 'test', now() - make_interval(days => ${ageDays}))`,
    );
    return id;
  };
  const webhookDelivery = async (endpointId: string, ageDays: number) => {
    const id = newId();
    await db().execute(
      sql`INSERT INTO notifications.webhook_deliveries (id, tenant_id, endpoint_id, message_id, event_type,
            occurred_at, body, status, created_at)
          VALUES (${id}, ${newId()}, ${endpointId}, ${`msg_${id}`}, 'appointment.created', now(), '{}',
            'delivered', now() - make_interval(days => ${ageDays}))`,
    );
    return id;
  };
  const ids = async (table: string) =>
    (
      await selectRows<{ id: string }>(db(), sql.raw(`SELECT id FROM notifications.${table} ORDER BY id`))
    ).map((row) => row.id);

  it('deletes delivery records, webhook deliveries and audit entries past their periods and keeps newer ones', async () => {
    await delivery(181);
    const newDelivery = await delivery(179);
    const oldAudit = await audit(731);
    const keptAudit = await audit(181); // past the delivery period, within the audit one
    const endpointId = newId();
    await db().execute(
      sql`INSERT INTO notifications.webhook_endpoints (id, tenant_id, url, event_types, secret, status)
          VALUES (${endpointId}, ${newId()}, 'https://hooks.example.com', '{appointment.created}', 'whsec_x',
            'enabled')`,
    );
    await webhookDelivery(endpointId, 181);
    const newWebhookDelivery = await webhookDelivery(endpointId, 179);

    const response = await harness.service.request('POST', '/internal/jobs/retention', { headers: INTERNAL });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      deleted: { inbox: 0, deliveries: 1, audit_log: 1, webhook_deliveries: 1 },
    });
    expect(await ids('deliveries')).toEqual([newDelivery]);
    expect(await ids('webhook_deliveries')).toEqual([newWebhookDelivery]);
    expect(await ids('audit_log')).toContain(keptAudit);
    expect(await ids('audit_log')).not.toContain(oldAudit);
  });
});
