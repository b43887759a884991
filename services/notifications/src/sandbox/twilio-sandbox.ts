import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';
import {
  twilioDate,
  twilioSignature,
  type MessageResource,
  type StatusCallbackForm,
  type TwilioError,
} from '../channels/twilio';
import { closeHttp, listen, listing, type Sandbox, type SandboxMessage } from './sandboxes';

/** The credentials the sandbox accepts unless told others; embedded mode, e2e and tests configure these. */
export const TWILIO_SANDBOX_CREDENTIALS = {
  TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001',
  TWILIO_AUTH_TOKEN: 'sandbox-twilio-auth-token',
  TWILIO_FROM: '+15005550006',
} as const;

export type CallbackStatus = 'queued' | 'sent' | 'delivered' | 'undelivered' | 'failed';

export interface TwilioSandbox extends Sandbox {
  /** The next send answers this Twilio error (400; 429 for 20429; 500 for 20500 and other 5xx-like codes). */
  failNextWith(code: number, message?: string): void;
  /**
   * Where status callbacks are posted instead of the message's StatusCallback, for a test without the gateway in
   * front: the signature stays over the StatusCallback URL, as Twilio signs what it was given.
   */
  callbackUrl: string | undefined;
  /**
   * POSTs the signed status callback Twilio would for a message it accepted with a StatusCallback (undelivered
   * and failed carry ErrorCode); resolves to the callback's HTTP status.
   */
  sendStatus(sid: string, status: CallbackStatus, errorCode?: number): Promise<number>;
}

const CALLBACK_STATUSES: readonly CallbackStatus[] = ['queued', 'sent', 'delivered', 'undelivered', 'failed'];

const ERROR_TEXT: Record<number, string> = {
  20003: 'Authenticate',
  20404: 'The requested resource was not found',
  20429: 'Too Many Requests',
  20500: 'Internal Server Error',
  21211: "The 'To' number is not a valid phone number.",
  21602: 'Message body is required.',
  21604: "A 'To' phone number is required.",
  21606:
    "The 'From' phone number provided is not a valid message-capable Twilio phone number for this destination/account.",
  21610: 'Attempt to send to unsubscribed recipient',
  21614: "'To' number is not a valid mobile number",
};

const statusOf = (code: number) =>
  code === 20429 ? 429 : code === 20003 ? 401 : code >= 20500 && code < 20600 ? 500 : 400;

/**
 * A Twilio Messages API of its own: `POST /2010-04-01/Accounts/{sid}/Messages.json` checks basic auth (account SID
 * and auth token) and the account in the path, reads the form body (To, From or MessagingServiceSid, Body) and
 * answers 201 with a message resource (sid SM…, status queued) or Twilio's error body; `GET /sandbox/messages`
 * lists what it accepted: `text` is the Body, `from` the From (or messaging service), `subject` empty;
 * `POST /sandbox/statuses {sid, status, error_code?}` posts the signed status callback for one of them (queued,
 * sent, delivered, or undelivered/failed with ErrorCode), as Twilio does when each status is reached.
 */
export async function startTwilioSandbox(
  options: {
    host?: string;
    port?: number;
    accountSid?: string;
    authToken?: string;
    callbackUrl?: string;
  } = {},
): Promise<TwilioSandbox> {
  const accountSid = options.accountSid ?? TWILIO_SANDBOX_CREDENTIALS.TWILIO_ACCOUNT_SID;
  const authToken = options.authToken ?? TWILIO_SANDBOX_CREDENTIALS.TWILIO_AUTH_TOKEN;
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const messages: SandboxMessage[] = [];
  const failures: number[] = [];
  /** Per accepted message: what Twilio's status callback needs (the URL it was given, the numbers). */
  const callbacks = new Map<string, { url: string; to: string; from: string; service?: string }>();
  const twilioError = (code: number, message = ERROR_TEXT[code] ?? 'Sandbox error'): TwilioError => ({
    code,
    message,
    more_info: `https://www.twilio.com/docs/errors/${code}`,
    status: statusOf(code),
  });
  const refuse = (res: express.Response, code: number, message?: string) => {
    const error = twilioError(code, message);
    res.status(error.status).json(error);
  };

  const app = listing(messages);
  app.post(
    '/2010-04-01/Accounts/:account/Messages.json',
    express.urlencoded({ extended: false }),
    (req, res) => {
      if (req.headers.authorization !== expectedAuth || req.params.account !== accountSid) {
        refuse(res, 20003);
        return;
      }
      const failure = failures.shift();
      if (failure !== undefined) {
        refuse(res, failure);
        return;
      }
      const form = (req.body ?? {}) as Record<string, unknown>;
      const text = (name: string) => (typeof form[name] === 'string' ? form[name] : undefined);
      const to = text('To');
      const body = text('Body');
      const from = text('From');
      const service = text('MessagingServiceSid');
      if (!to) return refuse(res, 21604);
      if (!/^\+[1-9]\d{6,14}$/.test(to))
        return refuse(res, 21211, `The 'To' number ${to} is not a valid phone number.`);
      if (!from && !service) return refuse(res, 21606);
      if (!body) return refuse(res, 21602);
      const sid = `SM${randomBytes(16).toString('hex')}`;
      const now = new Date();
      const statusCallback = text('StatusCallback');
      if (statusCallback) callbacks.set(sid, { url: statusCallback, to, from: from ?? '', service });
      messages.push({
        id: sid,
        to,
        from: from ?? service ?? '',
        subject: '',
        text: body,
        reference: null,
        received_at: now.toISOString(),
      });
      const answer: MessageResource = {
        sid,
        account_sid: accountSid,
        messaging_service_sid: service ?? null,
        to,
        from: from ?? null,
        body,
        status: service ? 'accepted' : 'queued',
        num_segments: String(Math.max(1, Math.ceil(body.length / 153))),
        direction: 'outbound-api',
        api_version: '2010-04-01',
        price: null,
        price_unit: 'USD',
        error_code: null,
        error_message: null,
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
        date_created: twilioDate(now),
        date_updated: twilioDate(now),
        date_sent: null,
      };
      res.status(201).json(answer);
    },
  );

  // The same as sendStatus, over HTTP: for a person in embedded mode and the whole-platform tests.
  app.post('/sandbox/statuses', express.json(), async (req, res) => {
    const body = (req.body ?? {}) as { sid?: unknown; status?: unknown; error_code?: unknown };
    const status = CALLBACK_STATUSES.find((s) => s === body.status);
    if (typeof body.sid !== 'string' || !status) {
      res.status(400).json({ error: `sid and status (${CALLBACK_STATUSES.join(', ')}) are required` });
      return;
    }
    try {
      const errorCode = typeof body.error_code === 'number' ? body.error_code : undefined;
      res.json({ callback_status: await sandbox.sendStatus(body.sid, status, errorCode) });
    } catch (error) {
      res.status(409).json({ error: error instanceof Error ? error.message : String(error) });
    }
  });

  const host = options.host ?? '127.0.0.1';
  const server = await listen(app, host, options.port ?? 0);
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;
  const sandbox: TwilioSandbox = {
    url,
    listUrl: `${url}/sandbox/messages`,
    messages,
    callbackUrl: options.callbackUrl,
    failNext: (count) => void failures.splice(0, failures.length, ...Array<number>(count).fill(20500)),
    failNextWith: (code) => void failures.push(code),
    clear: () => void messages.splice(0),
    close: () => closeHttp(server),
    async sendStatus(sid, status, errorCode) {
      const message = callbacks.get(sid);
      if (!message) throw new Error(`The sandbox accepted no message ${sid} with a StatusCallback`);
      const form: StatusCallbackForm = {
        AccountSid: accountSid,
        MessageSid: sid,
        SmsSid: sid,
        MessageStatus: status,
        SmsStatus: status,
        To: message.to,
        From: message.from,
        ApiVersion: '2010-04-01',
        ...(message.service ? { MessagingServiceSid: message.service } : {}),
        ...(errorCode !== undefined && (status === 'undelivered' || status === 'failed')
          ? { ErrorCode: String(errorCode) }
          : {}),
      };
      const params: Record<string, string> = { ...form };
      const response = await fetch(sandbox.callbackUrl ?? message.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilioSignature(authToken, message.url, params),
        },
        body: new URLSearchParams(params).toString(),
      });
      await response.arrayBuffer();
      return response.status;
    },
  };
  return sandbox;
}
