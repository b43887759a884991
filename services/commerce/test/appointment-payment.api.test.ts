import { sql } from 'drizzle-orm';
import type { AppointmentSnapshot } from '@salon/contracts';
import {
  appointmentSnapshotFixture,
  captureEvents,
  pdfText,
  setTenantPlan,
  waitFor,
  type EventCapture,
} from '@salon/testing';
import { newId, selectRows } from '@salon/service-kit';
import { appointmentCharge } from '../src/domain/payment-rules';
import { onSchedulingAppointmentCreated } from '../src/events/handlers/scheduling.appointment.created';
import {
  addCustomer,
  addTenant,
  handleInbox,
  newTenant,
  onPlan,
  PROVIDER_SECRET,
  startCommerce,
  type CommerceHarness,
} from './helpers';

describe('appointmentCharge', () => {
  it.each([
    [
      '100000.00',
      '0',
      8,
      { wallet_applied: '0.00', base_after_wallet: '100000.00', platform_fee: '8000.00', total: '108000.00' },
    ],
    [
      '100000.00',
      '30000',
      5,
      {
        wallet_applied: '30000.00',
        base_after_wallet: '70000.00',
        platform_fee: '3500.00',
        total: '73500.00',
      },
    ],
    [
      '100000.00',
      '250000',
      3,
      { wallet_applied: '100000.00', base_after_wallet: '0.00', platform_fee: '0.00', total: '0.00' },
    ],
    [
      '99999.99',
      '0',
      3,
      { wallet_applied: '0.00', base_after_wallet: '99999.99', platform_fee: '3000.00', total: '102999.99' },
    ],
  ])('base %s, wallet %s, fee %d%%', (base, wallet, fee, expected) => {
    expect(appointmentCharge(base, wallet, fee)).toEqual(expected);
  });
});

const PDF_LINK = /^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/public\/invoices\/[0-9a-f]{24}\/pdf\?token=[\w-]{32}$/;

describe('POST /customer/payments/process-appointment and the wallet', () => {
  let harness: CommerceHarness;
  let events: EventCapture;
  beforeAll(async () => {
    harness = await startCommerce();
    events = await captureEvents(harness.service.testBus.bus, ['commerce.payment.completed.v1']);
  });
  afterAll(() => harness.stop());

  const request = (...args: Parameters<CommerceHarness['service']['request']>) =>
    harness.service.request(...args);
  const db = () => harness.service.running.context.db.orm;

  async function booked({
    status = 'pending' as AppointmentSnapshot['status'],
    gateway = true,
    delivered = true,
    deposit = '0.00',
  } = {}) {
    const tenant = newTenant(harness.service);
    if (gateway) await addTenant(harness.service, tenant.tenantId);
    const customer = await addCustomer(harness.service, tenant.tenantId);
    const appointmentId = newId();
    const snapshot = appointmentSnapshotFixture({
      appointment_id: appointmentId,
      tenant_id: tenant.tenantId,
      customer_id: customer,
      status,
      deposit_amount: deposit,
    });
    const deliver = () =>
      handleInbox(
        harness.service,
        'scheduling.appointment.created.v1',
        onSchedulingAppointmentCreated,
        snapshot,
      );
    if (delivered) await deliver();
    const token = tenant.customerToken(customer);
    const pay = (body: Record<string, unknown> = {}, as = token) =>
      request('POST', '/customer/payments/process-appointment', {
        token: as,
        body: { appointment_id: appointmentId, ...body },
      });
    const credit = (amount: string) =>
      request('POST', `/customers/${customer}/wallet/credits`, {
        token: tenant.admin,
        body: { amount, reason: 'Goodwill' },
      });
    return { ...tenant, customer, appointmentId, token, pay, credit, deliver };
  }

  const wallet = async (token: string) => (await request('GET', '/customer/wallet', { token })).body;

  it('a suspended business takes no payment: 403 before the provider is called', async () => {
    const { pay, tenantId } = await booked();
    await setTenantPlan(harness.service, tenantId, 'PRO', { status: 'suspended' });
    const invoicesBefore = harness.sandbox.invoices.size;
    const response = await pay();
    expect({ status: response.status, body: response.body }).toEqual({
      status: 403,
      body: { detail: 'This business is not taking bookings or purchases at the moment' },
    });
    expect(harness.sandbox.invoices.size).toBe(invoicesBefore);
  });

  it('an appointment its copy has not heard of, with no scheduling address to ask, is 404 at once', async () => {
    const { pay, deliver } = await booked({ delivered: false });
    const response = await pay();
    expect({ status: response.status, body: response.body }).toEqual({
      status: 404,
      body: { detail: 'Appointment not found' },
    });
    // Once the event has arrived the same payment goes through; the read of scheduling's own answer is
    // tested where scheduling runs too (e2e/test/booking-trace.test.ts).
    await deliver();
    expect((await pay()).status).toBe(200);
  });

  it('creates an APPOINTMENT invoice with the plan fee; the hosted payment completes it', async () => {
    const { pay, tenantId, appointmentId } = await booked();
    await onPlan(harness.service, tenantId, 'PRO');
    const response = await pay();
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'PENDING',
      amount: '105000.00',
      wallet_applied: '0.00',
      invoice_pdf_url: expect.stringMatching(PDF_LINK),
      invoice_number: expect.stringMatching(/^INV-APT-/),
    });
    expect(response.body.payment_url).toBe(response.body.invoice_url);
    const hours = (Date.parse(response.body.expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23);
    const [invoice] = await selectRows<{
      lines: unknown[];
      platform_fee: string;
      subtotal: string;
      reference_id: string;
    }>(
      db(),
      sql`SELECT i.lines, i.platform_fee::text, i.subtotal::text, p.reference_id FROM commerce.invoices i
          JOIN commerce.payments p ON p.id = i.payment_id WHERE i.appointment_id = ${appointmentId}`,
    );
    expect(invoice).toMatchObject({ platform_fee: '5000.00', subtotal: '100000.00' });
    expect(invoice?.lines).toHaveLength(2);
    expect(invoice?.reference_id).toMatch(new RegExp(`^APT-${appointmentId}-\\d+$`));

    const providerInvoice = [...harness.sandbox.invoices.values()].find(
      (inv) => inv.invoice_url === response.body.payment_url,
    );
    await harness.sandbox.pay(providerInvoice?.id as string);
    await harness.sandbox.idle();
    const event = await events.next(
      'commerce.payment.completed.v1',
      (e) => e.data.appointment_id === appointmentId,
    );
    expect(event.data).toMatchObject({ payment_id: response.body.payment_id, amount: '105000.00' });
    const ledger = await selectRows<{ net_amount: string }>(
      db(),
      sql`SELECT net_amount::text FROM commerce.merchant_ledger WHERE payment_id = ${response.body.payment_id}`,
    );
    expect(ledger).toEqual([{ net_amount: '95000.00' }]);
    expect((await pay()).status).toBe(409);
  });

  it('a booking that owes a deposit is charged the deposit, not the price; the ledger credits the deposit', async () => {
    const { pay, tenantId, appointmentId } = await booked({ deposit: '25000.00' });
    await onPlan(harness.service, tenantId, 'PRO');
    const response = await pay();
    expect(response.status).toBe(200);
    // 25,000 plus PRO's 5 % platform fee.
    expect(response.body).toMatchObject({ status: 'PENDING', amount: '26250.00', wallet_applied: '0.00' });
    const [invoice] = await selectRows<{
      lines: { description: string }[];
      subtotal: string;
      metadata: object;
    }>(
      db(),
      sql`SELECT lines, subtotal::text, metadata FROM commerce.invoices WHERE appointment_id = ${appointmentId}`,
    );
    expect(invoice).toMatchObject({
      subtotal: '25000.00',
      metadata: { deposit: true, base_amount: '25000.00' },
    });
    expect(invoice?.lines[0]?.description).toBe('Deposit: Haircut');

    const providerInvoice = [...harness.sandbox.invoices.values()].find(
      (inv) => inv.invoice_url === response.body.payment_url,
    );
    expect(providerInvoice?.amount).toBe(26250);
    await harness.sandbox.pay(providerInvoice?.id as string);
    await harness.sandbox.idle();
    const event = await events.next(
      'commerce.payment.completed.v1',
      (e) => e.data.appointment_id === appointmentId,
    );
    expect(event.data).toMatchObject({ amount: '26250.00' });
    const ledger = await selectRows<{ base_amount: string; net_amount: string }>(
      db(),
      sql`SELECT base_amount::text, net_amount::text FROM commerce.merchant_ledger
          WHERE payment_id = ${response.body.payment_id}`,
    );
    expect(ledger).toEqual([{ base_amount: '25000.00', net_amount: '23750.00' }]);
  });

  it('renders the invoice as a PDF behind its secret link, with where its payment stands', async () => {
    const { pay, token, tenantId } = await booked();
    await onPlan(harness.service, tenantId, 'PRO');
    const started = await pay();
    const link: string = started.body.invoice_pdf_url;
    const pending = await fetch(link);
    expect(pending.status).toBe(200);
    expect(pending.headers.get('content-type')).toBe('application/pdf');
    expect(pending.headers.get('content-disposition')).toBe(
      `inline; filename="${started.body.invoice_number}.pdf"`,
    );
    const text = await pdfText(await pending.arrayBuffer());
    for (const expected of [
      'Salon Ana',
      `Invoice ${started.body.invoice_number}`,
      'Status: Awaiting payment',
      'Billed to',
      'Ana Putri',
      'ana@example.com',
      // Amounts in the tenant's currency with its usual digits (none for the rupiah).
      'Haircut 1 IDR 100,000 IDR 100,000',
      'Platform fee (5%) 1 IDR 5,000 IDR 5,000',
      'Subtotal IDR 100,000',
      'Total IDR 105,000',
    ]) {
      expect(text).toContain(expected);
    }

    const providerInvoice = [...harness.sandbox.invoices.values()].find(
      (inv) => inv.invoice_url === started.body.payment_url,
    );
    await harness.sandbox.pay(providerInvoice?.id as string);
    await harness.sandbox.idle();
    const paidText = await waitFor(async () => {
      const current = await pdfText(await (await fetch(link)).arrayBuffer());
      return current.includes('Status: Paid') ? current : undefined;
    });
    expect(paidText).toMatch(/Paid on: \d{1,2} \w+ \d{4}/);

    // The customer's history links the same document.
    const history = await request('GET', '/customer/payments', { token });
    expect(history.body.items[0]).toMatchObject({
      id: started.body.payment_id,
      invoice_pdf_url: link,
    });

    // Without its secret the invoice does not exist; a malformed secret or id is a validation error.
    const url = new URL(link);
    const wrong = new URL(link);
    wrong.searchParams.set('token', 'x'.repeat(32));
    expect((await fetch(wrong)).status).toBe(404);
    const otherInvoice = new URL(link.replace(/invoices\/[0-9a-f]{24}/, `invoices/${newId()}`));
    const unknown = await fetch(otherInvoice);
    expect({ status: unknown.status, body: await unknown.json() }).toEqual({
      status: 404,
      body: { detail: 'Invoice not found' },
    });
    url.searchParams.set('token', 'short');
    expect((await fetch(url)).status).toBe(422);
    url.searchParams.delete('token');
    expect((await fetch(url)).status).toBe(422);
  });

  it('applies the wallet first, and a whole-wallet payment completes without an invoice', async () => {
    const partial = await booked();
    expect((await partial.credit('30000')).status).toBe(201);
    const response = await partial.pay({ use_wallet_balance: true });
    expect(response.body).toMatchObject({
      status: 'PENDING',
      wallet_applied: '30000.00',
      amount: '75600.00',
    });
    expect((await wallet(partial.token)).balance).toBe('0.00');

    const whole = await booked();
    await whole.credit('250000');
    const paid = await whole.pay({ use_wallet_balance: true });
    expect(paid.body).toMatchObject({
      status: 'COMPLETED',
      payment_url: null,
      invoice_pdf_url: null,
      wallet_applied: '100000.00',
    });
    const view = await wallet(whole.token);
    expect(view.balance).toBe('150000.00');
    expect(view.transactions.map((t: { kind: string }) => t.kind)).toEqual(['debit', 'credit']);
    await events.next('commerce.payment.completed.v1', (e) => e.data.payment_id === paid.body.payment_id);
    expect((await whole.pay()).status).toBe(409);
  });

  it('provider down: 502, wallet and payments untouched; a new request then succeeds', async () => {
    const { pay, credit, token, appointmentId } = await booked();
    await credit('30000');
    harness.sandbox.setFault('down');
    try {
      const response = await pay({ use_wallet_balance: true });
      expect(response.status).toBe(502);
    } finally {
      harness.sandbox.setFault('none');
    }
    expect((await wallet(token)).balance).toBe('30000.00');
    const rows = await selectRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM commerce.payments WHERE appointment_id = ${appointmentId}`,
    );
    expect(rows[0]?.n).toBe(0);
    expect((await pay({ use_wallet_balance: true })).status).toBe(200);
  });

  /** The provider's invoice behind a payment answer, and how it expires there (its EXPIRED callback follows). */
  const providerInvoice = (paymentUrl: string) => {
    const id = paymentUrl.split('/').pop() as string;
    const invoice = harness.sandbox.invoices.get(id)!;
    const expire = async () => {
      const auth = Buffer.from(`${PROVIDER_SECRET}:`).toString('base64');
      const response = await fetch(`${harness.sandbox.url}/invoices/${id}/expire!`, {
        method: 'POST',
        headers: { authorization: `Basic ${auth}`, 'for-user-id': invoice.user_id },
      });
      expect(response.status).toBe(200);
      await harness.sandbox.idle();
    };
    return { id, invoice, expire };
  };
  const paymentRows = (appointmentId: string) =>
    selectRows<{ status: string; invoice_status: string }>(
      db(),
      sql`SELECT p.status, i.status AS invoice_status FROM commerce.payments p
          JOIN commerce.invoices i ON i.id = p.invoice_id
          WHERE p.appointment_id = ${appointmentId} ORDER BY p.created_at`,
    );

  it('an expired payment gives its wallet part back; paid late, it takes it again and completes', async () => {
    const a = await booked();
    await a.credit('30000');
    const first = await a.pay({ use_wallet_balance: true });
    expect(first.body).toMatchObject({ status: 'PENDING', wallet_applied: '30000.00', amount: '75600.00' });
    const provider = providerInvoice(first.body.payment_url);
    await provider.expire();
    await waitFor(async () => (await wallet(a.token)).balance === '30000.00');
    expect(await paymentRows(a.appointmentId)).toEqual([{ status: 'FAILED', invoice_status: 'EXPIRED' }]);

    // The money arrives anyway (a payment settled at the provider after the expiry was sent).
    provider.invoice.status = 'PENDING';
    provider.invoice.expiry_date = new Date(Date.now() + 60_000).toISOString();
    await harness.sandbox.pay(provider.id);
    await events.next('commerce.payment.completed.v1', (e) => e.data.payment_id === first.body.payment_id);
    expect((await wallet(a.token)).balance).toBe('0.00');
    expect(await paymentRows(a.appointmentId)).toEqual([{ status: 'COMPLETED', invoice_status: 'PAID' }]);
  });

  it('an attempt past its due date lets a new one start; the old one paid late then goes to the wallet', async () => {
    const a = await booked();
    await a.credit('30000');
    const first = await a.pay({ use_wallet_balance: true });
    expect((await a.pay()).status).toBe(409);
    // No API moves the clock: the first invoice's due date is put in the past, as 24 hours would.
    await db().execute(
      sql`UPDATE commerce.invoices SET due_date = now() - interval '1 minute' WHERE payment_id = ${first.body.payment_id}`,
    );
    const second = await a.pay();
    expect(second.status).toBe(200);
    expect((await wallet(a.token)).balance).toBe('30000.00');
    expect(await paymentRows(a.appointmentId)).toEqual([
      { status: 'FAILED', invoice_status: 'EXPIRED' },
      { status: 'PENDING', invoice_status: 'PENDING' },
    ]);

    // The first is paid after all: another payment is under way, so the money waits in the wallet.
    await harness.sandbox.pay(providerInvoice(first.body.payment_url).id);
    await waitFor(async () => (await wallet(a.token)).balance === '105600.00');
    expect(await paymentRows(a.appointmentId)).toEqual([
      { status: 'FAILED', invoice_status: 'PAID' },
      { status: 'PENDING', invoice_status: 'PENDING' },
    ]);
    expect(
      events.of('commerce.payment.completed.v1').some((e) => e.data.payment_id === first.body.payment_id),
    ).toBe(false);
  });

  it('refuses: another customer, unknown, wrong status, pending payment, gateway off, bad body', async () => {
    const a = await booked();
    const other = await addCustomer(harness.service, a.tenantId);
    expect((await a.pay({}, a.customerToken(other))).status).toBe(403);
    expect((await a.pay({ appointment_id: newId() })).status).toBe(404);
    expect((await a.pay({ payment_method: 'CASH' })).status).toBe(422);
    expect((await a.pay({}, a.admin)).status).toBe(403);
    expect((await a.pay()).status).toBe(200);
    expect((await a.pay()).status).toBe(409);
    expect((await (await booked({ status: 'cancelled' })).pay()).status).toBe(409);
    expect((await (await booked({ gateway: false })).pay()).status).toBe(400);
  });

  it('wallet endpoints: admin only, enabled tenants only', async () => {
    const { customer, staff, token } = await booked();
    const byStaff = await request('POST', `/customers/${customer}/wallet/credits`, {
      token: staff('STAFF'),
      body: { amount: '10', reason: 'x' },
    });
    expect(byStaff.status).toBe(403);
    expect((await wallet(token)).balance).toBe('0.00');
    const off = await booked({ gateway: false });
    expect((await off.credit('10')).status).toBe(400);
  });
});
