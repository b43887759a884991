import { WHATSAPP_SANDBOX_CREDENTIALS } from '@salon/notifications';
import { startPlatform, type Platform } from '../src/platform';
import { recordedDelivery, sandboxApi } from '../src/provider-deliveries';

/**
 * The WhatsApp status webhook end to end: the sandboxes process signs the callback, the gateway routes it as a
 * provider callback with its bytes unchanged, notifications checks the signature and moves the delivery on.
 */
let platform: Platform;

beforeAll(async () => {
  platform = await startPlatform();
}, 120_000);

afterAll(async () => {
  await platform?.stop();
}, 60_000);

it('a signed delivered callback through the gateway updates the delivery; unsigned is 401; the handshake answers', async () => {
  // The sandbox is given a message as notifications would send it, and the delivery row notifications would
  // record beside it: no journey in these tests sends on WhatsApp yet, and the webhook is what is under test.
  const sent = await fetch(
    `${sandboxApi(platform, 'whatsapp')}/v21.0/${WHATSAPP_SANDBOX_CREDENTIALS.WHATSAPP_PHONE_NUMBER_ID}/messages`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${WHATSAPP_SANDBOX_CREDENTIALS.WHATSAPP_ACCESS_TOKEN}`,
      },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        to: '+6281234567890',
        type: 'template',
        template: { name: 'salon_appointment_confirmation', language: { code: 'en' } },
      }),
    },
  );
  expect(sent.status).toBe(200);
  const wamid = ((await sent.json()) as { messages: Array<{ id: string }> }).messages[0]!.id;
  const { status } = await recordedDelivery(platform, 'whatsapp', 'appointment_confirmation', wamid);

  expect(await platform.sandbox.whatsAppStatus(wamid, 'delivered')).toBe(200);
  expect(await status()).toBe('delivered');

  const forged = await platform.request('POST', '/webhooks/whatsapp', {
    body: { object: 'whatsapp_business_account', entry: [] },
  });
  expect(forged.status).toBe(401);
  expect(forged.body).toEqual({ detail: 'Invalid signature' });

  const handshake = await fetch(
    `${platform.gateway}/api/v1/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${WHATSAPP_SANDBOX_CREDENTIALS.WHATSAPP_VERIFY_TOKEN}&hub.challenge=42`,
  );
  expect(handshake.status).toBe(200);
  expect(await handshake.text()).toBe('42');
});
