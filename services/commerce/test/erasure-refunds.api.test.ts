import { sql } from 'drizzle-orm';
import type { EventEnvelope } from '@salon/contracts';
import { newEvent } from '@salon/messaging';
import { newId, selectRows } from '@salon/service-kit';
import { appointmentSnapshotFixture, waitFor } from '@salon/testing';
import { onSchedulingAppointmentCreated } from '../src/events/handlers/scheduling.appointment.created';
import { onSchedulingAppointmentPaymentOrphaned } from '../src/events/handlers/scheduling.appointment.payment_orphaned';
import {
  addCustomer,
  addOutlet,
  addService,
  addTenant,
  createdPackage,
  handleInbox,
  newTenant,
  type CommerceHarness,
  startCommerce,
} from './helpers';

/** identity.customer.deleted.v1 and scheduling.appointment.payment_orphaned.v1, delivered over the broker. */
describe('customer erasure and refunds of orphaned payments', () => {
  let harness: CommerceHarness;
  beforeAll(async () => {
    harness = await startCommerce();
  });
  afterAll(() => harness.stop());

  const request = (...args: Parameters<CommerceHarness['service']['request']>) =>
    harness.service.request(...args);
  const db = () => harness.service.running.context.db.orm;
  const publish = (envelope: EventEnvelope) => harness.service.testBus.bus.publish([envelope]);
  const rows = <T>(query: ReturnType<typeof sql>) => selectRows<T>(db(), query);

  /** A tenant with the gateway and wallet enabled and one customer. */
  async function shop() {
    const tenant = newTenant(harness.service);
    await addTenant(harness.service, tenant.tenantId);
    const customer = await addCustomer(harness.service, tenant.tenantId);
    const token = tenant.customerToken(customer);
    const credit = async (amount: string) => {
      const response = await request('POST', `/customers/${customer}/wallet/credits`, {
        token: tenant.admin,
        body: { amount, reason: 'Goodwill' },
      });
      expect(response.status).toBe(201);
    };
    return { ...tenant, customer, token, credit };
  }

  async function book(tenantId: string, customerId: string) {
    const appointmentId = newId();
    const snapshot = appointmentSnapshotFixture({
      appointment_id: appointmentId,
      tenant_id: tenantId,
      customer_id: customerId,
    });
    await handleInbox(
      harness.service,
      'scheduling.appointment.created.v1',
      onSchedulingAppointmentCreated,
      snapshot,
    );
    return appointmentId;
  }

  async function payAppointment(token: string, appointmentId: string, useWallet: boolean) {
    const response = await request('POST', '/customer/payments/process-appointment', {
      token,
      body: { appointment_id: appointmentId, payment_method: 'QRIS', use_wallet_balance: useWallet },
    });
    expect(response.status).toBe(200);
    return response.body as { payment_id: string; payment_url: string | null; amount: string };
  }

  async function completeAtProvider(paymentUrl: string, paymentId: string) {
    const invoice = [...harness.sandbox.invoices.values()].find((inv) => inv.invoice_url === paymentUrl);
    await harness.sandbox.pay(invoice?.id as string);
    await harness.sandbox.idle();
    await waitFor(
      async () =>
        (await rows<{ status: string }>(sql`SELECT status FROM commerce.payments WHERE id = ${paymentId}`))[0]
          ?.status === 'COMPLETED',
    );
  }

  const paymentsOf = (ids: string[]) =>
    rows<{ id: string; customer_id: string | null; status: string; amount: string; reference_id: string }>(
      sql`SELECT id, customer_id, status, amount::text AS amount, reference_id FROM commerce.payments
          WHERE id IN (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) ORDER BY id`,
    );

  it('identity.customer.deleted.v1 anonymises settled payments and paid packages, deletes the rest', async () => {
    const { tenantId, customer, token, credit, admin, staff } = await shop();
    const cut = await addService(harness.service, tenantId, { name: 'Haircut' });
    const outlet = await addOutlet(harness.service, tenantId);
    const pkg = await createdPackage(harness.service, admin, {
      name: 'Five cuts',
      package_items: [{ service_id: cut, quantity: 5 }],
      package_price: '400000',
      validity_days: 30,
    });
    const sell = async (paymentMethod: string) => {
      const response = await request('POST', '/staff/customer-packages', {
        token: staff('STAFF'),
        body: {
          customer_id: customer,
          package_id: pkg.id,
          outlet_id: outlet,
          payment_method: paymentMethod,
          amount_paid: '400000',
          notes: 'Ana prefers mornings',
        },
      });
      expect(response.status).toBe(201);
      return response.body as { id: string };
    };
    const paidPackage = await sell('manual_onspot');
    const pendingPackage = await sell('bank_transfer');
    const redeemed = await request('POST', '/staff/customer-packages/credits/redeem', {
      token: admin,
      body: { customer_id: customer, service_id: cut, quantity: 1, notes: 'Ana, walk-in' },
    });
    expect(redeemed.status).toBe(200);

    // A completed gateway payment (with its PAID invoice and ledger credit) and a pending one.
    const paid = await payAppointment(token, await book(tenantId, customer), false);
    await completeAtProvider(paid.payment_url as string, paid.payment_id);
    await credit('20000');
    const pending = await payAppointment(token, await book(tenantId, customer), true);
    const [packagePayment] = await rows<{ id: string }>(
      sql`SELECT id FROM commerce.payments WHERE customer_package_id = ${paidPackage.id}`,
    );

    // Another customer of the tenant is not touched.
    const other = await addCustomer(harness.service, tenantId, { email: 'budi@example.com' });
    await request('POST', `/customers/${other}/wallet/credits`, {
      token: admin,
      body: { amount: '5000', reason: 'Goodwill' },
    });

    await publish(
      newEvent(
        'identity.customer.deleted.v1',
        {
          customer_id: customer,
          tenant_id: tenantId,
          reason: 'account_deletion',
          gdpr_deletion: true,
          deleted_at: new Date().toISOString(),
        },
        { producer: 'identity', tenantId },
      ),
    );
    const [audit] = await waitFor(async () => {
      const found = await rows<{ details: Record<string, unknown> }>(
        sql`SELECT details FROM commerce.audit_log WHERE tenant_id = ${tenantId} AND action = 'CUSTOMER_DATA_ERASED'`,
      );
      return found.length > 0 ? found : undefined;
    });
    expect(audit?.details).toMatchObject({
      reason: 'account_deletion',
      payments_anonymised: 2,
      payments_deleted: 1,
      invoices_deleted: 1,
      invoices_anonymised: 1,
      customer_packages_anonymised: 1,
      customer_packages_deleted: 1,
      wallets_deleted: 1,
    });

    // Settled payments keep amounts, dates and references without the customer; the pending one is gone.
    const payments = await paymentsOf([paid.payment_id, pending.payment_id, packagePayment?.id as string]);
    expect(payments).toHaveLength(2);
    for (const payment of payments) {
      expect(payment).toMatchObject({ customer_id: null });
      expect(['COMPLETED', 'completed']).toContain(payment.status);
    }
    expect(payments.find((p) => p.id === paid.payment_id)).toMatchObject({
      amount: paid.amount,
      reference_id: expect.stringMatching(/^APT-/),
    });
    const invoices = await rows<{ payment_id: string; status: string; customer_id: string | null }>(
      sql`SELECT payment_id, status, customer_id FROM commerce.invoices WHERE tenant_id = ${tenantId}
            AND type = 'APPOINTMENT'`,
    );
    expect(invoices).toEqual([{ payment_id: paid.payment_id, status: 'PAID', customer_id: null }]);
    expect(
      await rows(sql`SELECT 1 FROM commerce.merchant_ledger WHERE payment_id = ${paid.payment_id}`),
    ).toHaveLength(1);

    // The paid package, its credits and redemption stay for the books without the customer; the unpaid one goes.
    const packages = await rows<{ id: string; customer_id: string | null; notes: string | null }>(
      sql`SELECT id, customer_id, notes FROM commerce.customer_packages WHERE tenant_id = ${tenantId}`,
    );
    expect(packages).toEqual([{ id: paidPackage.id, customer_id: null, notes: null }]);
    expect(packages.find((p) => p.id === pendingPackage.id)).toBeUndefined();
    const credits = await rows<{ customer_id: string | null; used_credits: number }>(
      sql`SELECT customer_id, used_credits FROM commerce.credits WHERE customer_package_id = ${paidPackage.id}`,
    );
    expect(credits).toEqual([{ customer_id: null, used_credits: 1 }]);
    const redemptions = await rows<{ customer_id: string | null; notes: string | null }>(
      sql`SELECT customer_id, notes FROM commerce.credit_redemptions WHERE tenant_id = ${tenantId}`,
    );
    expect(redemptions).toEqual([{ customer_id: null, notes: null }]);

    // Nothing of the customer is left; the wallet and its transactions are deleted.
    for (const table of [
      'payments',
      'invoices',
      'customer_packages',
      'credits',
      'credit_redemptions',
      'wallets',
      'wallet_transactions',
      'appointments',
    ]) {
      const left = await rows(
        sql`SELECT 1 FROM ${sql.raw(`commerce.${table}`)} WHERE customer_id = ${customer}`,
      );
      expect({ table, left: left.length }).toEqual({ table, left: 0 });
    }
    const [replica] = await rows<Record<string, unknown>>(
      sql`SELECT email, phone, is_deleted FROM commerce.customers WHERE customer_id = ${customer}`,
    );
    expect(replica).toEqual({ email: null, phone: null, is_deleted: true });
    expect(
      await rows(sql`SELECT 1 FROM commerce.wallet_transactions WHERE customer_id = ${other}`),
    ).toHaveLength(1);
  });

  function orphaned(tenantId: string, appointmentId: string, paymentId: string, amount: string) {
    return newEvent(
      'scheduling.appointment.payment_orphaned.v1',
      {
        appointment_id: appointmentId,
        tenant_id: tenantId,
        payment_id: paymentId,
        amount,
        currency: 'IDR',
        appointment_status: 'cancelled',
      },
      { producer: 'scheduling', tenantId },
    );
  }

  const walletOf = async (token: string) =>
    (await request('GET', '/customer/wallet', { token })).body as {
      balance: string;
      transactions: { kind: string; amount: string }[];
    };

  it('payment_orphaned refunds to the wallet and reverses the merchant credit, once', async () => {
    const { tenantId, customer, token, credit } = await shop();
    await credit('30000');
    const appointmentId = await book(tenantId, customer);
    // FREE plan: 70000 after the wallet, 8% fee 5600, gateway total 75600; the merchant is credited 64400.
    const payment = await payAppointment(token, appointmentId, true);
    expect(payment.amount).toBe('75600.00');
    await completeAtProvider(payment.payment_url as string, payment.payment_id);
    expect((await walletOf(token)).balance).toBe('0.00');

    const event = orphaned(tenantId, appointmentId, payment.payment_id, payment.amount);
    await publish(event);
    await waitFor(async () => (await paymentsOf([payment.payment_id]))[0]?.status === 'REFUNDED');
    const wallet = await walletOf(token);
    expect(wallet.balance).toBe('105600.00');
    expect(wallet.transactions[0]).toMatchObject({ kind: 'refund', amount: '105600.00' });
    const ledger = () =>
      rows<{ entry_type: string; base_amount: string; platform_fee: string; net_amount: string }>(
        sql`SELECT entry_type, base_amount::text, platform_fee::text, net_amount::text
            FROM commerce.merchant_ledger WHERE payment_id = ${payment.payment_id} ORDER BY entry_type`,
      );
    expect(await ledger()).toEqual([
      { entry_type: 'credit', base_amount: '70000.00', platform_fee: '5600.00', net_amount: '64400.00' },
      { entry_type: 'reversal', base_amount: '-70000.00', platform_fee: '-5600.00', net_amount: '-64400.00' },
    ]);

    // A second delivery (another event id, past the inbox) changes nothing.
    const again = orphaned(tenantId, appointmentId, payment.payment_id, payment.amount);
    await handleInbox(
      harness.service,
      'scheduling.appointment.payment_orphaned.v1',
      onSchedulingAppointmentPaymentOrphaned(harness.service.running.context),
      again.data,
    );
    expect((await walletOf(token)).balance).toBe('105600.00');
    expect(await ledger()).toHaveLength(2);
    const audits = await rows(
      sql`SELECT 1 FROM commerce.audit_log WHERE entity_id = ${payment.payment_id} AND action = 'PAYMENT_REFUNDED'`,
    );
    expect(audits).toHaveLength(1);
  });

  it('refunds a whole-wallet payment to the wallet; no ledger entry exists to reverse', async () => {
    const { tenantId, customer, token, credit } = await shop();
    await credit('150000');
    const appointmentId = await book(tenantId, customer);
    const payment = await payAppointment(token, appointmentId, true);
    expect((await paymentsOf([payment.payment_id]))[0]?.status).toBe('COMPLETED');
    expect((await walletOf(token)).balance).toBe('50000.00');

    await publish(orphaned(tenantId, appointmentId, payment.payment_id, '100000.00'));
    await waitFor(async () => (await paymentsOf([payment.payment_id]))[0]?.status === 'REFUNDED');
    expect((await walletOf(token)).balance).toBe('150000.00');
    expect(
      await rows(sql`SELECT 1 FROM commerce.merchant_ledger WHERE payment_id = ${payment.payment_id}`),
    ).toHaveLength(0);
  });
});
