import { metricsRegistry } from '@salon/service-kit';
import { signatureOf } from '../src/channels/whatsapp-cloud';
import { WHATSAPP_SANDBOX_CREDENTIALS } from '../src/sandbox/whatsapp-sandbox';
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

/** WhatsApp Cloud API adapter against its sandbox, through the service: sends, failures, status webhook. */
describe('WhatsApp channel', () => {
  let h: Harness;
  let tenant: SeededTenant;

  beforeAll(async () => {
    h = await startHarness();
    tenant = await seedTenant(h.service);
  });
  afterAll(() => h.stop());
  beforeEach(() => h.whatsapp.clear());

  /** A FAILED staff notice on WhatsApp only; retrying it sends it now. */
  const failedWhatsAppNotice = () =>
    insertNotification(h.service, tenant, {
      status: 'FAILED',
      scheduledAt: days(1),
      channel: 'whatsapp',
      phone: '+6281234567890',
    });
  const retry = (id: string) => retryNotification(h.service, id);
  const deliveries = (id: string) => deliveriesOf(h.service, id);

  it('sends a template message with the rendered text as its parameter and records the wamid', async () => {
    const id = await failedWhatsAppNotice();
    const sent = await retry(id);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ status: 'success', sent_via: ['whatsapp'] });
    expect(h.whatsapp.messages).toEqual([
      expect.objectContaining({
        to: '+6281234567890',
        subject: 'salon_staff_booking_notice',
        language: 'en',
        reference: id,
      }),
    ]);
    const [message] = h.whatsapp.messages;
    expect(message!.text).not.toContain('\n');
    expect(message!.id).toMatch(/^wamid\./);
    expect(await deliveries(id)).toEqual([
      { status: 'sent', reason: null, provider_message_id: message!.id },
    ]);
  });

  it('a status webhook moves the delivery on (delivered, read); a repeat or a late one changes nothing', async () => {
    const id = await failedWhatsAppNotice();
    await retry(id);
    const wamid = h.whatsapp.messages[0]!.id;
    expect(await h.whatsapp.sendStatus(wamid, 'delivered')).toBe(200);
    expect((await deliveries(id))[0]!.status).toBe('delivered');
    expect(await h.whatsapp.sendStatus(wamid, 'read')).toBe(200);
    expect(await h.whatsapp.sendStatus(wamid, 'read')).toBe(200);
    expect(await h.whatsapp.sendStatus(wamid, 'delivered')).toBe(200);
    expect((await deliveries(id))[0]!.status).toBe('read');
  });

  it('a failed status records the error on the delivery', async () => {
    const id = await failedWhatsAppNotice();
    await retry(id);
    await h.whatsapp.sendStatus(h.whatsapp.messages[0]!.id, 'failed', 131026);
    expect(await deliveries(id)).toEqual([
      expect.objectContaining({
        status: 'failed',
        reason: 'whatsapp error 131026: (#131026) Message undeliverable',
      }),
    ]);
  });

  it('refuses a webhook whose signature is not the app secret’s (401) and changes nothing', async () => {
    const id = await failedWhatsAppNotice();
    await retry(id);
    const wamid = h.whatsapp.messages[0]!.id;
    const raw = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'x',
          changes: [
            { field: 'messages', value: { statuses: [{ id: wamid, status: 'read', timestamp: '1' }] } },
          ],
        },
      ],
    });
    for (const signature of [signatureOf(raw, 'another-secret-entirely'), undefined]) {
      const response = await fetch(`${h.service.url}/webhooks/whatsapp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'x-hub-signature-256': signature } : {}),
        },
        body: raw,
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ detail: 'Invalid signature' });
    }
    expect((await deliveries(id))[0]!.status).toBe('sent');
  });

  it('answers the subscription handshake only with the verify token', async () => {
    const query = (token: string) =>
      `${h.service.url}/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`;
    const ok = await fetch(query(WHATSAPP_SANDBOX_CREDENTIALS.WHATSAPP_VERIFY_TOKEN));
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    expect((await fetch(query('wrong-token'))).status).toBe(403);
  });

  it('a permanent failure (131026, undeliverable) is recorded as rejected and not retried', async () => {
    const id = await failedWhatsAppNotice();
    h.whatsapp.failNextWith(131026);
    const first = await retry(id);
    expect(first.body).toMatchObject({ status: 'error', error: expect.stringContaining('131026') });
    expect(await deliveries(id)).toEqual([
      expect.objectContaining({ status: 'failed', reason: expect.stringContaining('whatsapp error 131026') }),
    ]);
    const again = await retry(id);
    expect(again.status).toBe(400);
    expect(again.body.detail).toMatch(/^Not retried: every channel was rejected for good/);
    expect(h.whatsapp.messages).toHaveLength(0);
    expect(await deliveries(id)).toHaveLength(1);
  });

  it('a transient failure (130429 rate limit, 131000) is retried and then sent', async () => {
    const id = await failedWhatsAppNotice();
    h.whatsapp.failNextWith(130429);
    expect((await retry(id)).body).toMatchObject({
      status: 'error',
      error: expect.stringContaining('130429'),
    });
    h.whatsapp.failNextWith(131000);
    expect((await retry(id)).body).toMatchObject({
      status: 'error',
      error: expect.stringContaining('131000'),
    });
    expect((await retry(id)).body).toMatchObject({ status: 'success', sent_via: ['whatsapp'] });
    expect((await deliveries(id)).map((d) => d.status)).toEqual(['failed', 'failed', 'sent']);
    expect(h.whatsapp.messages).toHaveLength(1);
  });

  it('counts each outcome on its channel (notification_deliveries_total): sent, failed, rejected, undelivered', async () => {
    const counts = async () =>
      Object.fromEntries(
        ((await metricsRegistry.getSingleMetric('notification_deliveries_total')?.get())?.values ?? [])
          .filter((value) => value.labels.channel === 'whatsapp')
          .map((value) => [value.labels.outcome, value.value]),
      );
    const before = await counts();
    // Registered at start-up: every outcome of the channel is a series before anything happened to it.
    expect(Object.keys(before).sort()).toEqual(['blocked', 'failed', 'rejected', 'sent', 'undelivered']);
    const transient = await failedWhatsAppNotice();
    h.whatsapp.failNextWith(130429);
    await retry(transient);
    await retry(transient);
    const permanent = await failedWhatsAppNotice();
    h.whatsapp.failNextWith(131026);
    await retry(permanent);
    await h.whatsapp.sendStatus(h.whatsapp.messages[0]!.id, 'failed', 131026);
    await h.whatsapp.sendStatus(h.whatsapp.messages[0]!.id, 'failed', 131026);
    const after = await counts();
    const moved = Object.fromEntries(
      Object.keys(after).map((outcome) => [outcome, after[outcome]! - before[outcome]!]),
    );
    expect(moved).toEqual({ sent: 1, failed: 1, rejected: 1, blocked: 0, undelivered: 1 });
  });
});
