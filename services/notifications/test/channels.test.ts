import { httpProviderSender } from '../src/channels/http-provider.sender';
import { emailSender } from '../src/channels/email.sender';
import { startHttpSink, startSmtpSandbox, type Sandbox } from '../src/sandbox/sandboxes';

describe('channel adapters against their sandboxes', () => {
  let smtp: Sandbox;
  let sink: Sandbox;

  beforeAll(async () => {
    [smtp, sink] = await Promise.all([startSmtpSandbox(), startHttpSink()]);
  });
  afterAll(() => Promise.all([smtp.close(), sink.close()]));

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

  it('the provider HTTP API: POST /messages, 202 {id}; a refusal is a failed send', async () => {
    const whatsapp = httpProviderSender('whatsapp', sink.url, 'key', 5_000);
    const id = await whatsapp.send({ ...message, reference: 'ref-2' });
    expect(id).toMatch(/^sbx-/);
    const listed = (await (await fetch(sink.listUrl)).json()) as { messages: unknown[] };
    expect(listed.messages).toEqual([
      { id, to: '+6281', subject: 'S', text: 'Body', reference: 'ref-2', received_at: expect.any(String) },
    ]);
    sink.failNext(1);
    await expect(whatsapp.send(message)).rejects.toThrow('whatsapp provider answered 503');
  });
});
