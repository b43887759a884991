import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  answered: number;
}

/**
 * A real HTTP receiver for outbound webhooks on 127.0.0.1: answers every path 204, or `failures[path]` times 503
 * first (Infinity: always), and keeps every request it got.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  readonly failures: Record<string, number> = {};
  private server?: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        const path = req.url ?? '/';
        const failing = (this.failures[path] ?? 0) > 0;
        if (failing) this.failures[path]! -= 1;
        const answered = failing ? 503 : 204;
        this.received.push({ path, headers: req.headers, body, answered });
        res.writeHead(answered).end(failing ? 'down for maintenance' : undefined);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** What a path accepted (answered 2xx), with the body parsed. */
  accepted(path: string) {
    return this.received
      .filter((r) => r.path === path && r.answered < 300)
      .map((r) => ({
        ...r,
        event: JSON.parse(r.body) as { id: string; type: string; data: Record<string, any> },
      }));
  }

  /** The three Standard Webhooks headers of a request, for a verifier. */
  static signatureHeaders(r: ReceivedWebhook): Record<string, string> {
    return {
      'webhook-id': String(r.headers['webhook-id']),
      'webhook-timestamp': String(r.headers['webhook-timestamp']),
      'webhook-signature': String(r.headers['webhook-signature']),
    };
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
