import { sql } from 'drizzle-orm';
import { newId, selectRows } from '@salon/service-kit';
import { TEST_INTERNAL_TOKEN, appointmentSnapshotFixture } from '@salon/testing';
import { onSchedulingAppointmentCreated } from '../src/events/handlers/scheduling.appointment.created';
import { pendingAppointmentInvoice } from './appointment-invoice';
import { CALLBACK_TOKEN, handleInbox, packageShop, startCommerce, type CommerceHarness } from './helpers';

/**
 * POST /internal/jobs/expire-invoices, the hourly sweep for invoices whose provider EXPIRED callback never came:
 * an overdue appointment payment fails and gives its wallet part back, an overdue package link fails the
 * package's payment, an invoice still within its time and a subscription invoice are left alone; called four
 * times at once (a retried CronJob on two replicas), each invoice is expired once.
 */
describe('the invoice expiry sweep', () => {
  let harness: CommerceHarness;
  beforeAll(async () => {
    harness = await startCommerce();
  });
  afterAll(() => harness.stop());

  const request = (...args: Parameters<CommerceHarness['service']['request']>) =>
    harness.service.request(...args);
  const sweep = (token = TEST_INTERNAL_TOKEN) =>
    request('POST', '/internal/jobs/expire-invoices', { headers: { 'x-internal-token': token } });
  const db = () => harness.service.running.context.db.orm;
  const rows = <T>(query: ReturnType<typeof sql>) => selectRows<T>(db(), query);
  const invoiceStatus = async (id: string) =>
    (await rows<{ status: string }>(sql`SELECT status FROM commerce.invoices WHERE id = ${id}`))[0]?.status;
  const paymentStatus = async (id: string) =>
    (await rows<{ status: string }>(sql`SELECT status FROM commerce.payments WHERE id = ${id}`))[0]?.status;
  /** Time passes for one invoice: its due date is moved into the past (the provider's 24 hours are over). */
  const overdue = (invoiceId: string) =>
    db().execute(
      sql`UPDATE commerce.invoices SET due_date = now() - interval '1 minute' WHERE id = ${invoiceId}`,
    );

  it('expires overdue appointment and package invoices once, returns the wallet part, leaves the rest', async () => {
    const shop = await packageShop(harness.service);
    const token = shop.customerToken(shop.customer);
    const credited = await request('POST', `/customers/${shop.customer}/wallet/credits`, {
      token: shop.admin,
      body: { amount: '30000', reason: 'Goodwill' },
    });
    expect(credited.status).toBe(201);

    // An appointment paid partly with the wallet (30,000) and the rest on the provider, never paid there.
    const appointmentId = newId();
    await handleInbox(
      harness.service,
      'scheduling.appointment.created.v1',
      onSchedulingAppointmentCreated,
      appointmentSnapshotFixture({
        appointment_id: appointmentId,
        tenant_id: shop.tenantId,
        customer_id: shop.customer,
      }),
    );
    const started = await request('POST', '/customer/payments/process-appointment', {
      token,
      body: { appointment_id: appointmentId, payment_method: 'QRIS', use_wallet_balance: true },
    });
    expect(started.status).toBe(200);
    const [withWallet] = await rows<{ id: string; gateway_invoice_id: string; amount: string }>(
      sql`SELECT id, gateway_invoice_id, amount::text AS amount FROM commerce.invoices
          WHERE appointment_id = ${appointmentId}`,
    );
    // A package bought online, never paid; another appointment's invoice still within its time.
    const bought = await request('POST', '/customer/packages/purchase', {
      token,
      body: { package_id: shop.pkg.id, outlet_id: shop.outlet },
    });
    expect(bought.status).toBe(201);
    const [pkgInvoice] = await rows<{ id: string; payment_id: string }>(
      sql`SELECT id, payment_id FROM commerce.invoices WHERE customer_package_id = ${bought.body.customer_package.id}`,
    );
    const current = await pendingAppointmentInvoice(harness, shop.tenantId, shop.customer);
    await overdue(withWallet!.id);
    await overdue(pkgInvoice!.id);
    const wallet = async () =>
      (await request('GET', '/customer/wallet', { token })).body as {
        balance: string;
        transactions: { kind: string; amount: string }[];
      };
    expect((await wallet()).balance).toBe('0.00');

    const runs = await Promise.all(Array.from({ length: 4 }, () => sweep()));
    expect(runs.map((run) => run.status)).toEqual([200, 200, 200, 200]);
    expect(runs.reduce((sum, run) => sum + run.body.expired, 0)).toBe(2);
    expect(runs.map((run) => run.body.wallet_returned).sort()).toEqual(['0.00', '0.00', '0.00', '30000.00']);
    expect((await sweep()).body).toEqual({ expired: 0, wallet_returned: '0.00' });

    expect(await invoiceStatus(withWallet!.id)).toBe('EXPIRED');
    expect(await paymentStatus(started.body.payment_id)).toBe('FAILED');
    const after = await wallet();
    expect(after.balance).toBe('30000.00');
    expect(after.transactions.filter((move) => move.kind === 'refund')).toEqual([
      expect.objectContaining({ amount: '30000.00' }),
    ]);
    expect(await invoiceStatus(pkgInvoice!.id)).toBe('EXPIRED');
    expect(await paymentStatus(pkgInvoice!.payment_id)).toBe('FAILED');
    const [pkg] = await rows<{ payment_status: string }>(
      sql`SELECT payment_status FROM commerce.customer_packages WHERE id = ${bought.body.customer_package.id}`,
    );
    expect(pkg?.payment_status).toBe('failed');
    expect(await invoiceStatus(current.invoiceId)).toBe('PENDING');
    expect(await paymentStatus(current.paymentId)).toBe('PENDING');

    // The customer may start a new payment of the appointment; the provider's own EXPIRED, late, changes nothing.
    const again = await request('POST', '/customer/payments/process-appointment', {
      token,
      body: { appointment_id: appointmentId, payment_method: 'QRIS' },
    });
    expect(again.status).toBe(200);
    const late = await request('POST', `/webhooks/gateway-invoice/tenant/${shop.tenantId}`, {
      headers: { 'x-callback-token': CALLBACK_TOKEN },
      body: {
        id: withWallet!.gateway_invoice_id,
        external_id: withWallet!.id,
        status: 'EXPIRED',
        amount: Number(withWallet!.amount),
      },
    });
    expect(late.status).toBe(200);
    expect((await wallet()).balance).toBe('30000.00');
    expect((await sweep('wrong-internal-token-000000')).status).toBe(404);
  });
});
