/**
 * The seed's door to the platform: the public HTTP API under /api/v1 through the gateway, nothing else, so
 * the same seed works against embedded mode, docker compose and Kubernetes.
 */

export class ApiError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`${method} ${path} answered ${status}: ${JSON.stringify(body)}`);
  }
}

export interface ApiClient {
  readonly baseUrl: string;
  /**
   * Sends one request and returns the JSON body of a 2xx answer, typed as the caller reads it; any other
   * status throws ApiError.
   */
  call<T = Record<string, unknown>>(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string },
  ): Promise<T>;
}

/** Retries a 429 after the gateway's Retry-After, at most this long in all (the staff limit is per minute). */
const RATE_LIMIT_PATIENCE_MS = 120_000;

export function createApiClient(baseUrl: string, onNote: (note: string) => void): ApiClient {
  const root = baseUrl.replace(/\/+$/, '');
  let warnedRateLimit = false;
  return {
    baseUrl: root,
    async call<T>(method: string, path: string, options: { body?: unknown; token?: string } = {}) {
      const deadline = Date.now() + RATE_LIMIT_PATIENCE_MS;
      for (;;) {
        const response = await fetch(`${root}/api/v1${path}`, {
          method,
          headers: {
            accept: 'application/json',
            ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          },
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
        });
        const text = await response.text();
        const body = text ? parseJson(text) : {};
        if (response.ok) return body as T;
        const retryAfterSeconds = Number(response.headers.get('retry-after') ?? '1');
        if (response.status === 429 && Date.now() + retryAfterSeconds * 1000 < deadline) {
          if (!warnedRateLimit) {
            warnedRateLimit = true;
            onNote(`rate limit reached; waiting ${retryAfterSeconds}s as the gateway asks, then going on`);
          }
          await sleep(retryAfterSeconds * 1000);
          continue;
        }
        throw new ApiError(method, path, response.status, body);
      }
    },
  };
}

/**
 * Retries `attempt` while it fails with one of `statuses`: the services learn each other's facts (the new
 * plan, a new service, a new customer) from events, so a write that depends on them can be refused for a
 * moment after the fact was created. Backs off so the waiting spends few requests of the rate limit.
 */
export async function eventually<T>(
  statuses: readonly number[],
  attempt: () => Promise<T>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 100; ; delay = Math.min(delay * 2, 2000)) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof ApiError) || !statuses.includes(error.status) || Date.now() > deadline)
        throw error;
    }
    await sleep(delay);
  }
}

/** Polls `probe` until it returns true; false when it never did within the time. */
export async function pollUntil(probe: () => Promise<boolean>, timeoutMs = 30_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 100; Date.now() < deadline; delay = Math.min(delay * 2, 2000)) {
    if (await probe()) return true;
    await sleep(delay);
  }
  return false;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { detail: text.slice(0, 500) };
  }
}
