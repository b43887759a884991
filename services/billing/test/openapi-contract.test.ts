import { billingApi } from '@salon/contracts';
import {
  TEST_INTERNAL_TOKEN,
  contractCalls,
  startTestService,
  waitFor,
  type TestService,
} from '@salon/testing';
import { upsertCustomer } from '../src/db/usage.repository';
import { createBillingService } from '../src/definition';
import { fakeCommerce, publish, registered, superAdminToken, testClock } from './helpers';

/**
 * The API reference tells the truth: billing's answers match the response schemas registered in
 * `billingOperations` (strict objects, so an undocumented field fails too), with the documented status.
 */

const operations = billingApi.billingOperations;

describe('billing answers as its OpenAPI contract says', () => {
  const clock = testClock('2026-03-11T00:00:00.000Z');
  let service: TestService;
  let commerce: Awaited<ReturnType<typeof fakeCommerce>>;

  const { call, unexercised } = contractCalls(operations, () => service);

  beforeAll(async () => {
    commerce = await fakeCommerce();
    service = await startTestService(createBillingService({ clock }), { COMMERCE_URL: commerce.url });
  });
  afterAll(async () => {
    await service.stop();
    await new Promise((resolve) => commerce.server.close(resolve));
  });

  it('subscriptions: plans, current, usage, upgrade paid, renewal, downgrade, cancel, suspension', async () => {
    const tenant = await registered(service, '2026-03-01T00:00:00.000Z');
    const token = tenant.admin;
    await call('GET /subscriptions/plans', '/subscriptions/plans', { token });
    await call('GET /subscriptions/usage', '/subscriptions/usage', { token });

    const upgrade = await call('POST /subscriptions/upgrade', '/subscriptions/upgrade', {
      token,
      body: { target_plan: 'pro' },
    });
    await publish(
      service,
      'commerce.subscription_invoice.paid.v1',
      {
        invoice_id: upgrade.invoice.id,
        tenant_id: tenant.tenantId,
        subscription_id: tenant.subscriptionId,
        kind: 'upgrade',
        target_plan: 'PRO',
        billing_period: 'monthly',
        amount: upgrade.invoice.amount,
        currency: upgrade.invoice.currency,
        paid_at: '2026-03-11T09:00:00.000Z',
      },
      tenant.tenantId,
    );
    const payments = await waitFor(async () => {
      const body = await call('GET /subscriptions/payments', '/subscriptions/payments?limit=5', { token });
      // The upgrade's invoice is listed while pending; wait until the paid event has been applied.
      return body.some((payment: { status: string }) => payment.status === 'completed') ? body : undefined;
    });
    expect(payments).toHaveLength(1);
    await call('GET /subscriptions/current', '/subscriptions/current', { token });
    await call('POST /subscriptions/renew', '/subscriptions/renew', {
      token,
      body: { subscription_id: tenant.subscriptionId },
    });

    await call('POST /subscriptions/downgrade', '/subscriptions/downgrade', {
      token,
      body: { target_plan: 'free', reason: 'Quiet season' },
    });
    await call('DELETE /subscriptions/scheduled-changes', '/subscriptions/scheduled-changes', { token });
    await call('POST /subscriptions/cancel', '/subscriptions/cancel', { token });

    const root = superAdminToken(service);
    const scoped = `?tenant_id=${tenant.tenantId}`;
    await call('POST /subscriptions/deactivate', `/subscriptions/deactivate${scoped}`, {
      token: root,
      body: { reason: 'Unpaid' },
    });
    await call('POST /subscriptions/activate', `/subscriptions/activate${scoped}`, { token: root });
  });

  it('token usage, and the internal jobs', async () => {
    const tenant = await registered(service, '2026-03-01T00:00:00.000Z');
    const token = tenant.customer;
    await call('GET /token-usage/quota', '/token-usage/quota', { token });
    await call('POST /token-usage/track', '/token-usage/track', {
      token,
      body: {
        tokens: 1200,
        prompt_tokens: 900,
        completion_tokens: 300,
        conversation_id: 'c-1',
        message_count: 2,
      },
    });
    await call('GET /token-usage/history', '/token-usage/history?days=7', { token });
    // Billing knows customers from identity's events; its replica write stands in for one here.
    await service.running.context.db.withTx((tx) => upsertCustomer(tx, tenant.customerId, tenant.tenantId));
    await call('PATCH /token-usage/quota/{customer_id}', `/token-usage/quota/${tenant.customerId}`, {
      token: tenant.admin,
      body: { daily_quota: 50_000 },
    });

    const internal = { headers: { 'x-internal-token': TEST_INTERNAL_TOKEN } };
    for (const path of [
      '/internal/jobs/apply-scheduled-changes',
      '/internal/jobs/republish-plans',
      '/token-usage/quota-reset',
      '/token-usage/quota-reset-monthly',
    ]) {
      await call(`POST ${path}`, path, { ...internal, body: {} });
    }

    expect(unexercised()).toEqual([]);
  });
});
