import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SandboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  reference: string | null;
  from?: string;
  /** WhatsApp: the template's language code. */
  language?: string;
  /** E-mail: the attached files, as text (the platform attaches calendar files only). */
  attachments?: Array<{ filename: string; content_type: string; content: string }>;
  received_at: string;
}

export interface Sandbox {
  /** For the service's config: smtp://… for the SMTP sandbox, the API's base http://… for the others. */
  url: string;
  /** Where `GET /sandbox/messages` lists what it received. */
  listUrl: string;
  messages: SandboxMessage[];
  failNext(count: number): void;
  clear(): void;
  close(): Promise<void>;
}

let sequence = 0;
const nextId = () => `sbx-${Date.now().toString(36)}-${(sequence += 1)}`;

export async function listen(app: express.Express, host: string, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, () => resolve(server));
    server.once('error', reject);
  });
}

export const closeHttp = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

export function listing(messages: SandboxMessage[]) {
  const app = express();
  app.get('/sandbox/messages', (_req, res) => {
    res.json({ count: messages.length, messages });
  });
  return app;
}

/**
 * An SMTP server (smtp-server) that accepts every message without TLS or authentication, parses it
 * (mailparser) and keeps it; an HTTP listener beside it answers `GET /sandbox/messages`.
 */
export async function startSmtpSandbox(
  options: { host?: string; port?: number; httpPort?: number } = {},
): Promise<Sandbox> {
  const messages: SandboxMessage[] = [];
  let failures = 0;
  const smtp = new SMTPServer({
    // A client still connected at close (a delivery in flight as a test stops) is cut after a second, not
    // the library's 30: nothing waits on a sandbox's mail.
    closeTimeout: 1_000,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (failures > 0) {
            failures -= 1;
            const error = new Error('sandbox failure') as Error & { responseCode: number };
            error.responseCode = 451;
            callback(error);
            return;
          }
          const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
          const reference = mail.headers.get('x-notification-reference');
          messages.push({
            id: mail.messageId ?? nextId(),
            from: mail.from?.text ?? '',
            to,
            subject: mail.subject ?? '',
            text: (mail.text ?? '').trim(),
            reference: typeof reference === 'string' ? reference : null,
            ...(mail.attachments.length > 0
              ? {
                  attachments: mail.attachments.map((file) => ({
                    filename: file.filename ?? '',
                    content_type: file.contentType,
                    content: file.content.toString('utf8'),
                  })),
                }
              : {}),
            received_at: new Date().toISOString(),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(options.port ?? 0, host, () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const server = await listen(listing(messages), host, options.httpPort ?? 0);
  return {
    url: `smtp://${host}:${smtpPort}`,
    listUrl: `http://${host}:${(server.address() as AddressInfo).port}/sandbox/messages`,
    messages,
    failNext: (count) => void (failures = count),
    clear: () => void messages.splice(0),
    async close() {
      await closeHttp(server);
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
