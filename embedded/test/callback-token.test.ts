import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, newId } from '@salon/service-kit';
import { loadOrCreateSecrets } from '../src/secrets';
import { startPlatformOnTestInfrastructure, type PlatformFixture } from './platform-fixture';

/**
 * The payment callback token in embedded mode: generated and printed with the other secrets on the first
 * start, kept in secrets.json, and replaced by PAYMENT_CALLBACK_TOKEN when that is set, so an integrator can
 * post a provider's callback by hand.
 */
const logger = createLogger({ service: 'embedded-test', level: 'silent' });

describe('loadOrCreateSecrets', () => {
  let dataDir: string;
  let printed: string;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'salon-secrets-'));
    printed = '';
    jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed += String(chunk);
      return true;
    });
  });

  afterEach(() => {
    jest.restoreAllMocks();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('generates a payment callback token on the first start, prints it once and keeps it', () => {
    const first = loadOrCreateSecrets(dataDir, {}, logger);
    expect(first.paymentCallbackToken).toMatch(/^[0-9a-f]{48}$/);
    expect(first.paymentCallbackToken).not.toContain(first.internalToken);
    expect(printed).toContain(`payment callback token (x-callback-token): ${first.paymentCallbackToken}\n`);

    printed = '';
    const second = loadOrCreateSecrets(dataDir, {}, logger);
    expect(second.paymentCallbackToken).toBe(first.paymentCallbackToken);
    expect(printed).toBe('');
  });

  it('takes PAYMENT_CALLBACK_TOKEN from the environment over the generated one, and prints that', () => {
    const token = 'callback-token-from-the-environment';
    const secrets = loadOrCreateSecrets(dataDir, { PAYMENT_CALLBACK_TOKEN: token }, logger);
    expect(secrets.paymentCallbackToken).toBe(token);
    expect(printed).toContain(`payment callback token (x-callback-token): ${token}\n`);
  });
});

describe('a provider callback posted by hand', () => {
  const token = 'integrator-chosen-callback-token';
  let fixture: PlatformFixture;

  beforeAll(async () => {
    fixture = await startPlatformOnTestInfrastructure({ PAYMENT_CALLBACK_TOKEN: token });
  }, 60_000);

  afterAll(async () => {
    await fixture?.stop();
  });

  const callback = (callbackToken: string) =>
    fetch(`${fixture.platform.url}/api/v1/webhooks/gateway-invoice/tenant/${newId()}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-callback-token': callbackToken },
      body: JSON.stringify({
        id: 'inv_by_hand',
        external_id: newId(),
        status: 'PAID',
        amount: 150_000,
        paid_amount: 150_000,
        payment_method: 'QRIS',
        paid_at: new Date().toISOString(),
        currency: 'IDR',
      }),
    });

  it('gets past the token check with PAYMENT_CALLBACK_TOKEN and is refused with any other token', async () => {
    expect(fixture.platform.secrets.paymentCallbackToken).toBe(token);
    // The token is checked first: with the right one, commerce goes on to look the (made-up) invoice up.
    const accepted = await callback(token);
    expect({ status: accepted.status, body: await accepted.json() }).toEqual({
      status: 404,
      body: { detail: 'Invoice not found' },
    });
    const refused = await callback('not-the-callback-token-at-all');
    expect({ status: refused.status, body: await refused.json() }).toEqual({
      status: 401,
      body: { detail: 'Invalid callback token' },
    });
  });
});
