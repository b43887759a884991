import { randomUUID } from 'node:crypto';
import CircuitBreaker from 'opossum';
import { serviceUnavailable } from './errors';
import type { Logger } from './logger';
import { circuitBreakerState } from './metrics';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

export interface InternalClientOptions {
  /** The callee's name: the breaker label and the "<name> is temporarily unavailable" detail. */
  name: string;
  baseUrl: string;
  internalToken: string;
  timeoutMs?: number;
  logger: Logger;
  breaker?: {
    volumeThreshold?: number;
    errorThresholdPercentage?: number;
    resetTimeoutMs?: number;
    rollingCountTimeoutMs?: number;
  };
}

export interface InternalRequestOptions {
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** The caller's request id, forwarded so one id follows the request across services. */
  requestId?: string;
  headers?: Record<string, string>;
}

export interface InternalResponse<T> {
  status: number;
  body: T;
}

export interface InternalClient {
  readonly name: string;
  /** 2xx-4xx answers are returned; 5xx, timeouts, network errors and an open breaker throw a 503 AppError. */
  request<T = unknown>(
    method: HttpMethod,
    path: string,
    options?: InternalRequestOptions,
  ): Promise<InternalResponse<T>>;
  /** Stops the breaker's timers (call on shutdown). */
  close(): void;
}

interface Call {
  url: string;
  init: RequestInit;
}

/** A non-2xx answer; 4xx ones are the caller's business and must not trip the breaker. */
class UpstreamStatusError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`upstream answered ${status}`);
  }
}

const BREAKER_STATE = { closed: 0, halfOpen: 1, open: 2 } as const;

/** HTTP client for internal endpoints: X-Internal-Token, X-Request-Id, a timeout and one breaker per callee. */
export function createInternalClient({
  name,
  baseUrl,
  internalToken,
  timeoutMs = 3000,
  logger,
  breaker: breakerOptions = {},
}: InternalClientOptions): InternalClient {
  const root = baseUrl.replace(/\/+$/, '');

  const call = async ({ url, init }: Call): Promise<InternalResponse<unknown>> => {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const body = await readBody(response);
    if (response.status >= 400) throw new UpstreamStatusError(response.status, body);
    return { status: response.status, body };
  };

  const breaker = new CircuitBreaker(call, {
    name,
    timeout: false, // the fetch's own AbortSignal enforces timeoutMs and really cancels the request
    volumeThreshold: Math.max(10, breakerOptions.volumeThreshold ?? 10),
    errorThresholdPercentage: breakerOptions.errorThresholdPercentage ?? 50,
    resetTimeout: breakerOptions.resetTimeoutMs ?? 10_000,
    rollingCountTimeout: breakerOptions.rollingCountTimeoutMs ?? 10_000,
    errorFilter: (error: unknown) => error instanceof UpstreamStatusError && error.status < 500,
  });

  const gauge = circuitBreakerState();
  gauge.set({ breaker: name }, BREAKER_STATE.closed);
  breaker.on('open', () => {
    gauge.set({ breaker: name }, BREAKER_STATE.open);
    logger.warn({ breaker: name }, 'circuit breaker opened');
  });
  breaker.on('halfOpen', () => gauge.set({ breaker: name }, BREAKER_STATE.halfOpen));
  breaker.on('close', () => {
    gauge.set({ breaker: name }, BREAKER_STATE.closed);
    logger.info({ breaker: name }, 'circuit breaker closed');
  });

  return {
    name,
    async request<T>(method: HttpMethod, path: string, options: InternalRequestOptions = {}) {
      const requestId = options.requestId ?? randomUUID();
      const headers: Record<string, string> = {
        accept: 'application/json',
        ...options.headers,
        'x-internal-token': internalToken,
        'x-request-id': requestId,
      };
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      const init: RequestInit = {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      };
      try {
        return (await breaker.fire({
          url: root + path + queryString(options.query),
          init,
        })) as InternalResponse<T>;
      } catch (error) {
        if (error instanceof UpstreamStatusError && error.status < 500)
          return { status: error.status, body: error.body as T };
        logger.warn(
          { upstream: name, method, path, requestId, reason: describeFailure(error) },
          'internal call failed',
        );
        throw serviceUnavailable(`${name} is temporarily unavailable`);
      }
    },
    close: () => breaker.shutdown(),
  };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function queryString(query: InternalRequestOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const encoded = params.toString();
  return encoded === '' ? '' : `?${encoded}`;
}

function describeFailure(error: unknown): string {
  if (error instanceof UpstreamStatusError) return `status ${error.status}`;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
