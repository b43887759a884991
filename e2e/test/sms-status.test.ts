import { TWILIO_SANDBOX_CREDENTIALS } from '@salon/notifications';
import { startPlatform, type Platform } from '../src/platform';
import { recordedDelivery, sandboxApi } from '../src/provider-deliveries';

/**
 * Twilio's status callback end to end: the sandboxes process posts it to the StatusCallback it was given (the
 * gateway's public URL) signed with the auth token over that URL; notifications checks it and moves the delivery.
 */
let platform: Platform;

beforeAll(async () => {
  platform = await startPlatform();
}, 120_000);

afterAll(async () => {
  await platform?.stop();
}, 60_000);

it('a signed delivered callback through the gateway updates the SMS delivery; an unsigned one is 401', async () => {
  // The sandbox is given a message as notifications sends it, and the delivery row notifications records beside
  // it: no journey in these tests sends an SMS, and the callback is what is under test.
  const { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token, TWILIO_FROM: from } = TWILIO_SANDBOX_CREDENTIALS;
  const sent = await fetch(`${sandboxApi(platform, 'sms')}/2010-04-01/Accounts/${sid}/Messages.json`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`,
    },
    body: new URLSearchParams({
      To: '+6281234567890',
      From: from,
      Body: 'Reminder',
      StatusCallback: `${platform.gateway}/api/v1/webhooks/twilio/status`,
    }).toString(),
  });
  expect(sent.status).toBe(201);
  const messageSid = ((await sent.json()) as { sid: string }).sid;
  const { status } = await recordedDelivery(platform, 'sms', 'appointment_reminder', messageSid);
  const callback = (body: Record<string, unknown>) =>
    fetch(`${sandboxApi(platform, 'sms')}/sandbox/statuses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json());

  expect(await callback({ sid: messageSid, status: 'sent' })).toEqual({ callback_status: 200 });
  expect(await status()).toBe('sent');
  expect(await callback({ sid: messageSid, status: 'delivered' })).toEqual({ callback_status: 200 });
  expect(await status()).toBe('delivered');

  const forged = await fetch(`${platform.gateway}/api/v1/webhooks/twilio/status`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ MessageSid: messageSid, MessageStatus: 'failed' }).toString(),
  });
  expect(forged.status).toBe(401);
  expect(await forged.json()).toEqual({ detail: 'Invalid signature' });
  expect(await status()).toBe('delivered');
});
