import { API_PREFIX } from './routes';
import http, {
  type ClientRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import https from 'node:https';
import { AppError, type Logger } from '@salon/service-kit';
import {
  createUpstreamBreaker,
  isBreakerOpenError,
  isBreakerTimeoutError,
  type UpstreamBreaker,
} from './breakers';
import { compressionFor } from './compression';
import type { GatewayConfig } from './config';
import { sendJson, type GatewayRequest } from './http';
import type { GatewayMetrics } from './metrics';
import type { ServiceName } from './routes';

/**
 * The hot path: a streaming pipe over `http.request` with a keep-alive agent per upstream (see
 * docs/decisions.md for why not http-proxy-middleware). Bodies are never parsed: they stream through,
 * counted against the body limit; responses stream back.
 */

export interface Upstream {
  service: ServiceName;
  breaker: UpstreamBreaker;
  forward(req: GatewayRequest, res: ServerResponse, options: ForwardOptions): Promise<void>;
  close(): void;
}

export interface ForwardOptions {
  /** Keep X-Internal-Token on the forwarded request (internal routes, after the gateway checked it). */
  internal: boolean;
  /** The client's protocol (http or https) for X-Forwarded-Proto. */
  protocol: string;
}

/** An upstream answer of 400 or more: 4xx ones are filtered out of the breaker's failure count. */
class UpstreamAnswer extends Error {
  constructor(readonly response: IncomingMessage) {
    super(`upstream answered ${response.statusCode}`);
  }
}

/** The client went away or sent too much: not the upstream's failure. */
class ClientSide extends Error {
  constructor(readonly reason: 'client_closed' | 'body_too_large') {
    super(reason);
  }
}

/**
 * Whether an outcome counts against the upstream's breaker. A 502 is the upstream reporting that one of
 * *its* providers failed (commerce when the payment provider is down): the upstream itself is answering,
 * so its other routes (the wallet, the provider's callbacks) must stay reachable.
 */
export const countsAsFailure = (error: unknown): boolean => {
  if (error instanceof UpstreamAnswer) {
    const status = error.response.statusCode ?? 500;
    return status >= 500 && status !== 502;
  }
  return !(error instanceof ClientSide);
};

// RFC 9110 §7.6.1 connection-specific fields, plus what the gateway sets itself.
const REQUEST_HEADERS_DROPPED = new Set([
  'connection',
  'expect', // a 100-continue is answered by the gateway's own server
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'x-request-id',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-internal-token',
]);

const RESPONSE_HEADERS_DROPPED = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'x-powered-by',
]);

// Connection errors before anything reached the service: it is down or not there (yet).
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

export function createUpstream(
  service: ServiceName,
  baseUrl: string,
  config: GatewayConfig,
  logger: Logger,
  metrics: GatewayMetrics,
): Upstream {
  const url = new URL(baseUrl);
  const secure = url.protocol === 'https:';
  const request = secure ? https.request : http.request;
  const port = url.port === '' ? (secure ? 443 : 80) : Number(url.port);
  const basePath = url.pathname.replace(/\/+$/, '');
  // Keep-alive, most recently used socket first so idle ones expire. An idle socket is dropped after 60 s,
  // or earlier when the service announces a shorter keep-alive (Node's `Keep-Alive: timeout=5` → 4 s), so
  // the agent never sends on a socket the service is closing. (Node applies that hint only under a timeout.)
  const agent = new (secure ? https.Agent : http.Agent)({
    keepAlive: true,
    maxFreeSockets: 256,
    scheduling: 'lifo',
    timeout: 60_000,
  });
  const breaker = createUpstreamBreaker(service, config, config.UPSTREAM_TIMEOUT_MS, countsAsFailure, logger);
  const bodyLimit = config.BODY_LIMIT_BYTES;
  const unavailableDetail = `${service} is temporarily unavailable`;

  const fail = (
    res: ServerResponse,
    status: number,
    detail: string,
    reason: string,
    headers?: Record<string, string>,
  ) => {
    metrics.upstreamUnavailable.inc({ upstream: service, reason });
    if (res.headersSent) res.destroy();
    else sendJson(res, status, { detail }, headers);
  };

  return {
    service,
    breaker,
    async forward(req, res, { internal, protocol }) {
      const declaredLength = req.headers['content-length'];
      if (declaredLength !== undefined && Number(declaredLength) > bodyLimit)
        throw bodyTooLarge(res, bodyLimit);

      const call = new ProxyCall(req, res, {
        request,
        options: {
          agent,
          hostname: url.hostname,
          port,
          method: req.method,
          // The gateway owns the public prefix: services serve `/services`, not `/api/v1/services`.
          path: basePath + upstreamPathOf(req.url ?? '/'),
          headers: forwardedHeaders(req, url.host, internal, protocol),
        },
        bodyLimit,
      });
      const started = process.hrtime.bigint();
      const elapsed = () => Number(process.hrtime.bigint() - started) / 1e9;

      let response: IncomingMessage;
      try {
        response = await breaker.fire(call);
      } catch (error) {
        if (error instanceof UpstreamAnswer) {
          response = error.response;
        } else {
          call.abort();
          if (error instanceof ClientSide) {
            if (error.reason === 'body_too_large' && !res.headersSent) throw bodyTooLarge(res, bodyLimit);
            return;
          }
          if (isBreakerOpenError(error)) {
            fail(res, 503, unavailableDetail, 'breaker_open', {
              'Retry-After': String(breaker.retryAfterSeconds()),
            });
            return;
          }
          if (isBreakerTimeoutError(error)) {
            metrics.upstreamDuration.observe({ upstream: service, status: 'timeout' }, elapsed());
            req.log.warn({ upstream: service, timeoutMs: config.UPSTREAM_TIMEOUT_MS }, 'upstream timed out');
            fail(res, 504, `${service} did not answer in time`, 'timeout');
            return;
          }
          const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
          metrics.upstreamDuration.observe({ upstream: service, status: 'error' }, elapsed());
          req.log.warn({ upstream: service, code }, 'upstream request failed');
          if (UNREACHABLE.has(code)) fail(res, 503, unavailableDetail, 'unreachable');
          else fail(res, 502, `${service} closed the connection`, 'connection_error');
          return;
        }
      }

      metrics.upstreamDuration.observe({ upstream: service, status: String(response.statusCode) }, elapsed());
      relay(req, response, res);
    },
    close() {
      breaker.shutdown();
      agent.destroy();
    },
  };
}

function bodyTooLarge(res: ServerResponse, limit: number): AppError {
  // The rest of the body is not read: close the connection after answering.
  res.setHeader('Connection', 'close');
  return new AppError(413, `Request body too large (limit ${limit} bytes)`);
}

function forwardedHeaders(
  req: GatewayRequest,
  upstreamHost: string,
  internal: boolean,
  protocol: string,
): OutgoingHttpHeaders {
  const incoming = req.headers;
  const headers: OutgoingHttpHeaders = {};
  const connectionListed = listedInConnection(incoming.connection);
  for (const name in incoming) {
    if (REQUEST_HEADERS_DROPPED.has(name) || connectionListed?.has(name)) continue;
    headers[name] = incoming[name];
  }
  headers.host = upstreamHost;
  headers['x-request-id'] = req.id;
  const peer = req.socket.remoteAddress ?? '';
  const previous = incoming['x-forwarded-for'];
  headers['x-forwarded-for'] = previous === undefined ? peer : `${String(previous)}, ${peer}`;
  headers['x-forwarded-proto'] = protocol;
  if (incoming.host !== undefined) headers['x-forwarded-host'] = incoming.host;
  if (internal && incoming['x-internal-token'] !== undefined)
    headers['x-internal-token'] = incoming['x-internal-token'];
  return headers;
}

function listedInConnection(connection: string | undefined): Set<string> | undefined {
  if (connection === undefined) return undefined;
  const names = connection
    .toLowerCase()
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== 'keep-alive' && name !== 'close' && name !== '');
  return names.length === 0 ? undefined : new Set(names);
}

/**
 * Streams the upstream's answer to the client (status, end-to-end headers, body), through a br or gzip
 * compressor when the answer is worth compressing and the client accepts it (compression.ts). Plain `pipe`
 * rather than `stream.pipeline`: pipeline destroys the upstream response when it ends (an AbortController
 * and a DOMException per request, measured at about a tenth of the gateway's CPU), while `pipe` leaves the
 * socket to the keep-alive agent; a client that goes away is handled by hand.
 */
function relay(req: GatewayRequest, response: IncomingMessage, res: ServerResponse): void {
  const headers: OutgoingHttpHeaders = {};
  for (const name in response.headers) {
    if (!RESPONSE_HEADERS_DROPPED.has(name)) headers[name] = response.headers[name];
  }
  const compressor = compressionFor(req.headers, req.method, response, headers);
  res.writeHead(response.statusCode ?? 502, headers);
  const fail = (error: Error) => {
    req.log.warn({ err: error }, 'relaying the upstream response failed');
    res.destroy();
  };
  response.once('error', fail);
  if (compressor === undefined) {
    response.pipe(res);
  } else {
    response.pipe(compressor).pipe(res);
    compressor.once('error', fail);
  }
  res.once('close', () => {
    if (!response.complete) response.destroy();
    compressor?.destroy();
  });
}

interface CallSetup {
  request: typeof http.request;
  options: http.RequestOptions;
  bodyLimit: number;
}

/** One proxied request, as the breaker runs it: settles when the upstream's response headers arrive. */
class ProxyCall {
  private upstreamRequest?: ClientRequest;
  private rejectCall?: (error: Error) => void;
  private done = false;

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    private readonly setup: CallSetup,
  ) {}

  start(): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      this.rejectCall = reject;
      const onClose = () => {
        if (!this.res.writableFinished) this.fail(new ClientSide('client_closed'));
      };
      this.res.once('close', onClose);
      this.send(resolve, true);
    });
  }

  /** Cancels the upstream request (timeout, open breaker, client gone). */
  abort(): void {
    this.done = true;
    this.upstreamRequest?.destroy();
  }

  private fail(error: Error): void {
    if (this.done) return;
    this.done = true;
    this.upstreamRequest?.destroy();
    this.rejectCall?.(error);
  }

  private send(resolve: (response: IncomingMessage) => void, mayRetry: boolean): void {
    const { req } = this;
    const hasBody =
      req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
    const upstreamRequest = this.setup.request(this.setup.options, (response) => {
      if (this.done) {
        response.destroy();
        return;
      }
      this.done = true;
      if ((response.statusCode ?? 502) >= 400) this.rejectCall?.(new UpstreamAnswer(response));
      else resolve(response);
    });
    this.upstreamRequest = upstreamRequest;
    upstreamRequest.on('error', (error: NodeJS.ErrnoException) => {
      // A kept-alive socket the service closed at the same moment: safe to resend a request without a body.
      if (mayRetry && !hasBody && upstreamRequest.reusedSocket && error.code === 'ECONNRESET' && !this.done) {
        this.send(resolve, false);
        return;
      }
      this.fail(error);
    });

    if (!hasBody) {
      upstreamRequest.end();
    } else if (req.headers['content-length'] !== undefined) {
      // Node's parser stops at Content-Length, which is already known to be within the limit.
      req.pipe(upstreamRequest);
    } else {
      this.streamCounted(upstreamRequest);
    }
  }

  /** A chunked body: forwarded as it arrives, and cut off at the body limit. */
  private streamCounted(upstreamRequest: ClientRequest): void {
    const { req } = this;
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > this.setup.bodyLimit) {
        req.off('data', onData);
        req.pause();
        this.fail(new ClientSide('body_too_large'));
        return;
      }
      if (!upstreamRequest.write(chunk)) {
        req.pause();
        upstreamRequest.once('drain', () => req.resume());
      }
    };
    req.on('data', onData);
    req.once('end', () => upstreamRequest.end());
  }
}

/** `/api/v1/services?x=1` → `/services?x=1`: the version prefix is the gateway's, not the services'. */
export function upstreamPathOf(url: string): string {
  return url.startsWith(`${API_PREFIX}/`) ? url.slice(API_PREFIX.length) : url;
}
