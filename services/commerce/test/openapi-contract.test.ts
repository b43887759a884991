import { commerceApi, type AppointmentSnapshot } from '@salon/contracts';
import { newId } from '@salon/service-kit';
import { TEST_INTERNAL_TOKEN, appointmentSnapshotFixture, contractCalls } from '@salon/testing';
import { onSchedulingAppointmentCreated } from '../src/events/handlers/scheduling.appointment.created';
import {
  CALLBACK_TOKEN,
  addCustomer,
  addOutlet,
  addService,
  addTenant,
  createdPackage,
  handleInbox,
  newTenant,
  onPlan,
  startCommerce,
  type CommerceHarness,
} from './helpers';

/** Every answer parses with the response schema its operation contract documents (strict: no extra fields). */
describe('commerce answers match their operation contracts', () => {
  let harness: CommerceHarness;
  beforeAll(async () => {
    harness = await startCommerce();
  });
  afterAll(() => harness.stop());

  const { call } = contractCalls(commerceApi.commerceOperations, () => harness.service);

  /** A tenant with its gateway enabled, a service, an outlet, a customer and a package on sale. */
  async function shop() {
    const tenant = newTenant(harness.service);
    await addTenant(harness.service, tenant.tenantId);
    await onPlan(harness.service, tenant.tenantId, 'PRO');
    const serviceId = await addService(harness.service, tenant.tenantId);
    const outletId = await addOutlet(harness.service, tenant.tenantId);
    const customerId = await addCustomer(harness.service, tenant.tenantId);
    const pkg = await createdPackage(harness.service, tenant.admin, {
      name: 'Ten cuts',
      package_items: [{ service_id: serviceId, quantity: 10 }],
      package_price: '800000',
      validity_days: 30,
    });
    return { ...tenant, serviceId, outletId, customerId, pkg, customer: tenant.customerToken(customerId) };
  }

  it('packages (administration)', async () => {
    const { admin, customer, serviceId } = await shop();
    const created = await call('POST /packages', '/packages', {
      token: admin,
      body: {
        name: 'Five cuts',
        description: 'Weekday cuts',
        package_items: [{ service_id: serviceId, quantity: 5 }],
        package_price: 450000,
      },
    });
    await call('GET /packages', '/packages?size=5', { token: admin });
    await call('GET /packages/limits', '/packages/limits', { token: customer });
    await call('GET /packages/{package_id}', `/packages/${created.id}`, { token: admin });
    await call('PATCH /packages/{package_id}', `/packages/${created.id}`, {
      token: admin,
      body: { validity_days: null, status: 'inactive' },
    });
    await call('DELETE /packages/{package_id}', `/packages/${created.id}`, { token: admin });
  });

  it('customer packages: store, purchase, summaries, staff sale, credits and payments', async () => {
    const shopping = await shop();
    const { admin, customer, customerId, outletId, pkg, serviceId } = shopping;
    await call('GET /customer/packages/browse', '/customer/packages/browse', { token: customer });
    const online = await call('POST /customer/packages/purchase', '/customer/packages/purchase', {
      token: customer,
      body: { package_id: pkg.id, outlet_id: outletId },
    });
    const offline = await call('POST /customer/packages/purchase', '/customer/packages/purchase', {
      token: customer,
      body: { package_id: pkg.id, outlet_id: outletId, payment_method: 'pay_on_visit' },
    });
    const onlineId = online.customer_package.id as string;
    const offlineId = offline.customer_package.id as string;
    await call('GET /customer/packages/summary', '/customer/packages/summary', { token: customer });
    await call('GET /customer/packages', '/customer/packages?include_details=true', { token: customer });
    await call('GET /customer/packages/{customer_package_id}', `/customer/packages/${onlineId}`, {
      token: customer,
    });
    await call(
      'GET /customer/packages/{customer_package_id}/payment-status',
      `/customer/packages/${onlineId}/payment-status`,
      { token: customer },
    );
    await call(
      'POST /customer/package-payments/{customer_package_id}/create-payment-link',
      `/customer/package-payments/${offlineId}/create-payment-link`,
      { token: admin, body: {} },
    );
    await call(
      'POST /customer-packages/{customer_package_id}/record-payment',
      `/customer-packages/${offlineId}/record-payment`,
      { token: admin, body: { amount: pkg.package_price, payment_method: 'cash', receipt_number: 'R-1' } },
    );
    await call(
      'GET /customer-packages/{customer_package_id}/payment-status',
      `/customer-packages/${offlineId}/payment-status`,
      { token: admin },
    );

    await call('POST /staff/customer-packages', '/staff/customer-packages', {
      token: admin,
      body: {
        customer_id: customerId,
        package_id: pkg.id,
        outlet_id: outletId,
        amount_paid: pkg.package_price,
      },
    });
    await call('GET /staff/customer-packages', `/staff/customer-packages?customer_id=${customerId}`, {
      token: admin,
    });
    await call('POST /staff/customer-packages/credits/redeem', '/staff/customer-packages/credits/redeem', {
      token: admin,
      body: { customer_id: customerId, service_id: serviceId, quantity: 2 },
    });
    await call(
      'GET /staff/customer-packages/{customer_id}/credits',
      `/staff/customer-packages/${customerId}/credits?include_used=true`,
      { token: admin },
    );
    await call(
      'GET /staff/customer-packages/{customer_id}/summary',
      `/staff/customer-packages/${customerId}/summary`,
      { token: admin },
    );
    // Details once credits were used: package_details and credits_details filled in.
    await call('GET /customer/packages', '/customer/packages?include_details=true', { token: customer });

    const invoice = [...harness.sandbox.invoices.values()].find(
      (candidate) => candidate.invoice_url === online.invoice.payment_url,
    );
    if (!invoice) throw new Error('no provider invoice');
    const paid = await call(
      'POST /webhooks/gateway-invoice/tenant/{tenant_id}',
      `/webhooks/gateway-invoice/tenant/${shopping.tenantId}`,
      {
        headers: { 'x-callback-token': CALLBACK_TOKEN },
        body: { id: invoice.id, external_id: invoice.external_id, status: 'PAID', amount: invoice.amount },
      },
    );
    expect(paid.status).toBe('accepted');
  });

  it('the platform callback and the expiry job (internal)', async () => {
    const internal = { 'x-internal-token': TEST_INTERNAL_TOKEN };
    const created = await harness.service.request('POST', '/internal/subscription-invoices', {
      headers: internal,
      body: {
        tenant_id: newId(),
        subscription_id: newId(),
        kind: 'upgrade',
        target_plan: 'PRO',
        billing_period: 'monthly',
        amount: '399333.00',
        currency: 'IDR',
        due_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
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
      },
    });
    expect(created.status).toBe(201);
    await call('POST /webhooks/gateway-invoice/platform', '/webhooks/gateway-invoice/platform', {
      headers: { 'x-callback-token': CALLBACK_TOKEN },
      body: {
        id: created.body.gateway_invoice_id,
        external_id: created.body.id,
        status: 'EXPIRED',
        amount: 399333,
      },
    });
    await call('POST /internal/jobs/expire-packages', '/internal/jobs/expire-packages', {
      headers: internal,
    });
    await call('POST /internal/jobs/expire-invoices', '/internal/jobs/expire-invoices', {
      headers: internal,
    });
  });

  it('appointment payment and the wallet', async () => {
    const { admin, customer, customerId, tenantId } = await shop();
    const appointmentId = newId();
    await handleInbox(
      harness.service,
      'scheduling.appointment.created.v1',
      onSchedulingAppointmentCreated,
      appointmentSnapshot(tenantId, customerId, appointmentId),
    );
    await call('POST /customers/{customer_id}/wallet/credits', `/customers/${customerId}/wallet/credits`, {
      token: admin,
      body: { amount: '30000', reason: 'Goodwill' },
    });
    await call('POST /customer/payments/process-appointment', '/customer/payments/process-appointment', {
      token: customer,
      body: { appointment_id: appointmentId, use_wallet_balance: true },
    });
    await call('GET /customer/wallet', '/customer/wallet', { token: customer });
  });
});

/** A pending appointment as scheduling's event carries it, 100000 IDR. */
function appointmentSnapshot(
  tenantId: string,
  customerId: string,
  appointmentId: string,
): AppointmentSnapshot {
  return appointmentSnapshotFixture({
    appointment_id: appointmentId,
    tenant_id: tenantId,
    customer_id: customerId,
  });
}
