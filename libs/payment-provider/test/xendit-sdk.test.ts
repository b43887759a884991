import { Invoice as InvoiceClient, XenditSdkError } from 'xendit-node';
import { InvoiceCallbackFromJSON } from 'xendit-node/invoice/models';
import { startSandboxProvider, type SandboxProvider } from '../src';
import { startReceiver } from './receiver';

// Xendit's own SDK, unchanged, pointed at the sandbox: every answer must deserialize into its models.
const SECRET = 'xnd_development_sdk_secret';
const CALLBACK_TOKEN = 'sdk-callback-token-0123456789';

/** The fields Xendit's published invoice schema requires, with the JSON type of each. */
const REQUIRED_INVOICE_FIELDS: Record<string, 'string' | 'number' | 'boolean' | 'array'> = {
  id: 'string',
  external_id: 'string',
  user_id: 'string',
  status: 'string',
  merchant_name: 'string',
  merchant_profile_picture_url: 'string',
  amount: 'number',
  currency: 'string',
  expiry_date: 'string',
  invoice_url: 'string',
  available_banks: 'array',
  available_retail_outlets: 'array',
  available_ewallets: 'array',
  available_qr_codes: 'array',
  available_direct_debits: 'array',
  available_paylaters: 'array',
  should_exclude_credit_card: 'boolean',
  should_send_email: 'boolean',
  created: 'string',
  updated: 'string',
};
const REQUIRED_CALLBACK_FIELDS = [
  'id',
  'external_id',
  'user_id',
  'status',
  'merchant_name',
  'amount',
  'currency',
  'created',
  'updated',
];

const typeOf = (value: unknown) => (Array.isArray(value) ? 'array' : typeof value);

function expectSchema(raw: Record<string, unknown>): void {
  for (const [field, type] of Object.entries(REQUIRED_INVOICE_FIELDS))
    expect([field, typeOf(raw[field])]).toEqual([field, type]);
  for (const field of ['expiry_date', 'created', 'updated'])
    expect(new Date(raw[field] as string).toISOString()).toBe(raw[field]);
  expect(raw).not.toHaveProperty('available_payment_methods');
}

describe('the payment sandbox through the official xendit-node SDK', () => {
  let sandbox: SandboxProvider;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let client: InvoiceClient;

  beforeEach(async () => {
    receiver = await startReceiver();
    sandbox = await startSandboxProvider({
      secretKey: SECRET,
      callbackToken: CALLBACK_TOKEN,
      defaultCallbackUrl: receiver.url,
      retryDelaysMs: [10],
      merchantName: 'Glow Salon',
    });
    client = new InvoiceClient({ secretKey: SECRET, xenditURL: sandbox.url });
  });
  afterEach(async () => {
    await sandbox.stop();
    await receiver.close();
  });

  const rawInvoice = async (id: string) =>
    (await (
      await fetch(`${sandbox.url}/v2/invoices/${id}`, {
        headers: { authorization: `Basic ${Buffer.from(`${SECRET}:`).toString('base64')}` },
      })
    ).json()) as Record<string, unknown>;

  it('creates, gets, lists and expires an invoice, each answer in the SDK model', async () => {
    const before = Date.now();
    const created = await client.createInvoice({
      data: {
        externalId: 'APT-42',
        amount: 150000,
        currency: 'IDR',
        payerEmail: 'ana@example.com',
        description: 'Haircut',
        invoiceDuration: 3600,
        shouldSendEmail: true,
        paymentMethods: ['QRIS', 'BCA', 'MANDIRI', 'OVO', 'ALFAMART'],
        items: [{ name: 'Haircut', quantity: 1, price: 150000, category: 'SERVICE' }],
        fees: [{ type: 'Platform fee', value: 0 }],
        metadata: { appointment_id: 'a1' },
        successRedirectUrl: 'https://example.com/ok',
      },
    });
    expect(created).toMatchObject({
      externalId: 'APT-42',
      userId: 'platform',
      status: 'PENDING',
      merchantName: 'Glow Salon',
      amount: 150000,
      currency: 'IDR',
      payerEmail: 'ana@example.com',
      description: 'Haircut',
      invoiceUrl: `${sandbox.url}/web/invoices/${created.id}`,
      availableQrCodes: [{ qrCodeType: 'QRIS' }],
      availableEwallets: [{ ewalletType: 'OVO' }],
      availableDirectDebits: [],
      availablePaylaters: [],
      shouldExcludeCreditCard: true,
      shouldSendEmail: true,
      items: [{ name: 'Haircut', quantity: 1, price: 150000, category: 'SERVICE' }],
      fees: [{ type: 'Platform fee', value: 0 }],
      metadata: { appointment_id: 'a1' },
      successRedirectUrl: 'https://example.com/ok',
    });
    expect(created.availableBanks.map((bank) => [bank.bankCode, bank.transferAmount])).toEqual([
      ['BCA', 150000],
      ['MANDIRI', 150000],
    ]);
    expect(created.availableBanks[0]).toMatchObject({
      collectionType: 'POOL',
      accountHolderName: 'GLOW SALON',
    });
    expect(created.availableRetailOutlets).toEqual([
      expect.objectContaining({ retailOutletName: 'ALFAMART', transferAmount: 150000 }),
    ]);
    expect(created.created).toBeInstanceOf(Date);
    expect(created.created.getTime()).toBeGreaterThanOrEqual(before);
    expect(created.expiryDate.getTime() - created.created.getTime()).toBe(3_600_000);
    const picture = await fetch(created.merchantProfilePictureUrl);
    expect(picture.headers.get('content-type')).toContain('image/svg+xml');
    expectSchema(await rawInvoice(created.id as string));

    const got = await client.getInvoiceById({ invoiceId: created.id as string });
    expect(got).toEqual(created);

    const other = await client.createInvoice({ data: { externalId: 'APT-43', amount: 5000 } });
    expect(other).toMatchObject({ shouldExcludeCreditCard: false, shouldSendEmail: false });
    expect(other.availableQrCodes).toEqual([{ qrCodeType: 'QRIS' }]);
    expect(other.availableBanks.length).toBeGreaterThan(1);
    const listed = await client.getInvoices({ externalId: 'APT-42' });
    expect(listed.map((invoice) => invoice.id)).toEqual([created.id]);
    const pending = await client.getInvoices({ statuses: ['PENDING'] });
    expect(pending.map((invoice) => invoice.externalId)).toEqual(['APT-43', 'APT-42']);

    const expired = await client.expireInvoice({ invoiceId: created.id as string });
    expect(expired).toMatchObject({ id: created.id, status: 'EXPIRED', externalId: 'APT-42' });
    expect(expired.expiryDate.getTime()).toBeLessThanOrEqual(Date.now());
    expectSchema(await rawInvoice(created.id as string));
    expect(await client.getInvoices({ statuses: ['EXPIRED'] })).toEqual([expired]);
  });

  it('pays through the documented channels; the paid invoice and its callback read in the SDK models', async () => {
    const invoice = await client.createInvoice({
      data: { externalId: 'PKG-7', amount: 800000, paymentMethods: ['BCA', 'OVO'] },
    });
    await sandbox.pay(invoice.id as string, 'BCA');
    const paid = await client.getInvoiceById({ invoiceId: invoice.id as string });
    expect(paid).toMatchObject({ status: 'PAID', paymentMethod: 'BANK_TRANSFER' });
    expectSchema(await rawInvoice(invoice.id as string));

    expect(receiver.received).toHaveLength(1);
    const { token, body } = receiver.received[0] as (typeof receiver.received)[number];
    expect(token).toBe(CALLBACK_TOKEN);
    for (const field of REQUIRED_CALLBACK_FIELDS) expect(body).toHaveProperty(field);
    expect(InvoiceCallbackFromJSON(body)).toMatchObject({
      id: invoice.id,
      externalId: 'PKG-7',
      userId: 'platform',
      status: 'PAID',
      merchantName: 'Glow Salon',
      amount: 800000,
      paidAmount: 800000,
      currency: 'IDR',
      paymentMethod: 'BANK_TRANSFER',
      paymentChannel: 'BCA',
      bankCode: 'BCA',
      paymentDestination: expect.stringMatching(/^\d+$/),
      paymentId: expect.any(String),
      paidAt: expect.any(String),
    });

    const wallet = await client.createInvoice({
      data: { externalId: 'PKG-8', amount: 1000, paymentMethods: ['BCA', 'OVO'] },
    });
    await sandbox.pay(wallet.id as string, 'EWALLET');
    expect(InvoiceCallbackFromJSON(receiver.received[1]?.body)).toMatchObject({
      status: 'PAID',
      paymentMethod: 'EWALLET',
      paymentChannel: 'OVO',
      ewalletType: 'OVO',
    });
    await expect(sandbox.pay(wallet.id as string, 'QRIS')).rejects.toThrow(/Invoice is PAID/);
    const qrOnly = await client.createInvoice({
      data: { externalId: 'PKG-9', amount: 1000, paymentMethods: ['QRIS'] },
    });
    await expect(sandbox.pay(qrOnly.id as string, 'OVO')).rejects.toThrow(/does not offer OVO/);
  });

  it('answers errors the SDK reads: error_code and message with the HTTP status', async () => {
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => {
          throw new Error('expected a XenditSdkError');
        },
        (error: unknown) => {
          expect(error).toBeInstanceOf(XenditSdkError);
          const { status, errorCode, errorMessage } = error as XenditSdkError;
          return { status, errorCode, errorMessage };
        },
      );
    expect(await refusal(client.getInvoiceById({ invoiceId: 'f'.repeat(24) }))).toEqual({
      status: 404,
      errorCode: 'INVOICE_NOT_FOUND_ERROR',
      errorMessage: 'Invoice not found',
    });
    expect(
      await refusal(
        client.createInvoice({ data: { externalId: 'X', amount: 1000, paymentMethods: ['BITCOIN'] } }),
      ),
    ).toEqual({
      status: 400,
      errorCode: 'UNAVAILABLE_PAYMENT_METHOD_ERROR',
      errorMessage: 'Payment methods not available: BITCOIN',
    });
    expect(
      await refusal(client.createInvoice({ data: { externalId: 'X', amount: 1000, currency: 'EUR' } })),
    ).toMatchObject({ status: 400, errorCode: 'UNSUPPORTED_CURRENCY' });
    const stranger = new InvoiceClient({ secretKey: 'xnd_development_wrong', xenditURL: sandbox.url });
    expect(await refusal(stranger.getInvoices({}))).toMatchObject({
      status: 401,
      errorCode: 'INVALID_API_KEY',
    });
  });
});
