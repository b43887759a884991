import CircuitBreaker from 'opossum';
import { circuitBreakerState, type Logger } from '@salon/service-kit';
import type { GatewayConfig } from './config';
import type { ServiceName } from './routes';

/** What a breaker runs: one proxied request, settled when the upstream's response headers arrive. */
export interface BreakerCall<T> {
  start(): Promise<T>;
}

/** Decides which failures are the upstream's (counted) and which are not (4xx answers, clients going away). */
export type CountsAsFailure = (error: unknown) => boolean;

export interface UpstreamBreaker {
  readonly name: string;
  fire<T>(call: BreakerCall<T>): Promise<T>;
  /** Seconds until the open breaker lets a probe through (at least 1). */
  retryAfterSeconds(): number;
  readonly opened: boolean;
  shutdown(): void;
}

const STATE = { closed: 0, halfOpen: 1, open: 2 } as const;

export const isBreakerOpenError = (error: unknown) =>
  error instanceof Error && (error as NodeJS.ErrnoException).code === 'EOPENBREAKER';

export const isBreakerTimeoutError = (error: unknown) =>
  error instanceof Error && (error as NodeJS.ErrnoException).code === 'ETIMEDOUT' && !('syscall' in error);

/**
 * One opossum breaker per upstream service. It needs `BREAKER_VOLUME_THRESHOLD` (≥ 10) requests in the
 * rolling window before it may open, so one early failure cannot; upstream 4xx answers and clients that
 * hang up never count (`countsAsFailure`); its timeout is the upstream timeout, and the proxy aborts the
 * upstream request when it fires. Open, it fails fast; after `BREAKER_RESET_TIMEOUT_MS` one probe is let
 * through (half-open) and its outcome closes or re-opens it.
 */
export function createUpstreamBreaker(
  service: ServiceName,
  config: GatewayConfig,
  timeoutMs: number,
  countsAsFailure: CountsAsFailure,
  logger: Logger,
): UpstreamBreaker {
  const name = `gateway:${service}`;
  const breaker = new CircuitBreaker((call: BreakerCall<unknown>) => call.start(), {
    name,
    timeout: timeoutMs,
    volumeThreshold: Math.max(10, config.BREAKER_VOLUME_THRESHOLD),
    errorThresholdPercentage: config.BREAKER_ERROR_PERCENTAGE,
    resetTimeout: config.BREAKER_RESET_TIMEOUT_MS,
    rollingCountTimeout: config.BREAKER_ROLLING_WINDOW_MS,
    rollingCountBuckets: 10,
    // Latency percentiles are the upstream histogram's job; opossum's would sort arrays on every bucket.
    rollingPercentilesEnabled: false,
    errorFilter: (error: unknown) => !countsAsFailure(error),
  });

  const gauge = circuitBreakerState();
  gauge.set({ breaker: name }, STATE.closed);
  let openedAt = 0;
  breaker.on('open', () => {
    openedAt = Date.now();
    gauge.set({ breaker: name }, STATE.open);
    logger.warn({ breaker: name, upstream: service }, 'circuit breaker opened');
  });
  breaker.on('halfOpen', () => {
    gauge.set({ breaker: name }, STATE.halfOpen);
    logger.info({ breaker: name, upstream: service }, 'circuit breaker half-open: probing');
  });
  breaker.on('close', () => {
    gauge.set({ breaker: name }, STATE.closed);
    logger.info({ breaker: name, upstream: service }, 'circuit breaker closed');
  });

  return {
    name,
    fire: <T>(call: BreakerCall<T>) => breaker.fire(call) as Promise<T>,
    retryAfterSeconds: () =>
      Math.max(1, Math.ceil((openedAt + config.BREAKER_RESET_TIMEOUT_MS - Date.now()) / 1000)),
    get opened() {
      return breaker.opened;
    },
    shutdown: () => breaker.shutdown(),
  };
}
