import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Logger } from '@salon/service-kit';
import type { GatewayConfig } from './config';
import type { GatewayMetrics } from './metrics';

/** Who is counted: per user (staff), per customer, per client address (public and provider callbacks). */
export type LimitClass = 'staff' | 'customer' | 'public' | 'provider-callback';

export interface LimitDecision {
  /** X-RateLimit-* headers for the response, limited or not. */
  headers: Record<string, string>;
  /** Set when a limit is exceeded. */
  exceeded?: { detail: string; retryAfterSeconds: number };
}

export interface RateLimits {
  /** Counts one request of `key` in its class against both windows. */
  consume(limitClass: LimitClass, key: string): Promise<LimitDecision>;
  /** Rejects when the shared store is configured but unreachable (reported by /readyz). */
  checkStore(): Promise<void>;
  /** Resolves once the shared store is connected, or after `timeoutMs` (the gateway serves either way). */
  waitForStore(timeoutMs: number): Promise<boolean>;
  readonly storeKind: 'memory' | 'redis';
  close(): Promise<void>;
}

interface Window {
  limiter: RateLimiterAbstract;
  points: number;
  unit: 'minute' | 'hour';
}

const LIMIT_CLASSES: LimitClass[] = ['staff', 'customer', 'public', 'provider-callback'];

/**
 * Two fixed windows per class (a minute and an hour) in rate-limiter-flexible. With REDIS_URL the counters
 * live in Redis, shared by every gateway replica; each Redis limiter has an in-memory insurance limiter with
 * the same limits, so when Redis is down or slow (`RATE_LIMIT_REDIS_TIMEOUT_MS`) the gateway keeps serving
 * and limiting with local counters, logs it once, and counts it in `gateway_rate_limit_fallback_total`.
 */
export function createRateLimits(config: GatewayConfig, logger: Logger, metrics: GatewayMetrics): RateLimits {
  const limitsOf: Record<LimitClass, { perMinute: number; perHour: number }> = {
    staff: config.RATE_LIMIT_STAFF,
    customer: config.RATE_LIMIT_CUSTOMER,
    public: config.RATE_LIMIT_PUBLIC,
    'provider-callback': config.RATE_LIMIT_PROVIDER_CALLBACK,
  };

  const redis = config.REDIS_URL ? connectRedis(config, logger, metrics) : undefined;

  let warnedFallback = false;
  const onFallback = () => {
    metrics.rateLimitFallbacks.inc();
    if (!warnedFallback) {
      warnedFallback = true;
      logger.warn('rate-limit store failed: limiting with local counters until it answers again');
    }
  };
  redis?.on('ready', () => {
    warnedFallback = false;
  });

  const makeWindow = (limitClass: LimitClass, unit: Window['unit'], points: number): Window => {
    const duration = unit === 'minute' ? 60 : 3600;
    const keyPrefix = `${config.RATE_LIMIT_PREFIX}:${limitClass}:${unit}`;
    if (redis === undefined)
      return { unit, points, limiter: new RateLimiterMemory({ points, duration, keyPrefix }) };
    const limiter = new RateLimiterRedis({
      storeClient: redis,
      points,
      duration,
      keyPrefix,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new FallbackLimiter({ points, duration, keyPrefix }, onFallback),
    });
    return { unit, points, limiter };
  };

  const windows = Object.fromEntries(
    LIMIT_CLASSES.map((limitClass) => [
      limitClass,
      [
        makeWindow(limitClass, 'minute', limitsOf[limitClass].perMinute),
        makeWindow(limitClass, 'hour', limitsOf[limitClass].perHour),
      ] as const,
    ]),
  ) as Record<LimitClass, readonly [Window, Window]>;

  return {
    storeKind: redis ? 'redis' : 'memory',
    async consume(limitClass, key) {
      const [minute, hour] = windows[limitClass];
      const [perMinute, perHour] = await Promise.all([count(minute, key), count(hour, key)]);
      const headers = {
        'X-RateLimit-Limit-Minute': String(minute.points),
        'X-RateLimit-Remaining-Minute': String(perMinute.remainingPoints),
        'X-RateLimit-Limit-Hour': String(hour.points),
        'X-RateLimit-Remaining-Hour': String(perHour.remainingPoints),
      };
      // When both are exceeded the hour decides: it is the longer wait.
      const exceeded = perHour.exceeded ? hour : perMinute.exceeded ? minute : undefined;
      if (exceeded === undefined) return { headers };
      const waitMs = (exceeded === hour ? perHour : perMinute).msBeforeNext;
      return {
        headers,
        exceeded: {
          detail: `Rate limit exceeded: ${exceeded.points} requests per ${exceeded.unit}`,
          retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
        },
      };
    },
    async checkStore() {
      if (redis === undefined) return;
      if (redis.status !== 'ready') throw new Error(`redis ${redis.status}`);
      await redis.ping();
    },
    waitForStore(timeoutMs) {
      if (redis === undefined || redis.status === 'ready') return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          redis.off('ready', onReady);
          resolve(false);
        }, timeoutMs);
        const onReady = () => {
          clearTimeout(timer);
          resolve(true);
        };
        redis.once('ready', onReady);
      });
    },
    async close() {
      if (redis === undefined) return;
      redis.disconnect(false);
    },
  };
}

interface Counted {
  remainingPoints: number;
  msBeforeNext: number;
  exceeded: boolean;
}

// rate-limiter-flexible rejects with a RateLimiterRes when the limit is exceeded (the request still counts).
function count(window: Window, key: string): Promise<Counted> {
  return window.limiter.consume(key).then(
    (res) => ({ remainingPoints: res.remainingPoints, msBeforeNext: res.msBeforeNext, exceeded: false }),
    (rejection: unknown) => {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return { remainingPoints: 0, msBeforeNext: rejection.msBeforeNext, exceeded: true };
    },
  );
}

/** The insurance limiter: local counters used only when Redis fails; every use is counted. */
class FallbackLimiter extends RateLimiterMemory {
  constructor(
    options: { points: number; duration: number; keyPrefix: string },
    private readonly onUse: () => void,
  ) {
    super(options);
  }

  override consume(key: string | number, points?: number, options?: { [key: string]: unknown }) {
    this.onUse();
    return super.consume(key, points, options);
  }
}

function connectRedis(config: GatewayConfig, logger: Logger, metrics: GatewayMetrics): Redis {
  const redis = new Redis(config.REDIS_URL as string, {
    // Fail fast instead of queueing while disconnected: the insurance limiter answers meanwhile.
    enableOfflineQueue: false,
    commandTimeout: config.RATE_LIMIT_REDIS_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(100 * 2 ** attempt, 5000),
  });
  metrics.rateLimitStoreUp.set(0);
  let state: 'connecting' | 'up' | 'down' = 'connecting';
  redis.on('ready', () => {
    logger.info(state === 'down' ? 'rate-limit store (redis) is back' : 'rate-limit store (redis) connected');
    state = 'up';
    metrics.rateLimitStoreUp.set(1);
  });
  // Logged once per outage, not on every reconnection attempt.
  const down = (reason: string) => {
    metrics.rateLimitStoreUp.set(0);
    if (state === 'down') return;
    state = 'down';
    logger.warn({ reason }, 'rate-limit store (redis) unreachable: limiting with local counters');
  };
  redis.on('error', (error: Error) => down(error.message));
  redis.on('close', () => down('connection closed'));
  return redis;
}
