import {
  PaymentProviderError,
  PaymentProviderUnavailableError,
  createPaymentProvider,
  startSandboxProvider,
  type SandboxProvider,
} from '../src';
import { startReceiver } from './receiver';

const SECRET = 'xnd_development_sandbox_secret';
const CALLBACK_TOKEN = 'sandbox-callback-token-0123456789';

describe('payment provider adapter against the sandbox', () => {
  let sandbox: SandboxProvider;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeEach(async () => {
    receiver = await startReceiver();
    sandbox = await startSandboxProvider({
      secretKey: SECRET,
      callbackToken: CALLBACK_TOKEN,
      defaultCallbackUrl: receiver.url,
      retryDelaysMs: [10, 20, 40],
      slowMs: 2000,
    });
  });
  afterEach(async () => {
    await sandbox.stop();
    await receiver.close();
  });

  const provider = (overrides: { secretKey?: string; timeoutMs?: number } = {}) =>
    createPaymentProvider({ baseUrl: sandbox.url, secretKey: SECRET, timeoutMs: 5000, ...overrides });

  const invoiceRequest = {
    external_id: 'PKG-1',
    amount: 250000,
    currency: 'IDR',
    payer_email: 'ana@example.com',
    description: 'Hair package',
    invoice_duration: 86400,
    items: [{ name: 'Haircut', quantity: 5, price: 50000 }],
    fees: [{ type: 'Platform fee', value: 0 }],
    metadata: { type: 'PACKAGE' },
    success_redirect_url: 'https://example.com/ok',
    failure_redirect_url: 'https://example.com/failed',
  };

  it('creates, reads and expires an invoice; expiry sends an EXPIRED callback', async () => {
    const client = provider();
    const invoice = await client.createInvoice(invoiceRequest);
    expect(invoice).toMatchObject({
      external_id: 'PKG-1',
      amount: 250000,
      status: 'PENDING',
      currency: 'IDR',
    });
    expect(invoice.invoice_url).toBe(`${sandbox.url}/web/invoices/${invoice.id}`);
    expect(Date.parse(invoice.expiry_date) - Date.parse(invoice.created)).toBe(86_400_000);
    expect((await client.getInvoice(invoice.id)).status).toBe('PENDING');
    expect((await client.expireInvoice(invoice.id)).status).toBe('EXPIRED');
    await sandbox.idle();
    expect(receiver.received.map((call) => call.body.status)).toEqual(['EXPIRED']);
    client.close();
  });

  it('refuses a wrong secret key with a 401 provider error', async () => {
    const client = provider({ secretKey: 'wrong' });
    await expect(client.createInvoice(invoiceRequest)).rejects.toMatchObject({
      status: 401,
      errorCode: 'INVALID_API_KEY',
    });
    client.close();
  });

  it('answers 400 for an invalid invoice and 404 for an unknown one', async () => {
    const client = provider();
    await expect(client.createInvoice({ ...invoiceRequest, amount: 0 })).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
    await expect(client.getInvoice('0'.repeat(24))).rejects.toMatchObject({ status: 404 });
    client.close();
  });

  it('keeps sub-account invoices apart and sends their callbacks to the account callback URL', async () => {
    const client = provider();
    const account = await client.createAccount({
      email: 'owner@glow.example',
      public_profile: { business_name: 'Glow' },
    });
    const tenantHook = await startReceiver();
    await client.setInvoiceCallbackUrl(tenantHook.url, { forUserId: account.id });
    const invoice = await client.createInvoice(invoiceRequest, { forUserId: account.id });
    expect(invoice.user_id).toBe(account.id);
    await expect(client.getInvoice(invoice.id)).rejects.toMatchObject({ status: 404 });
    expect((await client.getInvoice(invoice.id, { forUserId: account.id })).id).toBe(invoice.id);
    await expect(client.createInvoice(invoiceRequest, { forUserId: 'f'.repeat(24) })).rejects.toMatchObject({
      status: 403,
    });
    await sandbox.pay(invoice.id, 'QRIS');
    expect(tenantHook.received).toHaveLength(1);
    expect(receiver.received).toHaveLength(0);
    await tenantHook.close();
    client.close();
  });

  it('sends the signed PAID callback after simulate-payment', async () => {
    const client = provider();
    const invoice = await client.createInvoice(invoiceRequest);
    const response = await fetch(`${sandbox.url}/v2/invoices/${invoice.id}/simulate-payment`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${SECRET}:`).toString('base64')}`,
      },
      body: JSON.stringify({ payment_method: 'EWALLET' }),
    });
    expect(response.status).toBe(200);
    await sandbox.idle();
    expect(receiver.received).toHaveLength(1);
    const { token, body } = receiver.received[0] as (typeof receiver.received)[number];
    expect(token).toBe(CALLBACK_TOKEN);
    expect(body).toMatchObject({
      id: invoice.id,
      external_id: 'PKG-1',
      status: 'PAID',
      amount: 250000,
      paid_amount: 250000,
      payment_method: 'EWALLET',
      currency: 'IDR',
    });
    expect(typeof body.paid_at).toBe('string');
    expect(typeof body.payment_channel).toBe('string');
    client.close();
  });

  it('serves a hosted page whose Pay button pays the invoice', async () => {
    const client = provider();
    const invoice = await client.createInvoice(invoiceRequest);
    const page = await fetch(invoice.invoice_url);
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('250000 IDR');
    expect(html).toContain('Haircut');
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    expect(action).toBeDefined();
    const paid = await fetch(`${sandbox.url}${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'payment_method=QRIS',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('https://example.com/ok');
    await sandbox.idle();
    // Xendit reports a QRIS payment as method QR_CODE on channel QRIS.
    expect(receiver.received[0]?.body).toMatchObject({
      status: 'PAID',
      payment_method: 'QR_CODE',
      payment_channel: 'QRIS',
    });
    expect((await client.getInvoice(invoice.id)).status).toBe('PAID');
    client.close();
  });

  it('retries a refused callback with back-off until it is accepted', async () => {
    const flaky = await startReceiver([500, 503]);
    const client = provider();
    await client.setInvoiceCallbackUrl(flaky.url);
    const invoice = await client.createInvoice(invoiceRequest);
    await sandbox.pay(invoice.id);
    expect(flaky.received).toHaveLength(3);
    expect(sandbox.deliveries.at(-1)).toMatchObject({
      attempts: 3,
      responses: [500, 503, 200],
      delivered: true,
    });
    await flaky.close();
    client.close();
  });

  it('gives up after the last retry', async () => {
    const refusing = await startReceiver([500, 500, 500, 500]);
    const client = provider();
    await client.setInvoiceCallbackUrl(refusing.url);
    const invoice = await client.createInvoice(invoiceRequest);
    await sandbox.pay(invoice.id);
    expect(sandbox.deliveries.at(-1)).toMatchObject({ attempts: 4, delivered: false });
    await refusing.close();
    client.close();
  });

  it.each(['down', 'error'] as const)('reports the provider unavailable when it is %s', async (mode) => {
    const client = provider();
    const fault = await fetch(`${sandbox.url}/sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode }),
    });
    expect(fault.status).toBe(200);
    await expect(client.createInvoice(invoiceRequest)).rejects.toBeInstanceOf(
      PaymentProviderUnavailableError,
    );
    sandbox.setFault('none');
    expect((await client.createInvoice(invoiceRequest)).status).toBe('PENDING');
    client.close();
  });

  it('times out a slow provider', async () => {
    const client = provider({ timeoutMs: 200 });
    sandbox.setFault('slow');
    await expect(client.createInvoice(invoiceRequest)).rejects.toBeInstanceOf(
      PaymentProviderUnavailableError,
    );
    sandbox.setFault('none');
    client.close();
  });

  it('opens the breaker after repeated failures and stops calling', async () => {
    const client = createPaymentProvider({
      baseUrl: sandbox.url,
      secretKey: SECRET,
      breaker: { volumeThreshold: 2, errorThresholdPercentage: 50, resetTimeoutMs: 60_000 },
    });
    sandbox.setFault('error');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await expect(client.createInvoice(invoiceRequest)).rejects.toBeInstanceOf(
        PaymentProviderUnavailableError,
      );
    }
    sandbox.setFault('none');
    await expect(client.createInvoice(invoiceRequest)).rejects.toThrow(/Breaker is open/);
    client.close();
  });
});
