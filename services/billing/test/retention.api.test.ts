import { sql } from 'drizzle-orm';
import { newId, selectRows } from '@salon/service-kit';
import { TEST_INTERNAL_TOKEN, startTestService, type TestService } from '@salon/testing';
import { createBillingService } from '../src/definition';

describe('POST /internal/jobs/retention', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(createBillingService(), { RETENTION_TOKEN_USAGE_DAYS: '400' });
  });
  afterAll(() => service.stop());

  const db = () => service.running.context.db.orm;

  // Rows are aged with SQL: no API moves the clock, and the job compares with the database's.
  const logRows = (count: number, ageDays: number) =>
    db().execute(
      sql`INSERT INTO billing.token_usage_log (id, tenant_id, customer_id, day, conversation_id, tokens,
            message_count, model, estimated_cost_usd, created_at)
          SELECT substr(md5(random()::text), 1, 24), ${newId()}, ${newId()}, current_date, 'conv', 10, 1, 'm', 0,
            now() - make_interval(days => ${ageDays})
          FROM generate_series(1, ${count})`,
    );

  it('deletes token-usage log rows past the period, more than one batch of them, and keeps newer ones', async () => {
    await logRows(1500, 401); // more than one batch (1000)
    await logRows(2, 399);

    const response = await service.request('POST', '/internal/jobs/retention', {
      headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
    });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ deleted: { inbox: 0, token_usage_log: 1500 } });
    const left = await selectRows<{ age: number }>(
      db(),
      sql`SELECT extract(day FROM now() - created_at)::int AS age FROM billing.token_usage_log`,
    );
    expect(left).toEqual([{ age: 399 }, { age: 399 }]);
  });
});
