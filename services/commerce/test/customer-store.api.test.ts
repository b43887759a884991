import { sql } from 'drizzle-orm';
import { captureEvents, setTenantPlan, type EventCapture } from '@salon/testing';
import { newId, selectRows } from '@salon/service-kit';
import {
  addCustomer,
  addOutlet,
  addService,
  addTenant,
  createdPackage,
  newTenant,
  startCommerce,
  type CommerceHarness,
} from './helpers';

describe('customer package store and staff payment links', () => {
  let harness: CommerceHarness;
  let events: EventCapture;
  beforeAll(async () => {
    harness = await startCommerce();
    events = await captureEvents(harness.service.testBus.bus, ['commerce.payment_link.created.v1']);
  });
  afterAll(() => harness.stop());

  const request = (...args: Parameters<CommerceHarness['service']['request']>) =>
    harness.service.request(...args);
  const db = () => harness.service.running.context.db.orm;

  /** A tenant known to commerce (gateway enabled) with an outlet, a customer and a 10-haircut package. */
  async function shop({
    gateway = true,
    contact = {} as { email?: string | null; phone?: string | null },
  } = {}) {
    const tenant = newTenant(harness.service);
    if (gateway) await addTenant(harness.service, tenant.tenantId);
    const cut = await addService(harness.service, tenant.tenantId, { name: 'Haircut' });
    const outlet = await addOutlet(harness.service, tenant.tenantId);
    const customer = await addCustomer(harness.service, tenant.tenantId, contact);
    const pkg = await createdPackage(harness.service, tenant.admin, {
      name: 'Ten cuts',
      description: 'Ten haircuts',
      package_items: [{ service_id: cut, quantity: 10 }],
      package_price: '800000',
      validity_days: 30,
    });
    const token = tenant.customerToken(customer);
    const purchase = (body: Record<string, unknown> = {}) =>
      request('POST', '/customer/packages/purchase', {
        token,
        body: { package_id: pkg.id, outlet_id: outlet, ...body },
      });
    return { ...tenant, cut, outlet, customer, pkg, token, purchase };
  }

  describe('GET /customer/packages/browse', () => {
    it('lists active packages of the tenant without internal fields', async () => {
      const { token, pkg, admin, cut } = await shop();
      const other = await createdPackage(harness.service, admin, {
        name: 'Hidden',
        package_items: [{ service_id: cut, quantity: 2 }],
        package_price: '150000',
        status: 'inactive',
      });
      const response = await request('GET', '/customer/packages/browse', { token });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ total: 1, page: 1, size: 10 });
      expect(response.body.items).toEqual([
        {
          id: pkg.id,
          name: 'Ten cuts',
          description: 'Ten haircuts',
          package_items: [
            { service_id: cut, service_name: 'Haircut', quantity: 10, unit_price: '100000.00' },
          ],
          package_price: '800000.00',
          currency: 'IDR',
          total_individual_price: '1000000.00',
          discount_percentage: 20,
          validity_days: 30,
        },
      ]);
      expect(response.body.items.map((item: { id: string }) => item.id)).not.toContain(other.id);
    });

    it('filters by outlet and refuses staff tokens and bad input', async () => {
      const { token, admin } = await shop();
      const elsewhere = await request('GET', `/customer/packages/browse?outlet_id=${newId()}`, { token });
      expect(elsewhere.body.total).toBe(1); // empty outlet_ids: every outlet
      expect((await request('GET', '/customer/packages/browse', { token: admin })).status).toBe(403);
      expect((await request('GET', '/customer/packages/browse?outlet_id=x', { token })).status).toBe(422);
      expect((await request('GET', '/customer/packages/browse')).status).toBe(401);
    });
  });

  describe('POST /customer/packages/purchase', () => {
    it('a suspended business sells nothing: 403 and no package, invoice or payment created', async () => {
      const { purchase, tenantId, customer } = await shop();
      await setTenantPlan(harness.service, tenantId, 'PRO', { status: 'suspended' });
      const response = await purchase();
      expect({ status: response.status, body: response.body }).toEqual({
        status: 403,
        body: { detail: 'This business is not taking bookings or purchases at the moment' },
      });
      const [row] = await selectRows<{ n: number }>(
        db(),
        sql`SELECT count(*)::int AS n FROM commerce.customer_packages WHERE tenant_id = ${tenantId} AND customer_id = ${customer}`,
      );
      expect(row).toEqual({ n: 0 });
    });

    it('gateway_digital: a provider invoice on the tenant sub-account and the link event', async () => {
      const { purchase, tenantId, customer, pkg } = await shop();
      const response = await purchase({ send_whatsapp: true });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        status: 'payment_link_created',
        customer_package: {
          package_id: pkg.id,
          package_name: 'Ten cuts',
          amount: '800000.00',
          currency: 'IDR',
          payment_method: 'gateway_digital',
          payment_status: 'pending',
          status: 'pending_payment',
          validity_days: 30,
        },
        invoice: { amount: '800000.00' },
        delivery_methods: ['email', 'whatsapp'],
      });
      const url: string = response.body.invoice.payment_url;
      const providerInvoice = [...harness.sandbox.invoices.values()].find((inv) => inv.invoice_url === url);
      expect(providerInvoice).toMatchObject({ amount: 800000, external_id: response.body.invoice.id });
      const [account] = await selectRows<{ account_id: string }>(
        db(),
        sql`SELECT account_id FROM commerce.provider_accounts WHERE tenant_id = ${tenantId}`,
      );
      expect(providerInvoice?.user_id).toBe(account?.account_id);

      const event = await events.next(
        'commerce.payment_link.created.v1',
        (e) => e.data.invoice_id === response.body.invoice.id,
      );
      expect(event.data).toEqual({
        tenant_id: tenantId,
        customer_id: customer,
        customer_package_id: response.body.customer_package.id,
        payment_id: expect.any(String),
        invoice_id: response.body.invoice.id,
        invoice_number: response.body.invoice.invoice_number,
        amount: '800000.00',
        currency: 'IDR',
        payment_url: url,
        due_date: response.body.invoice.due_date,
        channels: { email: true, whatsapp: true, sms: false },
        customer: { name: 'Ana Putri', email: 'ana@example.com', phone: '+6281234567890' },
        package_name: 'Ten cuts',
      });

      // The second purchase reuses the stored sub-account.
      expect((await purchase()).status).toBe(201);
      const accounts = await selectRows<{ n: number }>(
        db(),
        sql`SELECT count(*)::int AS n FROM commerce.provider_accounts WHERE tenant_id = ${tenantId}`,
      );
      expect(accounts[0]?.n).toBe(1);
    });

    it('gateway_digital with a return_url: the provider’s page sends the customer back there', async () => {
      const { purchase } = await shop();
      const back = 'https://salon.example/book/lumen/my/packages';
      const response = await purchase({ return_url: back });
      expect(response.status).toBe(201);
      const url: string = response.body.invoice.payment_url;
      const providerInvoice = [...harness.sandbox.invoices.values()].find((inv) => inv.invoice_url === url);
      expect(providerInvoice).toMatchObject({ success_redirect_url: back, failure_redirect_url: back });
      // Without one, the provider's page shows its own end page; a return_url must be an absolute URL.
      const plain = (await purchase()).body.invoice.payment_url;
      const plainInvoice = [...harness.sandbox.invoices.values()].find((inv) => inv.invoice_url === plain);
      expect(plainInvoice?.success_redirect_url).toBeUndefined();
      expect((await purchase({ return_url: '/book/lumen' })).status).toBe(422);
    });

    it('bank_transfer and pay_on_visit answer payment instructions', async () => {
      const { purchase } = await shop();
      for (const method of ['bank_transfer', 'pay_on_visit']) {
        const response = await purchase({ payment_method: method });
        expect(response.status).toBe(201);
        expect(response.body).toMatchObject({
          status: 'pending_payment',
          customer_package: { payment_method: method, status: 'pending_payment', payment_status: 'pending' },
          payment_instructions: { method, amount: '800000.00', currency: 'IDR' },
        });
        expect(response.body.payment_instructions.purchase_id).toBe(response.body.customer_package.id);
      }
    });

    it('refuses: no contact, gateway not configured, unknown package, other outlet, bad body', async () => {
      const noContact = await shop({ contact: { email: null, phone: null } });
      expect((await noContact.purchase()).status).toBe(400);
      const noGateway = await shop({ gateway: false });
      expect((await noGateway.purchase()).body.detail).toMatch(/gateway/i);
      const { purchase, admin } = await shop();
      expect((await purchase({ package_id: newId() })).status).toBe(404);
      expect((await purchase({ outlet_id: newId() })).status).toBe(400);
      expect((await purchase({ payment_method: 'manual_onspot' })).status).toBe(422);
      expect((await request('POST', '/customer/packages/purchase', { token: admin, body: {} })).status).toBe(
        403,
      );
    });

    it('provider down: 502 and nothing written', async () => {
      const { purchase, customer } = await shop();
      harness.sandbox.setFault('down');
      try {
        const response = await purchase();
        expect(response.status).toBe(502);
        expect(response.body.detail).toMatch(/^Failed to create payment link/);
      } finally {
        harness.sandbox.setFault('none');
      }
      const rows = await selectRows<{ n: number }>(
        db(),
        sql`SELECT count(*)::int AS n FROM commerce.customer_packages WHERE customer_id = ${customer}`,
      );
      expect(rows[0]?.n).toBe(0);
    });
  });

  describe('GET /customer/packages and /summary', () => {
    it('lists the caller’s packages with a status filter and summarises them', async () => {
      const { purchase, token, tenantId, staff, customer, pkg, outlet } = await shop();
      const link = await purchase();
      const sold = await request('POST', '/staff/customer-packages', {
        token: staff('STAFF'),
        body: { customer_id: customer, package_id: pkg.id, outlet_id: outlet, amount_paid: '800000' },
      });
      expect(sold.status).toBe(201);
      const other = await addCustomer(harness.service, tenantId);
      expect(
        (
          await request('GET', '/customer/packages', {
            token: newTenant(harness.service).customerToken(other),
          })
        ).body.total,
      ).toBe(0);

      const all = await request('GET', '/customer/packages', { token });
      expect(all.body).toMatchObject({ total: 2, size: 10 });
      const active = await request('GET', '/customer/packages?status=active&include_details=true', { token });
      expect(active.body.total).toBe(1);
      expect(active.body.items[0]).toMatchObject({
        id: sold.body.id,
        credits_details: [{ total_credits: 10 }],
      });
      const pending = await request('GET', '/customer/packages?status=pending_payment', { token });
      expect(pending.body.items[0].id).toBe(link.body.customer_package.id);
      expect((await request('GET', '/customer/packages?status=nope', { token })).status).toBe(422);

      const summary = await request('GET', '/customer/packages/summary', { token });
      expect(summary.status).toBe(200);
      expect(summary.body).toEqual({
        total_packages: 2,
        active_packages: 1,
        pending_payment_packages: 1,
        credits_summary: { total_credits: 10, used_credits: 0, remaining_credits: 10, expired_credits: 0 },
        expiring_soon: { count: 0, packages: [] },
        pending_payments: {
          count: 1,
          total_amount: '800000.00',
          currency: 'IDR',
          packages: [
            {
              id: link.body.customer_package.id,
              package_name: 'Ten cuts',
              amount: '800000.00',
              payment_url: link.body.invoice.payment_url,
            },
          ],
        },
        recent_usage: { credits_used_this_month: 0, last_used_at: null },
      });
    });
  });

  describe('POST /customer-packages/{id}/create-payment-link', () => {
    async function pendingSale() {
      const s = await shop();
      const sold = await request('POST', '/staff/customer-packages', {
        token: s.staff('STAFF'),
        body: {
          customer_id: s.customer,
          package_id: s.pkg.id,
          outlet_id: s.outlet,
          payment_method: 'bank_transfer',
          amount_paid: '800000',
        },
      });
      return { ...s, id: sold.body.id as string };
    }

    it('creates the link with 0% fee and the exact response', async () => {
      const { id, staff, tenantId } = await pendingSale();
      const response = await request('POST', `/customer-packages/${id}/create-payment-link`, {
        token: staff('RECEPTIONIST'),
        body: { send_sms: true },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        status: 'payment_link_created',
        message: expect.any(String),
        invoice: {
          id: expect.any(String),
          invoice_number: expect.stringMatching(/^INV-PKG-/),
          amount: '800000.00',
          subtotal: '800000.00',
          platform_fee: '0.00',
          platform_fee_percentage: 0,
          currency: 'IDR',
          due_date: expect.any(String),
          gateway_invoice_id: expect.any(String),
          invoice_url: expect.stringContaining(harness.sandbox.url),
        },
        payment: {
          id: expect.any(String),
          reference_id: expect.stringMatching(`^PKG-${id}-`),
          status: 'pending',
          amount: '800000.00',
        },
        customer: { name: 'Ana Putri', email: 'ana@example.com', phone: '+6281234567890' },
        delivery_methods: ['email', 'sms'],
        webhook_url: expect.stringMatching(`/api/v1/webhooks/gateway-invoice/tenant/${tenantId}$`),
      });
      const days = (Date.parse(response.body.invoice.due_date) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(2.9);
      expect(days).toBeLessThanOrEqual(3);

      // A new link voids the previous one.
      const again = await request('POST', `/customer-packages/${id}/create-payment-link`, {
        token: staff('STAFF'),
        body: { due_date: '2099-01-31' },
      });
      expect(again.body.invoice.due_date).toBe('2099-01-31T23:59:59.999Z');
      const statuses = await selectRows<{ status: string }>(
        db(),
        sql`SELECT status FROM commerce.invoices WHERE customer_package_id = ${id} ORDER BY created_at`,
      );
      expect(statuses.map((row) => row.status).sort()).toEqual(['PENDING', 'VOID']);
    });

    it('refuses: no delivery method, already paid, other tenant, bad input, customer token', async () => {
      const { id, staff, admin, token } = await pendingSale();
      const path = `/customer-packages/${id}/create-payment-link`;
      const none = await request('POST', path, { token: admin, body: { send_email: false } });
      expect(none.status).toBe(400);
      expect((await request('POST', path, { token: admin, body: { due_date: 'soon' } })).status).toBe(422);
      // Dates PostgreSQL cannot hold, or past the shared range: 422 at the field, never 500 (issue 18).
      for (const due_date of ['0000-01-01', '3000-01-01', '9999-12-31', '2026-02-30', '2026-2-3']) {
        const refused = await request('POST', path, { token: admin, body: { due_date } });
        expect({ due_date, status: refused.status }).toEqual({ due_date, status: 422 });
        expect(refused.body.detail[0].loc).toEqual(['body', 'due_date']);
      }
      expect((await request('POST', path, { token })).status).toBe(403);
      expect((await request('POST', path, { token: newTenant(harness.service).admin })).status).toBe(404);
      await request('POST', `/customer-packages/${id}/record-payment`, {
        token: admin,
        body: { amount: '800000', payment_method: 'cash' },
      });
      expect((await request('POST', path, { token: staff('STAFF') })).status).toBe(409);
    });
  });
});
