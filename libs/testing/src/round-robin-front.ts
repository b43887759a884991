import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A round-robin HTTP front for tests, standing in for a Kubernetes Service before a Deployment's replicas (or
 * the load balancer before the gateways): each request goes to the next of `targets`, which a test may replace
 * at any time (a rolling update).
 *
 * - A target that refuses the connection (a stopped or crashed replica still on the list, as an endpoint is
 *   until the cluster notices) is passed over for the next one: nothing reached it, so trying another is
 *   safe, as a proxy that retries on connect failure does. No target accepting: 503.
 * - A request that reached a target is never sent again: a connection broken before the answer is complete is
 *   a 502 (or a cut answer), since the replica may have applied it.
 * - Each request takes a fresh connection, so a killed replica's pooled sockets never carry one.
 */
export interface RoundRobinFront {
  url: string;
  /** The base URLs requests are spread over, in turn. */
  targets: string[];
  /** Requests each target accepted (by its base URL). */
  readonly forwarded: Map<string, number>;
  close(): Promise<void>;
}

/** Request headers that belong to one hop; the body is forwarded whole, with its own length. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'content-length',
]);

const forwardable = (headers: IncomingHttpHeaders): IncomingHttpHeaders =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));

const readBody = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });

/** Starts a front on 127.0.0.1 (`port`, or any free one) over `targets`. */
export async function startRoundRobinFront(
  targets: string[] = [],
  options: { port?: number } = {},
): Promise<RoundRobinFront> {
  let turn = 0;
  const forwarded = new Map<string, number>();
  const front = { url: '', targets, forwarded, close: async () => {} };

  /** Sends to `front.targets[index]`; resolves false when the target refused the connection. */
  const forward = (
    req: IncomingMessage,
    res: ServerResponse,
    body: Buffer,
    target: string,
  ): Promise<boolean> =>
    new Promise((resolve) => {
      const headers = forwardable(req.headers);
      if (body.length > 0 || req.headers['content-length'] !== undefined)
        headers['content-length'] = String(body.length);
      let connected = false;
      const upstream = http.request(
        `${target}${req.url ?? '/'}`,
        { method: req.method, headers, agent: false },
        (answer) => {
          const answerHeaders = forwardable(answer.headers);
          if (answer.headers['content-length'] !== undefined)
            answerHeaders['content-length'] = answer.headers['content-length'];
          res.writeHead(answer.statusCode ?? 502, answerHeaders);
          answer.pipe(res);
          answer.once('end', () => resolve(true));
          answer.once('error', () => {
            res.destroy();
            resolve(true);
          });
        },
      );
      upstream.once('socket', (socket) =>
        socket.once('connect', () => {
          connected = true;
          forwarded.set(target, (forwarded.get(target) ?? 0) + 1);
        }),
      );
      upstream.once('error', (error: NodeJS.ErrnoException) => {
        if (!connected && error.code === 'ECONNREFUSED') return resolve(false);
        if (!res.headersSent) {
          res.writeHead(502, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              detail: `front: ${target} broke the connection (${error.code ?? error.message})`,
            }),
          );
        } else {
          res.destroy();
        }
        resolve(true);
      });
      res.once('close', () => {
        if (!res.writableFinished) upstream.destroy();
      });
      upstream.end(body);
    });

  const server = http.createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const start = turn++;
      const count = front.targets.length;
      for (let attempt = 0; attempt < count; attempt += 1) {
        const target = front.targets[(start + attempt) % count] as string;
        if (await forward(req, res, body, target)) return;
      }
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ detail: 'front: no target accepted the connection' }));
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  front.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  front.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return front;
}
