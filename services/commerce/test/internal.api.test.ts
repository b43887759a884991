import { sql } from 'drizzle-orm';
import { subscriptionInvoice } from '@salon/contracts';
import { TEST_INTERNAL_TOKEN, captureEvents, waitFor, type EventCapture } from '@salon/testing';
import { newId, selectRows } from '@salon/service-kit';
import { CALLBACK_TOKEN, packageShop, startCommerce, type CommerceHarness } from './helpers';

describe('internal endpoints', () => {
  let harness: CommerceHarness;
  let events: EventCapture;
  beforeAll(async () => {
    harness = await startCommerce();
    events = await captureEvents(harness.service.testBus.bus, ['commerce.subscription_invoice.paid.v1']);
  });
  afterAll(() => harness.stop());

  const internal = (method: string, path: string, body?: unknown, token = TEST_INTERNAL_TOKEN) =>
    harness.service.request(method, path, { body, headers: { 'x-internal-token': token } });
  const db = () => harness.service.running.context.db.orm;

  const shop = () => packageShop(harness.service);

  describe('GET /internal/tenants/{tenant_id}/customers/{customer_id}/deletion-check', () => {
    it('blocks while a payment is pending, and needs the internal token', async () => {
      const { tenantId, customer, customerToken, pkg, outlet } = await shop();
      const path = `/internal/tenants/${tenantId}/customers/${customer}/deletion-check`;
      expect((await internal('GET', path)).body).toEqual({ blocked: false, reason: null });
      const bought = await harness.service.request('POST', '/customer/packages/purchase', {
        token: customerToken(customer),
        body: { package_id: pkg.id, outlet_id: outlet },
      });
      expect(bought.status).toBe(201);
      expect((await internal('GET', path)).body).toEqual({
        blocked: true,
        reason: 'Cannot delete account with 1 pending payment. Complete or cancel them first.',
      });
      expect((await internal('GET', path, undefined, 'wrong-internal-token-000000')).status).toBe(404);
      expect((await internal('GET', `/internal/tenants/${tenantId}/customers/x/deletion-check`)).status).toBe(
        422,
      );
    });
  });

  describe('POST /internal/jobs/expire-packages', () => {
    it('stores expired on packages whose validity passed', async () => {
      const { tenantId, customer, pkg, outlet, staff } = await shop();
      const sold = await harness.service.request('POST', '/staff/customer-packages', {
        token: staff('STAFF'),
        body: { customer_id: customer, package_id: pkg.id, outlet_id: outlet, amount_paid: '800000' },
      });
      await db().execute(
        sql`UPDATE commerce.customer_packages SET expires_at = now() - interval '1 day' WHERE id = ${sold.body.id}`,
      );
      const run = await internal('POST', '/internal/jobs/expire-packages');
      expect(run.status).toBe(200);
      expect(run.body.expired).toBeGreaterThanOrEqual(1);
      const [row] = await selectRows<{ status: string }>(
        db(),
        sql`SELECT status FROM commerce.customer_packages WHERE id = ${sold.body.id} AND tenant_id = ${tenantId}`,
      );
      expect(row?.status).toBe('expired');
      expect(
        (await internal('POST', '/internal/jobs/expire-packages', undefined, 'nope-nope-nope-nope')).status,
      ).toBe(404);
    });
  });

  describe('POST /internal/jobs/expire-packages, called four times at once', () => {
    it('expires each due package once: the answers add up to the packages', async () => {
      const { customer, pkg, outlet, staff } = await shop();
      const ids: string[] = [];
      for (let i = 0; i < 10; i += 1) {
        const sold = await harness.service.request('POST', '/staff/customer-packages', {
          token: staff('STAFF'),
          body: { customer_id: customer, package_id: pkg.id, outlet_id: outlet, amount_paid: '800000' },
        });
        expect(sold.status).toBe(201);
        ids.push(sold.body.id);
      }
      await db().execute(
        sql`UPDATE commerce.customer_packages SET expires_at = now() - interval '1 day'
            WHERE id IN (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
      );
      // As a CronJob's call retried, or landing on two replicas: each run claims rows by an UPDATE whose WHERE
      // PostgreSQL re-checks after waiting for the other's row lock, so no row is counted twice.
      const runs = await Promise.all(
        Array.from({ length: 4 }, () => internal('POST', '/internal/jobs/expire-packages')),
      );
      expect(runs.map((run) => run.status)).toEqual([200, 200, 200, 200]);
      expect(runs.reduce((sum, run) => sum + run.body.expired, 0)).toBe(ids.length);
      expect((await internal('POST', '/internal/jobs/expire-packages')).body.expired).toBe(0);
    });
  });

  describe('POST /internal/subscription-invoices', () => {
    const requestBody = (tenantId: string, dueAt = new Date(Date.now() + 3 * 86_400_000)) => ({
      tenant_id: tenantId,
      subscription_id: newId(),
      kind: 'upgrade',
      target_plan: 'PRO',
      billing_period: 'monthly',
      amount: '399333.00',
      currency: 'IDR',
      due_at: dueAt.toISOString(),
      description: 'Upgrade to PRO',
      metadata: {
        type: 'SUBSCRIPTION',
        renewal: false,
        from_plan: 'FREE',
        to_plan: 'PRO',
        prorated: true,
        days_remaining: 20,
        total_days: 30,
      },
    });

    it('creates a platform invoice; paid before the due date publishes the paid event', async () => {
      const tenantId = newId();
      const body = requestBody(tenantId);
      const created = await internal('POST', '/internal/subscription-invoices', body);
      expect(created.status).toBe(201);
      expect(subscriptionInvoice.parse(created.body)).toMatchObject({
        amount: '399333.00',
        status: 'PENDING',
        due_date: body.due_at,
      });
      const paid = await harness.sandbox.pay(created.body.gateway_invoice_id as string);
      expect(paid.user_id).toBe('platform');
      await harness.sandbox.idle();
      const event = await events.next(
        'commerce.subscription_invoice.paid.v1',
        (e) => e.data.invoice_id === created.body.id,
      );
      expect(event.data).toMatchObject({
        tenant_id: tenantId,
        subscription_id: body.subscription_id,
        kind: 'upgrade',
        target_plan: 'PRO',
        billing_period: 'monthly',
        amount: '399333.00',
        currency: 'IDR',
      });
      const ledger = await selectRows<{ n: number }>(
        db(),
        sql`SELECT count(*)::int AS n FROM commerce.merchant_ledger WHERE invoice_id = ${created.body.id}`,
      );
      expect(ledger[0]?.n).toBe(0);
    });

    it('a return_url becomes the provider invoice redirect (the upgrade paid on the hosted page)', async () => {
      const back = 'https://salon.example/console?plan=returned';
      const created = await internal('POST', '/internal/subscription-invoices', {
        ...requestBody(newId()),
        return_url: back,
      });
      expect(created.status).toBe(201);
      const providerInvoice = harness.sandbox.invoices.get(created.body.gateway_invoice_id as string);
      expect(providerInvoice).toMatchObject({ success_redirect_url: back, failure_redirect_url: back });
    });

    it('refuses a payment after the due date: invoice void, no event', async () => {
      const created = await internal('POST', '/internal/subscription-invoices', requestBody(newId()));
      const late = new Date(Date.parse(created.body.due_date) + 60_000).toISOString();
      const response = await harness.service.request('POST', '/webhooks/gateway-invoice/platform', {
        headers: { 'x-callback-token': CALLBACK_TOKEN },
        body: {
          id: created.body.gateway_invoice_id,
          external_id: created.body.id,
          status: 'PAID',
          amount: 399333,
          paid_at: late,
        },
      });
      expect(response.body.status).toBe('accepted');
      const outcome = await waitFor(
        async () =>
          (
            await selectRows<{ outcome: string | null }>(
              db(),
              sql`SELECT outcome FROM commerce.gateway_callbacks
                  WHERE gateway_invoice_id = ${created.body.gateway_invoice_id}`,
            )
          )[0]?.outcome ?? undefined,
      );
      expect(outcome).toBe('ignored');
      const [row] = await selectRows<{ status: string }>(
        db(),
        sql`SELECT status FROM commerce.invoices WHERE id = ${created.body.id}`,
      );
      expect(row?.status).toBe('VOID');
      expect(
        events.of('commerce.subscription_invoice.paid.v1').some((e) => e.data.invoice_id === created.body.id),
      ).toBe(false);
    });

    it('refuses a due date in the past, bad bodies and missing tokens; 502 when the provider fails', async () => {
      const past = requestBody(newId(), new Date(Date.now() - 1000));
      expect((await internal('POST', '/internal/subscription-invoices', past)).status).toBe(400);
      expect((await internal('POST', '/internal/subscription-invoices', { tenant_id: 'x' })).status).toBe(
        422,
      );
      expect(
        (await internal('POST', '/internal/subscription-invoices', requestBody(newId()), 'x'.repeat(20)))
          .status,
      ).toBe(404);
      harness.sandbox.setFault('error');
      try {
        expect((await internal('POST', '/internal/subscription-invoices', requestBody(newId()))).status).toBe(
          502,
        );
      } finally {
        harness.sandbox.setFault('none');
      }
    });
  });
});
