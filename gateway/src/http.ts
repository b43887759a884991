import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import proxyAddr from 'proxy-addr';
import { renderError, type AuthContext, type Logger } from '@salon/service-kit';

/**
 * The proxied path runs on Node's own request and response objects, not express's: express re-prototypes
 * both on every request, which on these machines more than doubled the CPU cost of a bare proxy (181 → 422
 * µs per request, see docs/decisions.md). The gateway's own pages (health, metrics, docs) stay on express.
 */
export interface GatewayRequest extends IncomingMessage {
  /** The request id (the client's X-Request-Id when well-formed, else a new uuid). */
  id: string;
  /** A child logger bound to the request id (set by service-kit's request log). */
  log: Logger;
  auth?: AuthContext;
}

// The same rule as service-kit's requestId(): safe to log and to forward.
const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function assignRequestId(req: GatewayRequest, res: ServerResponse): void {
  const incoming = req.headers['x-request-id'];
  req.id = typeof incoming === 'string' && WELL_FORMED_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', req.id);
}

export type TrustFunction = (address: string, hop: number) => boolean;

/** The client's address, honouring the configured trusted proxies (express's "trust proxy" rules). */
export const clientAddressOf = (req: IncomingMessage, trust: TrustFunction): string =>
  proxyAddr(req, trust) || (req.socket.remoteAddress ?? 'unknown');

/** http or https, from X-Forwarded-Proto only when the immediate peer is a trusted proxy. */
export function protocolOf(req: IncomingMessage, trust: TrustFunction): string {
  const direct = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
  const forwarded = req.headers['x-forwarded-proto'];
  if (typeof forwarded !== 'string' || !trust(req.socket.remoteAddress ?? '', 0)) return direct;
  const first = forwarded.split(',')[0]?.trim();
  return first === 'https' || first === 'http' ? first : direct;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const payload = JSON.stringify(body);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(payload),
  });
  res.end(payload);
}

/** Renders an error as the spec's `{detail}` body (service-kit's rules); anything unknown is a logged 500. */
export function sendError(req: GatewayRequest, res: ServerResponse, error: unknown): void {
  const rendered = renderError(error);
  if (rendered === undefined) req.log.error({ err: error, requestId: req.id }, 'unhandled error');
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const { status, body, headers } = rendered ?? { status: 500, body: { detail: 'Internal Server Error' } };
  sendJson(res, status, body, headers);
}
