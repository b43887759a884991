import { PermanentSendError } from '../src/channels/channel';
import { smsSender } from '../src/channels/sms.sender';
import {
  TWILIO_SANDBOX_CREDENTIALS,
  startTwilioSandbox,
  type TwilioSandbox,
} from '../src/sandbox/twilio-sandbox';

/** The Twilio Messages API adapter against its sandbox: a sent message, a permanent and a transient refusal. */
describe('SMS channel (Twilio Messages API)', () => {
  let sandbox: TwilioSandbox;
  const message = {
    to: '+6281234567890',
    subject: 'Reminder',
    text: 'Hi Rina, see you at 10:00',
    reference: 'ref-sms',
    kind: 'appointment_reminder',
    language: 'en',
  };
  const settings = () => ({
    apiUrl: sandbox.url,
    accountSid: TWILIO_SANDBOX_CREDENTIALS.TWILIO_ACCOUNT_SID,
    authToken: TWILIO_SANDBOX_CREDENTIALS.TWILIO_AUTH_TOKEN,
    from: TWILIO_SANDBOX_CREDENTIALS.TWILIO_FROM,
    timeoutMs: 5_000,
  });

  beforeAll(async () => {
    sandbox = await startTwilioSandbox();
  });
  afterAll(() => sandbox.close());
  beforeEach(() => sandbox.clear());

  it('sends a form-encoded message with basic auth; the sid (SM…) comes back and the sandbox lists the body', async () => {
    const id = await smsSender(settings()).send(message);
    expect(id).toMatch(/^SM[0-9a-f]{32}$/);
    const listed = (await (await fetch(sandbox.listUrl)).json()) as { count: number; messages: unknown[] };
    expect(listed).toEqual({
      count: 1,
      messages: [
        {
          id,
          to: '+6281234567890',
          from: '+15005550006',
          subject: '',
          text: 'Hi Rina, see you at 10:00',
          reference: null,
          received_at: expect.any(String),
        },
      ],
    });
  });

  it('answers like Twilio: 201 with the message resource, Twilio error bodies otherwise', async () => {
    const url = `${sandbox.url}/2010-04-01/Accounts/${TWILIO_SANDBOX_CREDENTIALS.TWILIO_ACCOUNT_SID}/Messages.json`;
    const auth = `Basic ${Buffer.from(`${TWILIO_SANDBOX_CREDENTIALS.TWILIO_ACCOUNT_SID}:${TWILIO_SANDBOX_CREDENTIALS.TWILIO_AUTH_TOKEN}`).toString('base64')}`;
    const post = (form: Record<string, string>, authorization = auth) =>
      fetch(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      });
    const ok = await post({ To: '+6281111111', From: '+15005550006', Body: 'Hello' });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({
      sid: expect.stringMatching(/^SM/),
      status: 'queued',
      to: '+6281111111',
      from: '+15005550006',
      body: 'Hello',
      error_code: null,
      date_created: expect.stringMatching(/\+0000$/),
    });
    const unauthorized = await post({ To: '+6281111111', From: '+15005550006', Body: 'x' }, 'Basic eDp5');
    expect(unauthorized.status).toBe(401);
    expect(await unauthorized.json()).toMatchObject({ code: 20003, status: 401 });
    const invalid = await post({ To: 'nope', From: '+15005550006', Body: 'x' });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({
      code: 21211,
      message: expect.any(String),
      more_info: 'https://www.twilio.com/docs/errors/21211',
      status: 400,
    });
  });

  it('21211 (invalid To) and 21610 (unsubscribed) are permanent; 20429 and 5xx are transient', async () => {
    const sms = smsSender(settings());
    sandbox.failNextWith(21211);
    await expect(sms.send(message)).rejects.toThrow(PermanentSendError);
    sandbox.failNextWith(21610);
    await expect(sms.send(message)).rejects.toThrow(PermanentSendError);
    sandbox.failNextWith(20429);
    const rateLimited = await sms.send(message).catch((error: unknown) => error);
    expect(rateLimited).toBeInstanceOf(Error);
    expect(rateLimited).not.toBeInstanceOf(PermanentSendError);
    expect((rateLimited as Error).message).toBe('twilio error 20429: Too Many Requests');
    sandbox.failNext(1);
    await expect(sms.send(message)).rejects.toThrow('twilio error 20500');
    await expect(
      smsSender({ ...settings(), authToken: 'wrong-token-0123456789' }).send(message),
    ).rejects.toThrow('twilio error 20003');
    expect(sandbox.messages).toEqual([]);
  });
});
