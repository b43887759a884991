import { Webhook } from 'standardwebhooks';
import { isPublicAddress, refuseWebhookUrl } from '../src/domain/webhook-address';
import {
  WEBHOOK_SOURCES,
  failingTooLong,
  newWebhookSecret,
  nextAttemptAt,
  webhookHeaders,
} from '../src/domain/webhook-rules';

describe('webhook signatures', () => {
  it('verify with the standardwebhooks library, and fail on a changed body or another secret', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = JSON.stringify({ id: 'msg_1', type: 'appointment.created', data: { a: 1 } });
    const headers = webhookHeaders(secret, 'msg_1', body, new Date());
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body.replace('1}', '2}'), headers)).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
  });
});

describe('the SSRF guard', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fc00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::a00:1',
  ])('refuses %s', (address) => expect(isPublicAddress(address)).toBe(false));

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111'])('lets %s through', (address) =>
    expect(isPublicAddress(address)).toBe(true),
  );

  const strict = { allowPrivate: false, requireHttps: true };
  it('checks scheme, credentials and host of a URL', async () => {
    expect(await refuseWebhookUrl('https://93.184.216.34/hook', strict)).toBeNull();
    expect(await refuseWebhookUrl('http://93.184.216.34/hook', strict)).toBe('must use https');
    expect(
      await refuseWebhookUrl('http://93.184.216.34/hook', { ...strict, requireHttps: false }),
    ).toBeNull();
    expect(await refuseWebhookUrl('not a url', strict)).toBe('must be an absolute URL');
    expect(await refuseWebhookUrl('https://user:pw@93.184.216.34/', strict)).toBe(
      'must not contain credentials',
    );
    expect(await refuseWebhookUrl('https://127.0.0.1/hook', strict)).toMatch(/non-public/);
    expect(await refuseWebhookUrl('https://[::1]/hook', strict)).toMatch(/non-public/);
    expect(await refuseWebhookUrl('https://localhost/hook', strict)).toMatch(/non-public/);
    expect(await refuseWebhookUrl('https://127.0.0.1/hook', { ...strict, allowPrivate: true })).toBeNull();
  });
});

describe('retries and disabling', () => {
  const limits = {
    initialDelayMs: 30_000,
    maxDelayMs: 3_600_000,
    windowSeconds: 86_400,
    disableAfterSeconds: 86_400,
  };
  const start = new Date('2026-01-01T00:00:00Z');
  const after = (ms: number) => new Date(start.getTime() + ms);

  it('waits 30 s, then twice as long each time up to an hour, for 24 hours', () => {
    const delays = [1, 2, 3, 4, 8, 9, 20].map(
      (attempts) =>
        nextAttemptAt(limits, { attempts, windowStartedAt: start, now: start })!.getTime() - start.getTime(),
    );
    expect(delays).toEqual([30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000, 3_600_000]);
    expect(
      nextAttemptAt(limits, { attempts: 30, windowStartedAt: start, now: after(86_400_000) }),
    ).toBeNull();
    // The last retry is due when the window ends, not after it.
    expect(nextAttemptAt(limits, { attempts: 30, windowStartedAt: start, now: after(86_000_000) })).toEqual(
      after(86_400_000),
    );
  });

  it('disables after failing for the whole period', () => {
    expect(failingTooLong(limits, start, after(86_399_999))).toBe(false);
    expect(failingTooLong(limits, start, after(86_400_000))).toBe(true);
  });
});

describe('event mapping', () => {
  it('customer.created carries no verification code; a package payment is also package.purchased', () => {
    const [customer] = WEBHOOK_SOURCES['identity.customer.registered.v1'](
      {
        customer_id: 'a'.repeat(24),
        tenant_id: 'b'.repeat(24),
        email: 'ani@example.com',
        phone: null,
        first_name: 'Ani',
        last_name: null,
        source: 'self_registration',
        has_password: true,
        tags: [],
        preferences: {} as never,
        verification: { email: { code: '123456' } as never, phone: null },
        created_at: '2026-01-01T00:00:00Z',
        version: 1,
      },
      'e'.repeat(24),
    );
    expect(customer).toMatchObject({
      id: `msg_${'e'.repeat(24)}`,
      type: 'customer.created',
      orderingKey: null,
    });
    expect(JSON.stringify(customer)).not.toContain('123456');
    expect(customer!.data).not.toHaveProperty('has_password');

    const messages = WEBHOOK_SOURCES['commerce.payment.completed.v1'](
      {
        payment_id: 'c'.repeat(24),
        tenant_id: 'b'.repeat(24),
        customer_id: 'a'.repeat(24),
        appointment_id: null,
        customer_package_id: 'd'.repeat(24),
        amount: '100000.00',
        currency: 'IDR',
        completed_at: '2026-01-01T00:00:00Z',
      },
      'e'.repeat(24),
    );
    expect(messages.map((m) => [m.type, m.id])).toEqual([
      ['payment.completed', `msg_${'e'.repeat(24)}`],
      ['package.purchased', `msg_${'e'.repeat(24)}_package`],
    ]);
  });
});
