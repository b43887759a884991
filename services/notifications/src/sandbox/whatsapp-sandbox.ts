import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';
import {
  signatureOf,
  templateMessageSchema,
  type GraphError,
  type SendAnswer,
  type StatusWebhook,
} from '../channels/whatsapp-cloud';
import { closeHttp, listen, listing, type Sandbox, type SandboxMessage } from './sandboxes';

/** The credentials the sandbox accepts unless told others; embedded mode, e2e and tests configure these. */
export const WHATSAPP_SANDBOX_CREDENTIALS = {
  WHATSAPP_PHONE_NUMBER_ID: '100000000000001',
  WHATSAPP_ACCESS_TOKEN: 'sandbox-whatsapp-access-token',
  WHATSAPP_APP_SECRET: 'sandbox-whatsapp-app-secret',
  WHATSAPP_VERIFY_TOKEN: 'sandbox-whatsapp-verify-token',
} as const;

export interface WhatsAppSandbox extends Sandbox {
  /** Where status webhooks go (the service's `/webhooks/whatsapp`); settable once the service listens. */
  callbackUrl: string | undefined;
  /** The next send answers this Graph API error (400, or 500 for 131000 and 1/2, like Meta's transient ones). */
  failNextWith(code: number, message?: string): void;
  /** POSTs a signed status webhook about a message it accepted; resolves to the callback's HTTP status. */
  sendStatus(
    messageId: string,
    status: 'sent' | 'delivered' | 'read' | 'failed',
    errorCode?: number,
  ): Promise<number>;
}

const ERROR_TEXT: Record<number, string> = {
  100: '(#100) Invalid parameter',
  130429: '(#130429) Rate limit hit',
  131000: '(#131000) Something went wrong',
  131026: '(#131026) Message undeliverable',
  131030: '(#131030) Recipient phone number not in allowed list',
};

/**
 * A WhatsApp Business Cloud API of its own: `POST /{version}/{phone_number_id}/messages` checks the bearer token
 * and the phone number id, validates the template message and answers like the Cloud API (`contacts`, `messages`
 * with a wamid; Graph error bodies); `GET /sandbox/messages` lists what it accepted: `subject` is the template
 * name, `text` its body parameters one a line, `reference` the message's biz_opaque_callback_data;
 * `POST /sandbox/statuses {id, status, error_code?}` sends the signed status webhook for one of them.
 */
export async function startWhatsAppSandbox(
  options: {
    host?: string;
    port?: number;
    phoneNumberId?: string;
    accessToken?: string;
    appSecret?: string;
    callbackUrl?: string;
  } = {},
): Promise<WhatsAppSandbox> {
  const phoneNumberId = options.phoneNumberId ?? WHATSAPP_SANDBOX_CREDENTIALS.WHATSAPP_PHONE_NUMBER_ID;
  const accessToken = options.accessToken ?? WHATSAPP_SANDBOX_CREDENTIALS.WHATSAPP_ACCESS_TOKEN;
  const appSecret = options.appSecret ?? WHATSAPP_SANDBOX_CREDENTIALS.WHATSAPP_APP_SECRET;
  const messages: SandboxMessage[] = [];
  const failures: number[] = [];
  const graphError = (
    code: number,
    message = ERROR_TEXT[code] ?? `(#${code}) Sandbox error`,
  ): GraphError => ({
    error: { message, type: 'OAuthException', code, fbtrace_id: randomBytes(8).toString('hex') },
  });

  const app = listing(messages);
  app.post('/:version/:phone_number_id/messages', express.json(), (req, res) => {
    if (req.headers.authorization !== `Bearer ${accessToken}`) {
      res.status(401).json(graphError(190, 'Invalid OAuth access token - Cannot parse access token'));
      return;
    }
    if (req.params.phone_number_id !== phoneNumberId) {
      res
        .status(400)
        .json(
          graphError(
            100,
            `Unsupported post request. Object with ID '${req.params.phone_number_id}' does not exist`,
          ),
        );
      return;
    }
    const failure = failures.shift();
    if (failure !== undefined) {
      res.status(failure === 131000 || failure === 1 || failure === 2 ? 500 : 400).json(graphError(failure));
      return;
    }
    const parsed = templateMessageSchema.safeParse(req.body);
    if (!parsed.success) {
      res
        .status(400)
        .json(graphError(100, `(#100) ${parsed.error.issues[0]?.message ?? 'Invalid parameter'}`));
      return;
    }
    const body = parsed.data;
    const id = `wamid.${randomBytes(12).toString('base64url')}`;
    messages.push({
      id,
      to: body.to,
      subject: body.template.name,
      text: body.template.components.flatMap((c) => c.parameters.map((p) => p.text)).join('\n'),
      reference: body.biz_opaque_callback_data ?? null,
      language: body.template.language.code,
      received_at: new Date().toISOString(),
    });
    const answer: SendAnswer = {
      messaging_product: 'whatsapp',
      contacts: [{ input: body.to, wa_id: body.to.replace(/\D/g, '') }],
      messages: [{ id }],
    };
    res.status(200).json(answer);
  });

  // The same as sendStatus, over HTTP: for a person in embedded mode and the whole-platform tests.
  app.post('/sandbox/statuses', express.json(), async (req, res) => {
    const body = (req.body ?? {}) as { id?: unknown; status?: unknown; error_code?: unknown };
    const statuses = ['sent', 'delivered', 'read', 'failed'] as const;
    const status = statuses.find((s) => s === body.status);
    if (typeof body.id !== 'string' || !status) {
      res.status(400).json({ error: 'id and status (sent, delivered, read, failed) are required' });
      return;
    }
    try {
      const errorCode = typeof body.error_code === 'number' ? body.error_code : undefined;
      res.json({ callback_status: await sandbox.sendStatus(body.id, status, errorCode) });
    } catch (error) {
      res.status(409).json({ error: error instanceof Error ? error.message : String(error) });
    }
  });

  const host = options.host ?? '127.0.0.1';
  const server = await listen(app, host, options.port ?? 0);
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;
  const sandbox: WhatsAppSandbox = {
    url,
    listUrl: `${url}/sandbox/messages`,
    messages,
    callbackUrl: options.callbackUrl,
    failNext: (count) => void failures.splice(0, failures.length, ...Array<number>(count).fill(131000)),
    failNextWith: (code) => void failures.push(code),
    clear: () => void messages.splice(0),
    close: () => closeHttp(server),
    async sendStatus(messageId, status, errorCode) {
      const message = messages.find((m) => m.id === messageId);
      if (!message) throw new Error(`The sandbox sent no message ${messageId}`);
      if (!sandbox.callbackUrl) throw new Error('The WhatsApp sandbox has no callbackUrl');
      const webhook: StatusWebhook = {
        object: 'whatsapp_business_account',
        entry: [
          {
            id: 'sandbox-business-account',
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  metadata: { display_phone_number: '15550000000', phone_number_id: phoneNumberId },
                  statuses: [
                    {
                      id: messageId,
                      status,
                      timestamp: String(Math.floor(Date.now() / 1000)),
                      recipient_id: message.to.replace(/\D/g, ''),
                      ...(message.reference ? { biz_opaque_callback_data: message.reference } : {}),
                      ...(errorCode !== undefined
                        ? { errors: [{ code: errorCode, title: ERROR_TEXT[errorCode] ?? 'Sandbox error' }] }
                        : {}),
                    },
                  ],
                },
              },
            ],
          },
        ],
      };
      const raw = JSON.stringify(webhook);
      const response = await fetch(sandbox.callbackUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signatureOf(raw, appSecret) },
        body: raw,
      });
      return response.status;
    },
  };
  return sandbox;
}
