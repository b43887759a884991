import { sql } from 'drizzle-orm';
import { newId, selectRows } from '@salon/service-kit';
import { PermanentSendError } from '../src/channels/channel';
import { pushSender } from '../src/channels/push.sender';
import { serviceAccountSchema } from '../src/channels/fcm';
import { FCM_SANDBOX_CREDENTIALS } from '../src/sandbox/fcm-sandbox';
import {
  days,
  deliveriesOf,
  insertNotification,
  registerDevice,
  retryNotification,
  seedTenant,
  startHarness,
  type Harness,
  type SeededTenant,
} from './helpers';

/** Push through the service against the FCM sandbox: OAuth2 token exchange, sends, token removal, retries. */
describe('push channel: Firebase Cloud Messaging HTTP v1', () => {
  let h: Harness;
  let tenant: SeededTenant;

  beforeAll(async () => {
    h = await startHarness();
    tenant = await seedTenant(h.service);
  });
  afterAll(() => h.stop());
  beforeEach(() => h.push.clear());

  /** A FAILED customer notification on push only, and the customer's registered devices. */
  async function failedPushNotice(deviceCount = 1) {
    const customerId = newId();
    const tokens: string[] = [];
    for (let i = 0; i < deviceCount; i += 1)
      tokens.push(await registerDevice(h.service, tenant.tenantId, customerId));
    const id = await insertNotification(h.service, tenant, {
      status: 'FAILED',
      scheduledAt: days(1),
      channel: 'push',
      customerId,
    });
    return { id, customerId, tokens };
  }
  const retry = (id: string) => retryNotification(h.service, id);
  const devicesOf = async (customerId: string) =>
    (
      await selectRows<{ token: string }>(
        h.service.database.db.orm,
        sql`SELECT token FROM notifications.push_devices WHERE customer_id = ${customerId} ORDER BY token`,
      )
    ).map((row) => row.token);

  it('sends the rendered message to every registered device with a service-account token; names recorded', async () => {
    const { id, tokens } = await failedPushNotice(2);
    expect((await retry(id)).body).toMatchObject({ status: 'success', sent_via: ['push'] });
    expect(h.push.messages.map((m) => m.to).sort()).toEqual([...tokens].sort());
    expect(h.push.messages[0]).toMatchObject({ reference: id, subject: expect.any(String) });
    expect(h.push.messages[0]!.text).not.toBe('');
    const [delivery] = await deliveriesOf(h.service, id);
    expect(delivery).toMatchObject({ status: 'sent', reason: null });
    expect(delivery!.provider_message_id!.split(',')).toEqual(h.push.messages.map((m) => m.id));
    expect(h.push.messages[0]!.id).toMatch(/^projects\/salon-sandbox\/messages\/0:/);
    expect(h.push.tokensIssued()).toBeGreaterThanOrEqual(1);
  });

  it('UNREGISTERED and INVALID_ARGUMENT remove the device token and are not retried', async () => {
    const { id, customerId, tokens } = await failedPushNotice(2);
    h.push.unregister(tokens[0]!);
    h.push.unregister(tokens[1]!);
    const first = await retry(id);
    expect(first.body).toMatchObject({ status: 'error', error: expect.stringContaining('UNREGISTERED') });
    expect(await devicesOf(customerId)).toEqual([]);
    const again = await retry(id);
    expect(again.status).toBe(400);
    expect(again.body.detail).toMatch(/^Not retried: every channel was rejected for good/);
    expect(h.push.messages).toHaveLength(0);
    expect(await deliveriesOf(h.service, id)).toEqual([
      expect.objectContaining({
        status: 'failed',
        reason: expect.stringContaining('fcm error UNREGISTERED'),
      }),
    ]);

    const invalid = await failedPushNotice(1);
    h.push.failNextWith('INVALID_ARGUMENT');
    expect((await retry(invalid.id)).body).toMatchObject({
      status: 'error',
      error: expect.stringContaining('INVALID_ARGUMENT'),
    });
    expect(await devicesOf(invalid.customerId)).toEqual([]);
    expect((await retry(invalid.id)).status).toBe(400);
  });

  it('UNAVAILABLE, INTERNAL and QUOTA_EXCEEDED are transient: the token stays and the retry sends', async () => {
    for (const code of ['UNAVAILABLE', 'INTERNAL', 'QUOTA_EXCEEDED'] as const) {
      h.push.clear();
      const { id, customerId, tokens } = await failedPushNotice(1);
      h.push.failNextWith(code);
      expect((await retry(id)).body).toMatchObject({ status: 'error', error: expect.stringContaining(code) });
      expect(await devicesOf(customerId)).toEqual(tokens);
      expect((await retry(id)).body).toMatchObject({ status: 'success', sent_via: ['push'] });
      expect((await deliveriesOf(h.service, id)).map((d) => d.status)).toEqual(['failed', 'sent']);
      expect(h.push.messages.map((m) => m.to)).toEqual(tokens);
    }
  });

  it('a customer without a registered device has no push address: blocked, nothing sent', async () => {
    const id = await insertNotification(h.service, tenant, {
      status: 'FAILED',
      scheduledAt: days(1),
      channel: 'push',
      customerId: newId(),
    });
    expect((await retry(id)).body).toMatchObject({ status: 'error', sent_via: [] });
    expect(await deliveriesOf(h.service, id)).toEqual([
      { status: 'blocked', reason: 'no_address', provider_message_id: null },
    ]);
    expect(h.push.messages).toHaveLength(0);
  });

  it('the token endpoint refuses an assertion signed with another key, so nothing is sent', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const account = serviceAccountSchema.parse(JSON.parse(FCM_SANDBOX_CREDENTIALS.FCM_SERVICE_ACCOUNT_JSON));
    const forged = pushSender(
      {
        apiUrl: h.push.url,
        tokenUrl: h.push.tokenUrl,
        serviceAccount: {
          ...account,
          private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        },
        timeoutMs: 5_000,
      },
      { tokensOf: async () => ['fcm-token-of-someone'], remove: async () => undefined },
    );
    const refused = await forged
      .send({
        to: newId(),
        subject: 'S',
        text: 'T',
        reference: 'r',
        kind: 'appointment_reminder',
        language: 'en',
      })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Error);
    expect(refused).not.toBeInstanceOf(PermanentSendError);
    expect(String(refused)).toMatch(/invalid_grant/);
    expect(h.push.messages).toHaveLength(0);
  });
});
