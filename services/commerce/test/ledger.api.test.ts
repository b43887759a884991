import { sql } from 'drizzle-orm';
import { TEST_INTERNAL_TOKEN, waitFor } from '@salon/testing';
import { selectRows } from '@salon/service-kit';
import { onSchedulingAppointmentPaymentOrphaned } from '../src/events/handlers/scheduling.appointment.payment_orphaned';
import { pendingAppointmentInvoice } from './appointment-invoice';
import {
  CALLBACK_TOKEN,
  addCustomer,
  addTenant,
  handleInbox,
  newTenant,
  startCommerce,
  type CommerceHarness,
} from './helpers';

describe('the merchant statement and the ledger check', () => {
  let harness: CommerceHarness;
  beforeAll(async () => {
    harness = await startCommerce();
  });
  afterAll(() => harness.stop());

  const request = (...args: Parameters<CommerceHarness['service']['request']>) =>
    harness.service.request(...args);
  const db = () => harness.service.running.context.db.orm;
  const today = () => new Date().toISOString().slice(0, 10);

  /** A tenant whose customer paid an appointment invoice (105,000: base 100,000 and a 5,000 fee) on the provider. */
  async function paidShop() {
    const tenant = newTenant(harness.service);
    await addTenant(harness.service, tenant.tenantId);
    const customer = await addCustomer(harness.service, tenant.tenantId);
    const invoice = await pendingAppointmentInvoice(harness, tenant.tenantId, customer);
    const paid = await request('POST', `/webhooks/gateway-invoice/tenant/${tenant.tenantId}`, {
      headers: { 'x-callback-token': CALLBACK_TOKEN },
      body: {
        id: invoice.gatewayId,
        external_id: invoice.invoiceId,
        status: 'PAID',
        amount: 105000,
        paid_amount: 105000,
        payment_method: 'QRIS',
        paid_at: new Date().toISOString(),
        currency: 'IDR',
      },
    });
    expect(paid.status).toBe(200);
    await waitFor(async () => (await ledger(invoice.invoiceId)).length === 1);
    return { ...tenant, customer, ...invoice };
  }

  const ledger = (invoiceId: string) =>
    selectRows<{ id: string; entry_type: string }>(
      db(),
      sql`SELECT id, entry_type FROM commerce.merchant_ledger WHERE invoice_id = ${invoiceId} ORDER BY entry_type`,
    );

  const statement = (token: string, query = `from=${today()}&to=${today()}`) =>
    request('GET', `/merchant/statement?${query}`, { token });

  const check = async (tenantId: string) => {
    const response = await request('POST', '/internal/jobs/check-ledger', {
      headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
    });
    expect(response.status).toBe(200);
    return (response.body.discrepancies as { check: string; tenant_id: string; entity_id: string }[]).filter(
      (found) => found.tenant_id === tenantId,
    );
  };

  it('states what was paid, the platform fees, refunds and what the salon is owed, from the ledger', async () => {
    const shop = await paidShop();
    expect((await statement(shop.admin)).body).toEqual({
      tenant_id: shop.tenantId,
      period: { from: today(), to: today() },
      currency: 'IDR',
      payments: { count: 1, gross: '100000.00', platform_fees: '5000.00' },
      refunds: { count: 0, amount: '0.00', platform_fees: '0.00' },
      deposits_kept: { count: 0, amount: '0.00' },
      owed_to_merchant: '95000.00',
    });

    // The appointment turned out cancelled before the money arrived: refunded in full.
    await handleInbox(
      harness.service,
      'scheduling.appointment.payment_orphaned.v1',
      onSchedulingAppointmentPaymentOrphaned(harness.service.running.context),
      {
        appointment_id: shop.appointmentId,
        tenant_id: shop.tenantId,
        payment_id: shop.paymentId,
        amount: '105000.00',
        currency: 'IDR',
        appointment_status: 'cancelled',
      },
    );
    expect((await statement(shop.admin)).body).toMatchObject({
      payments: { count: 1, gross: '100000.00', platform_fees: '5000.00' },
      refunds: { count: 1, amount: '100000.00', platform_fees: '5000.00' },
      owed_to_merchant: '0.00',
    });
    // Another day has nothing; the period and the roles are checked.
    expect((await statement(shop.admin, 'from=2026-01-01&to=2026-01-31')).body).toMatchObject({
      currency: null,
      payments: { count: 0, gross: '0.00' },
      owed_to_merchant: '0.00',
    });
    expect((await statement(shop.admin, `from=${today()}&to=2026-01-01`)).status).toBe(422);
    expect((await statement(shop.admin, 'from=2024-01-01&to=2026-01-01')).status).toBe(422);
    expect((await statement(shop.admin, 'from=2026-13-01&to=2026-12-01')).status).toBe(422);
    expect((await statement(shop.staff('STAFF'))).status).toBe(403);
    expect((await statement(shop.customerToken(shop.customer))).status).toBe(403);
  });

  it('the daily check finds a corrupted ledger entry and a wallet out of step, and nothing once repaired', async () => {
    const shop = await paidShop();
    expect(await check(shop.tenantId)).toEqual([]);

    // Deliberate corruption: a credit whose net no longer is its base less its fee, and a wallet balance
    // that its movements do not explain.
    const [credit] = await ledger(shop.invoiceId);
    await db().execute(
      sql`UPDATE commerce.merchant_ledger SET net_amount = net_amount + 1 WHERE id = ${credit!.id}`,
    );
    await db().execute(
      sql`INSERT INTO commerce.wallets (tenant_id, customer_id, balance, currency)
          VALUES (${shop.tenantId}, ${shop.customer}, 5000, 'IDR')`,
    );
    expect(await check(shop.tenantId)).toEqual([
      expect.objectContaining({ check: 'entry_net', entity_id: credit!.id }),
      expect.objectContaining({ check: 'wallet_balance', entity_id: shop.customer }),
    ]);
    const metrics = await (await fetch(`${harness.service.metricsUrl}/metrics`)).text();
    expect(metrics).toMatch(/^commerce_ledger_discrepancies [1-9]\d*$/m);

    await db().execute(
      sql`UPDATE commerce.merchant_ledger SET net_amount = net_amount - 1 WHERE id = ${credit!.id}`,
    );
    await db().execute(sql`DELETE FROM commerce.wallets WHERE customer_id = ${shop.customer}`);
    expect(await check(shop.tenantId)).toEqual([]);
    expect(
      (await request('POST', '/internal/jobs/check-ledger', { headers: { 'x-internal-token': 'wrong' } }))
        .status,
    ).toBe(404);
  });
});
