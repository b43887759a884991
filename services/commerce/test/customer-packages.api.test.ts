import { newId } from '@salon/service-kit';
import {
  addCustomer,
  addOutlet,
  addService,
  createdPackage,
  newTenant,
  startCommerce,
  type CommerceHarness,
} from './helpers';

describe('staff customer packages, credits and package payments', () => {
  let harness: CommerceHarness;
  beforeAll(async () => {
    harness = await startCommerce();
  });
  afterAll(() => harness.stop());

  const request = (...args: Parameters<CommerceHarness['service']['request']>) =>
    harness.service.request(...args);

  /** A tenant with a 10-haircut package (price 800000), an outlet and a customer. */
  async function shop({ quantity = 10, validity = 30 as number | null } = {}) {
    const tenant = newTenant(harness.service);
    const cut = await addService(harness.service, tenant.tenantId, { name: 'Haircut' });
    const outlet = await addOutlet(harness.service, tenant.tenantId);
    const customer = await addCustomer(harness.service, tenant.tenantId);
    const pkg = await createdPackage(harness.service, tenant.admin, {
      name: 'Ten cuts',
      package_items: [{ service_id: cut, quantity }],
      package_price: String(quantity * 80000),
      validity_days: validity,
    });
    const sell = (paymentMethod = 'manual_onspot') =>
      request('POST', '/staff/customer-packages', {
        token: tenant.staff('STAFF'),
        body: {
          customer_id: customer,
          package_id: pkg.id,
          outlet_id: outlet,
          payment_method: paymentMethod,
          amount_paid: '800000',
        },
      });
    return { ...tenant, cut, outlet, customer, pkg, sell };
  }

  it('sells on the spot: active at once with credits and details', async () => {
    const { sell, cut, customer } = await shop();
    const sold = await sell();
    expect(sold.status).toBe(201);
    expect(sold.body).toMatchObject({
      customer_id: customer,
      status: 'active',
      payment_status: 'paid',
      payment_method: 'manual_onspot',
      amount_paid: '800000.00',
      total_credits: 10,
      used_credits: 0,
      remaining_credits: 10,
      expired_credits: 0,
      days_until_expiry: 30,
      is_expiring_soon: false,
      package_details: { name: 'Ten cuts', package_price: '800000.00' },
      credits_details: [{ service_id: cut, total_credits: 10, remaining_credits: 10, is_expired: false }],
    });
    expect(typeof sold.body.expires_at).toBe('string');
  });

  it('leaves gateway and bank-transfer sales pending without credits', async () => {
    const { sell } = await shop();
    for (const method of ['gateway_digital', 'bank_transfer']) {
      const sold = await sell(method);
      expect(sold.status).toBe(201);
      expect(sold.body).toMatchObject({
        status: 'pending_payment',
        payment_status: 'pending',
        total_credits: 0,
        credits_details: [],
      });
    }
  });

  it('refuses unknown customers (404), foreign outlets (400) and bad bodies (422)', async () => {
    const { pkg, outlet, admin } = await shop();
    const unknown = await request('POST', '/staff/customer-packages', {
      token: admin,
      body: { customer_id: newId(), package_id: pkg.id, outlet_id: outlet, amount_paid: '1' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('Customer not found');
    const other = await shop();
    const foreign = await request('POST', '/staff/customer-packages', {
      token: other.admin,
      body: { customer_id: other.customer, package_id: other.pkg.id, outlet_id: outlet, amount_paid: '1' },
    });
    expect(foreign.status).toBe(400);
    expect(
      (await request('POST', '/staff/customer-packages', { token: admin, body: { customer_id: 'x' } }))
        .status,
    ).toBe(422);
  });

  it('lists packages and credits (FIFO) with filters, and summarises', async () => {
    const { sell, admin, customer, cut } = await shop();
    await sell();
    await sell('bank_transfer');
    const all = await request('GET', `/staff/customer-packages?customer_id=${customer}`, { token: admin });
    expect(all.body.total).toBe(2);
    const pending = await request(
      'GET',
      `/staff/customer-packages?status_filter=pending_payment&include_details=true`,
      { token: admin },
    );
    expect(pending.body.items).toHaveLength(1);
    expect(pending.body.items[0].package_details).not.toBeNull();
    const credits = await request('GET', `/staff/customer-packages/${customer}/credits?service_id=${cut}`, {
      token: admin,
    });
    expect(credits.status).toBe(200);
    expect(credits.body).toHaveLength(1);
    expect(credits.body[0]).toMatchObject({
      allocated_credits: 10,
      used_credits: 0,
      remaining_credits: 10,
      is_expired: false,
    });
    const summary = await request('GET', `/staff/customer-packages/${customer}/summary`, { token: admin });
    expect(summary.body).toEqual({
      total_packages: 2,
      active_packages: 1,
      total_credits: 10,
      used_credits: 0,
      remaining_credits: 10,
      expired_credits: 0,
      expiring_soon: 10,
    });
    expect(
      (await request('GET', `/staff/customer-packages/${newId()}/credits`, { token: admin })).status,
    ).toBe(404);
  });

  it('redeems first in, first out and refuses when nothing is left', async () => {
    const { sell, admin, customer, cut } = await shop({ quantity: 2 });
    const first = (await sell()).body;
    const second = (await sell()).body;
    const redeemed = await request('POST', '/staff/customer-packages/credits/redeem', {
      token: admin,
      body: { customer_id: customer, service_id: cut, quantity: 3, notes: 'walk-in' },
    });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body).toEqual({
      redeemed: [
        {
          credit_id: first.credits_details[0].id,
          customer_package_id: first.id,
          quantity: 2,
          remaining_credits: 0,
        },
        {
          credit_id: second.credits_details[0].id,
          customer_package_id: second.id,
          quantity: 1,
          remaining_credits: 1,
        },
      ],
      total_redeemed: 3,
      remaining_credits_for_service: 1,
    });
    const statuses = await request('GET', `/staff/customer-packages?customer_id=${customer}`, {
      token: admin,
    });
    expect(statuses.body.items.map((item: { status: string }) => item.status).sort()).toEqual([
      'depleted',
      'partially_used',
    ]);
    const tooMany = await request('POST', '/staff/customer-packages/credits/redeem', {
      token: admin,
      body: { customer_id: customer, service_id: cut, quantity: 2 },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.detail).toContain('No available credits');
    const none = await request('POST', '/staff/customer-packages/credits/redeem', {
      token: admin,
      body: {
        customer_id: customer,
        service_id: await addService(harness.service, newTenant(harness.service).tenantId),
      },
    });
    expect(none.status).toBe(404);
    expect(
      (
        await request('POST', '/staff/customer-packages/credits/redeem', {
          token: admin,
          body: { customer_id: newId(), service_id: cut },
        })
      ).status,
    ).toBe(404);
  });

  it('says credits expired when only expired credits are left', async () => {
    const { sell, admin, customer, cut, service } = { ...(await shop()), service: harness.service };
    const sold = (await sell()).body;
    await service.running.context.db.withRawTx((session) =>
      session.query(
        `UPDATE commerce.credits SET expires_at = now() - interval '1 day' WHERE customer_package_id = $1`,
        [sold.id],
      ),
    );
    const refused = await request('POST', '/staff/customer-packages/credits/redeem', {
      token: admin,
      body: { customer_id: customer, service_id: cut },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toContain('expired');
  });

  it('never overdraws: 20 parallel redemptions of 10 credits, exactly 10 succeed', async () => {
    const { sell, admin, customer, cut } = await shop();
    await sell();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        request('POST', '/staff/customer-packages/credits/redeem', {
          token: admin,
          body: { customer_id: customer, service_id: cut },
        }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    const [credit] = (
      await request('GET', `/staff/customer-packages/${customer}/credits?include_used=true`, { token: admin })
    ).body;
    expect(credit).toMatchObject({ used_credits: 10, remaining_credits: 0 });
  });

  it('records an exact offline payment once and activates the credits', async () => {
    const { sell, admin, staff, customer, customerToken } = await shop();
    const pending = (await sell('bank_transfer')).body;
    const path = `/customer-packages/${pending.id}/record-payment`;
    const cashier = staff('RECEPTIONIST');
    const wrong = await request('POST', path, {
      token: cashier,
      body: { amount: '700000', payment_method: 'cash' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toContain('700000.00');
    expect(wrong.body.detail).toContain('800000.00');
    expect(
      (
        await request('POST', path, {
          token: cashier,
          body: { amount: '800000', payment_method: 'gateway_digital' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await request('POST', path, {
          token: staff('STAFF'),
          body: { amount: '800000', payment_method: 'cash' },
        })
      ).status,
    ).toBe(403);
    const paid = await request('POST', path, {
      token: cashier,
      body: { amount: 800000, payment_method: 'cash', receipt_number: 'R-1' },
    });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      status: 'success',
      payment: { amount: '800000.00', method: 'cash', status: 'completed', receipt_number: 'R-1' },
      package: { id: pending.id, status: 'active', payment_status: 'paid', total_credits: 10 },
    });
    expect(
      (await request('POST', path, { token: cashier, body: { amount: '800000', payment_method: 'cash' } }))
        .status,
    ).toBe(409);

    const status = await request('GET', `/customer/package-payments/${pending.id}/payment-status`, {
      token: customerToken(customer),
    });
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      customer_package_id: pending.id,
      package_price: '800000.00',
      payment_status: 'paid',
      package_status: 'active',
      total_paid: '800000.00',
      remaining_balance: '0.00',
      is_paid: true,
      credits_activated: true,
      payments: [{ amount: '800000.00', method: 'cash', provider: 'manual', status: 'completed' }],
    });
    expect(
      (await request('GET', `/customer-packages/${pending.id}/payment-status`, { token: admin })).status,
    ).toBe(200);
    expect(
      (
        await request('GET', `/customer-packages/${pending.id}/payment-status`, {
          token: customerToken(newId()),
        })
      ).status,
    ).toBe(403);
    const other = newTenant(harness.service);
    expect(
      (await request('GET', `/customer-packages/${pending.id}/payment-status`, { token: other.admin }))
        .status,
    ).toBe(404);
    expect(
      (
        await request('POST', path, {
          token: other.admin,
          body: { amount: '800000', payment_method: 'cash' },
        })
      ).status,
    ).toBe(404);
  });
});
