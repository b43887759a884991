import { emailSender } from '../src/channels/email.sender';
import { PermanentSendError } from '../src/channels/channel';
import { whatsAppSender } from '../src/channels/whatsapp.sender';
import { WHATSAPP_SANDBOX_CREDENTIALS, startWhatsAppSandbox } from '../src/sandbox/whatsapp-sandbox';
import { startSmtpSandbox, type Sandbox } from '../src/sandbox/sandboxes';

describe('channel adapters against their sandboxes', () => {
  let smtp: Sandbox;

  beforeAll(async () => {
    smtp = await startSmtpSandbox();
  });
  afterAll(() => smtp.close());

  it('e-mail over SMTP is kept and listed by the SMTP sandbox', async () => {
    const sender = emailSender(smtp.url, 'Glow <no-reply@glow.example>', 5_000);
    const id = await sender.send({
      to: 'a@example.com',
      subject: 'Hi',
      text: 'Hello there',
      reference: 'ref-1',
      kind: 'appointment_confirmation',
      language: 'en',
    });
    sender.close?.();
    expect(id).toMatch(/@/);
    const listed = (await (await fetch(smtp.listUrl)).json()) as { count: number; messages: unknown[] };
    expect(listed.count).toBe(1);
    expect(listed.messages[0]).toMatchObject({
      from: '"Glow" <no-reply@glow.example>',
      to: 'a@example.com',
      subject: 'Hi',
      text: 'Hello there',
      reference: 'ref-1',
    });
  });

  const message = {
    to: '+6281',
    subject: 'S',
    text: 'Body',
    reference: 'r',
    kind: 'appointment_confirmation',
    language: 'en',
  };

  it('WhatsApp Cloud API: a template message per kind, the wamid back; error codes sorted permanent or transient', async () => {
    const sandbox = await startWhatsAppSandbox();
    const settings = {
      apiUrl: sandbox.url,
      apiVersion: 'v21.0',
      phoneNumberId: WHATSAPP_SANDBOX_CREDENTIALS.WHATSAPP_PHONE_NUMBER_ID,
      accessToken: WHATSAPP_SANDBOX_CREDENTIALS.WHATSAPP_ACCESS_TOKEN,
      timeoutMs: 5_000,
    };
    try {
      const whatsapp = whatsAppSender(settings);
      const sent = { ...message, language: 'id', text: 'Halo Rina,\n\n  Jadwal   Anda: 10:00\n' };
      const id = await whatsapp.send(sent);
      expect(id).toMatch(/^wamid\./);
      const listed = (await (await fetch(sandbox.listUrl)).json()) as { messages: unknown[] };
      expect(listed.messages).toEqual([
        {
          id,
          to: '+6281',
          subject: 'salon_appointment_confirmation',
          text: 'Halo Rina, · Jadwal Anda: 10:00',
          language: 'id',
          reference: 'r',
          received_at: expect.any(String),
        },
      ]);

      sandbox.failNextWith(131026);
      const permanent = whatsapp.send(sent);
      await expect(permanent).rejects.toBeInstanceOf(PermanentSendError);
      await expect(permanent).rejects.toThrow('whatsapp error 131026: (#131026) Message undeliverable');
      for (const code of [130429, 131000]) {
        sandbox.failNextWith(code);
        const transient = whatsapp.send(sent).catch((error: unknown) => error);
        expect(await transient).toBeInstanceOf(Error);
        expect(await transient).not.toBeInstanceOf(PermanentSendError);
      }
      const wrongToken = whatsAppSender({ ...settings, accessToken: 'not-the-token' }).send(sent);
      await expect(wrongToken).rejects.toThrow('whatsapp error 190');
      expect(sandbox.messages).toHaveLength(1);
    } finally {
      await sandbox.close();
    }
  });
});
