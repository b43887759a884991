import { twilioSignature } from '../src/channels/twilio';
import { TWILIO_SANDBOX_CREDENTIALS } from '../src/sandbox/twilio-sandbox';
import {
  days,
  deliveriesOf,
  insertNotification,
  retryNotification,
  seedTenant,
  startHarness,
  type Harness,
  type SeededTenant,
} from './helpers';

/** SMS through the service against the Twilio sandbox: sends, status callbacks, permanent and transient failures. */
describe('SMS channel: Twilio status callbacks and retries', () => {
  let h: Harness;
  let tenant: SeededTenant;
  const callbackUrl = 'https://api.salon.test/api/v1/webhooks/twilio/status';

  beforeAll(async () => {
    h = await startHarness();
    tenant = await seedTenant(h.service);
  });
  afterAll(() => h.stop());
  beforeEach(() => h.sms.clear());

  const failedSmsNotice = () =>
    insertNotification(h.service, tenant, {
      status: 'FAILED',
      scheduledAt: days(1),
      channel: 'sms',
      phone: '+6281234567890',
    });
  const retry = (id: string) => retryNotification(h.service, id);
  const deliveries = (id: string) => deliveriesOf(h.service, id);

  it('signs like Twilio: the documented example', () => {
    const params = {
      CallSid: 'CA1234567890ABCDE',
      Caller: '+12349013030',
      Digits: '1234',
      From: '+12349013030',
      To: '+18005551212',
    };
    expect(twilioSignature('12345', 'https://mycompany.com/myapp.php?foo=1&bar=2', params)).toBe(
      '0/KCTR6DLpKmkAf8muzZqo1nDgQ=',
    );
  });

  it('sends the message with the gateway’s StatusCallback; queued → sent → delivered moves the delivery once', async () => {
    const id = await failedSmsNotice();
    expect((await retry(id)).body).toMatchObject({ status: 'success', sent_via: ['sms'] });
    const [message] = h.sms.messages;
    expect(message).toMatchObject({ to: '+6281234567890', from: TWILIO_SANDBOX_CREDENTIALS.TWILIO_FROM });
    expect(await deliveries(id)).toEqual([
      { status: 'sent', reason: null, provider_message_id: message!.id },
    ]);
    for (const status of ['queued', 'sent'] as const)
      expect(await h.sms.sendStatus(message!.id, status)).toBe(200);
    expect((await deliveries(id))[0]!.status).toBe('sent');
    expect(await h.sms.sendStatus(message!.id, 'delivered')).toBe(200);
    expect(await h.sms.sendStatus(message!.id, 'delivered')).toBe(200);
    expect(await h.sms.sendStatus(message!.id, 'failed', 30008)).toBe(200);
    expect(await deliveries(id)).toEqual([
      { status: 'delivered', reason: null, provider_message_id: message!.id },
    ]);
  });

  it('undelivered and failed callbacks record Twilio’s error code', async () => {
    for (const [status, code] of [
      ['undelivered', 30003],
      ['failed', 30008],
    ] as const) {
      h.sms.clear();
      const id = await failedSmsNotice();
      await retry(id);
      expect(await h.sms.sendStatus(h.sms.messages[0]!.id, status, code)).toBe(200);
      expect(await deliveries(id)).toEqual([
        expect.objectContaining({ status, reason: `twilio error ${code}` }),
      ]);
    }
  });

  it('refuses a callback not signed with the auth token over the public URL (401) and changes nothing', async () => {
    const id = await failedSmsNotice();
    await retry(id);
    const params = { MessageSid: h.sms.messages[0]!.id, MessageStatus: 'delivered' };
    const post = (signature?: string) =>
      fetch(`${h.service.url}/webhooks/twilio/status`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(signature ? { 'x-twilio-signature': signature } : {}),
        },
        body: new URLSearchParams(params).toString(),
      });
    for (const signature of [
      twilioSignature('another-auth-token-entirely', callbackUrl, params),
      twilioSignature(
        TWILIO_SANDBOX_CREDENTIALS.TWILIO_AUTH_TOKEN,
        `${h.service.url}/webhooks/twilio/status`,
        params,
      ),
      undefined,
    ]) {
      const response = await post(signature);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ detail: 'Invalid signature' });
    }
    expect((await deliveries(id))[0]!.status).toBe('sent');
    const signed = await post(
      twilioSignature(TWILIO_SANDBOX_CREDENTIALS.TWILIO_AUTH_TOKEN, callbackUrl, params),
    );
    expect(signed.status).toBe(200);
    expect(await signed.json()).toEqual({ received: 1, updated: 1 });
  });

  it('a permanent failure (21211, invalid number) is recorded as rejected and not retried', async () => {
    const id = await failedSmsNotice();
    h.sms.failNextWith(21211);
    expect((await retry(id)).body).toMatchObject({
      status: 'error',
      error: expect.stringContaining('21211'),
    });
    const again = await retry(id);
    expect(again.status).toBe(400);
    expect(again.body.detail).toMatch(/^Not retried: every channel was rejected for good/);
    expect(h.sms.messages).toHaveLength(0);
    expect(await deliveries(id)).toEqual([
      expect.objectContaining({ status: 'failed', reason: expect.stringContaining('twilio error 21211') }),
    ]);
  });

  it('a transient failure (20429 rate limit, 20500) is retried and then sent', async () => {
    const id = await failedSmsNotice();
    h.sms.failNextWith(20429);
    expect((await retry(id)).body).toMatchObject({
      status: 'error',
      error: expect.stringContaining('20429'),
    });
    h.sms.failNextWith(20500);
    expect((await retry(id)).body).toMatchObject({
      status: 'error',
      error: expect.stringContaining('20500'),
    });
    expect((await retry(id)).body).toMatchObject({ status: 'success', sent_via: ['sms'] });
    expect((await deliveries(id)).map((d) => d.status)).toEqual(['failed', 'failed', 'sent']);
    expect(h.sms.messages).toHaveLength(1);
  });
});
