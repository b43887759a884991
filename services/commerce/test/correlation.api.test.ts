import { sql } from 'drizzle-orm';
import { newId, selectRows } from '@salon/service-kit';
import { appointmentSnapshotFixture, captureEvents, type EventCapture } from '@salon/testing';
import { onSchedulingAppointmentCreated } from '../src/events/handlers/scheduling.appointment.created';
import {
  CALLBACK_TOKEN,
  addCustomer,
  addTenant,
  handleInbox,
  newTenant,
  packageShop,
  startCommerce,
  type CommerceHarness,
} from './helpers';
import { pendingAppointmentInvoice } from './appointment-invoice';

/**
 * A booking can be followed from the request that started paying to its confirmation: every event commerce
 * publishes carries, as correlation_id, the id of the request that caused it; when the provider's callback
 * completes a payment later, the event carries the id of the request that created the payment.
 */
describe('correlation of the events commerce publishes', () => {
  let harness: CommerceHarness;
  let events: EventCapture;
  beforeAll(async () => {
    harness = await startCommerce();
    events = await captureEvents(harness.service.testBus.bus, [
      'commerce.payment.completed.v1',
      'commerce.payment_link.created.v1',
    ]);
  });
  afterAll(() => harness.stop());

  const request = (...args: Parameters<CommerceHarness['service']['request']>) =>
    harness.service.request(...args);
  const db = () => harness.service.running.context.db.orm;
  const requestId = (what: string) => `${what}-${newId()}`;

  async function booked() {
    const tenant = newTenant(harness.service);
    await addTenant(harness.service, tenant.tenantId);
    const customer = await addCustomer(harness.service, tenant.tenantId);
    const appointmentId = newId();
    await handleInbox(
      harness.service,
      'scheduling.appointment.created.v1',
      onSchedulingAppointmentCreated,
      appointmentSnapshotFixture({
        appointment_id: appointmentId,
        tenant_id: tenant.tenantId,
        customer_id: customer,
      }),
    );
    const token = tenant.customerToken(customer);
    const pay = (id: string, body: Record<string, unknown> = {}) =>
      request('POST', '/customer/payments/process-appointment', {
        token,
        body: { appointment_id: appointmentId, ...body },
        headers: { 'x-request-id': id },
      });
    return { ...tenant, customer, appointmentId, pay };
  }

  const payAtProvider = async (paymentUrl: string) => {
    const invoice = [...harness.sandbox.invoices.values()].find((inv) => inv.invoice_url === paymentUrl);
    await harness.sandbox.pay(invoice?.id as string);
    await harness.sandbox.idle();
  };

  it("an appointment's payment.completed carries the id of the request that started the payment", async () => {
    const { pay, appointmentId } = await booked();
    const paying = requestId('pay');
    const response = await pay(paying);
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('PENDING');
    // The provider's callback arrives later, in a request of its own, and is applied by the processor.
    await payAtProvider(response.body.payment_url);
    const completed = await events.next(
      'commerce.payment.completed.v1',
      (event) => event.data.appointment_id === appointmentId,
    );
    expect(completed.data.payment_id).toBe(response.body.payment_id);
    expect(completed.correlation_id).toBe(paying);
    expect(completed.producer).toBe('commerce');
  });

  it('a whole-wallet payment completes in the request, with its id', async () => {
    const { pay, admin, customer, appointmentId } = await booked();
    const credited = await request('POST', `/customers/${customer}/wallet/credits`, {
      token: admin,
      body: { amount: '250000', reason: 'Goodwill' },
    });
    expect(credited.status).toBe(201);
    const paying = requestId('wallet-pay');
    const response = await pay(paying, { use_wallet_balance: true });
    expect(response.body.status).toBe('COMPLETED');
    const completed = await events.next(
      'commerce.payment.completed.v1',
      (event) => event.data.appointment_id === appointmentId,
    );
    expect(completed.correlation_id).toBe(paying);
  });

  it('a package payment link and the payment it completes carry the purchase request id', async () => {
    const { outlet, customer, pkg, customerToken } = await packageShop(harness.service);
    const purchasing = requestId('purchase');
    const response = await request('POST', '/customer/packages/purchase', {
      token: customerToken(customer),
      body: { package_id: pkg.id, outlet_id: outlet },
      headers: { 'x-request-id': purchasing },
    });
    expect(response.status).toBe(201);
    const customerPackageId: string = response.body.customer_package.id;
    const link = await events.next(
      'commerce.payment_link.created.v1',
      (event) => event.data.customer_package_id === customerPackageId,
    );
    expect(link.correlation_id).toBe(purchasing);
    await payAtProvider(response.body.invoice.payment_url);
    const completed = await events.next(
      'commerce.payment.completed.v1',
      (event) => event.data.customer_package_id === customerPackageId,
    );
    expect(completed.correlation_id).toBe(purchasing);
  });

  it('an invoice that recorded no request: the event carries the id of the stored callback', async () => {
    const tenant = newTenant(harness.service);
    const { invoiceId, paymentId, gatewayId } = await pendingAppointmentInvoice(
      harness,
      tenant.tenantId,
      null,
    );
    const callback = await request('POST', `/webhooks/gateway-invoice/tenant/${tenant.tenantId}`, {
      body: {
        id: gatewayId,
        external_id: invoiceId,
        status: 'PAID',
        amount: 105000,
        paid_amount: 105000,
        payment_method: 'QRIS',
        paid_at: new Date().toISOString(),
        currency: 'IDR',
      },
      headers: { 'x-callback-token': CALLBACK_TOKEN },
    });
    expect(callback.body).toEqual({ status: 'accepted' });
    const completed = await events.next(
      'commerce.payment.completed.v1',
      (event) => event.data.payment_id === paymentId,
    );
    const [stored] = await selectRows<{ id: string }>(
      db(),
      sql`SELECT id FROM commerce.gateway_callbacks WHERE gateway_invoice_id = ${gatewayId}`,
    );
    expect(completed.correlation_id).toBe(stored?.id);
  });
});

describe('payment statuses in one casing', () => {
  let harness: CommerceHarness;
  beforeAll(async () => {
    harness = await startCommerce();
  });
  afterAll(() => harness.stop());

  const db = () => harness.service.running.context.db.orm;
  const statusOf = async (id: string) =>
    (
      await selectRows<{ status: string }>(db(), sql`SELECT status FROM commerce.payments WHERE id = ${id}`)
    )[0]?.status;

  it('package payments are stored uppercase and answered in the spec’s lowercase', async () => {
    const { outlet, customer, pkg, staff } = await packageShop(harness.service);
    const sold = await harness.service.request('POST', '/staff/customer-packages', {
      token: staff('STAFF'),
      body: {
        customer_id: customer,
        package_id: pkg.id,
        outlet_id: outlet,
        payment_method: 'manual_onspot',
        amount_paid: '800000',
      },
    });
    expect(sold.status).toBe(201);
    expect(await statusOf(sold.body.payment_id)).toBe('COMPLETED');
    const status = await harness.service.request('GET', `/customer-packages/${sold.body.id}/payment-status`, {
      token: staff('STAFF'),
    });
    expect(status.body.payments).toMatchObject([{ id: sold.body.payment_id, status: 'completed' }]);
  });

  it('a lowercase write (a replica of the previous release) is stored uppercase; other values are refused', async () => {
    const { tenantId, customer } = await packageShop(harness.service);
    const id = newId();
    const insert = (paymentId: string, status: string) =>
      db().execute(sql`
        INSERT INTO commerce.payments (id, tenant_id, customer_id, amount, currency, method, provider, status,
          reference_id)
        VALUES (${paymentId}, ${tenantId}, ${customer}, 10, 'IDR', 'cash', 'manual', ${status}, 'legacy')`);
    await insert(id, 'pending');
    expect(await statusOf(id)).toBe('PENDING');
    await db().execute(sql`UPDATE commerce.payments SET status = 'completed' WHERE id = ${id}`);
    expect(await statusOf(id)).toBe('COMPLETED');
    await expect(insert(newId(), 'settled')).rejects.toThrow();
  });
});
