import { z } from 'zod';
import { commonConfigSchema, intQuery, loadConfig } from '@salon/service-kit';
import type { ServiceName } from './routes';

const upstreamUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

/** "100/1000": requests per minute / per hour. */
const limitPair = z
  .string()
  .regex(/^\d+\/\d+$/, { error: 'must be "<per minute>/<per hour>", e.g. 100/1000' })
  .transform((value) => {
    const [perMinute, perHour] = value.split('/').map(Number) as [number, number];
    return { perMinute, perHour };
  })
  .refine((pair) => pair.perMinute >= 1 && pair.perHour >= pair.perMinute, {
    error: 'per minute must be at least 1 and per hour at least per minute',
  });

const positiveInt = (min = 1) => intQuery.pipe(z.int().min(min));

/**
 * Express's "trust proxy": `false` (default: the client address is the socket's), `true`, a number of hops,
 * or a comma-separated list of addresses and subnets (`loopback, 10.0.0.0/8`).
 */
const trustProxy = z.string().transform((value): boolean | number | string => {
  const trimmed = value.trim();
  if (trimmed === 'true') return true;
  if (trimmed === 'false') return false;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  return trimmed;
});

export const gatewayConfigSchema = commonConfigSchema
  .pick({
    NODE_ENV: true,
    LOG_LEVEL: true,
    PORT: true,
    METRICS_PORT: true,
    JWT_PUBLIC_KEY: true,
    JWT_JWKS_URL: true,
    JWT_JWKS_MAX_AGE_SECONDS: true,
    JWT_ISSUER: true,
    JWT_AUDIENCE: true,
    INTERNAL_TOKEN: true,
  })
  .extend({
    // Upstream base URLs; an unset one answers 503 "<service> is temporarily unavailable".
    IDENTITY_URL: upstreamUrl.optional(),
    CATALOG_URL: upstreamUrl.optional(),
    SCHEDULING_URL: upstreamUrl.optional(),
    COMMERCE_URL: upstreamUrl.optional(),
    BILLING_URL: upstreamUrl.optional(),
    NOTIFICATIONS_URL: upstreamUrl.optional(),
    UPSTREAM_TIMEOUT_MS: positiveInt().default(10_000),
    BODY_LIMIT_BYTES: positiveInt().default(1024 * 1024),

    // Rate limits: memory by default, Redis (shared by replicas) when REDIS_URL is set.
    REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
    RATE_LIMIT_PREFIX: z.string().min(1).default('salon:gateway:rl'),
    RATE_LIMIT_REDIS_TIMEOUT_MS: positiveInt().default(250),
    RATE_LIMIT_STAFF: limitPair.default({ perMinute: 100, perHour: 1000 }),
    RATE_LIMIT_CUSTOMER: limitPair.default({ perMinute: 60, perHour: 600 }),
    RATE_LIMIT_PUBLIC: limitPair.default({ perMinute: 30, perHour: 300 }),
    RATE_LIMIT_PROVIDER_CALLBACK: limitPair.default({ perMinute: 6000, perHour: 120_000 }),
    TRUST_PROXY: trustProxy.default(false),

    // Verified-token cache (entries); 0 verifies every request's signature.
    AUTH_CACHE_SIZE: positiveInt(0).default(10_000),

    // One breaker per upstream.
    BREAKER_VOLUME_THRESHOLD: positiveInt(10).default(20),
    BREAKER_ERROR_PERCENTAGE: positiveInt().pipe(z.int().max(100)).default(50),
    BREAKER_RESET_TIMEOUT_MS: positiveInt().default(10_000),
    BREAKER_ROLLING_WINDOW_MS: positiveInt(100).default(10_000),

    // Browsers: a comma-separated list of allowed origins, or "*"; unset means no CORS headers.
    CORS_ORIGINS: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter((origin) => origin !== ''),
      )
      .optional(),

    // How often the list of ended sessions is read from identity (a revoked token works at most this long).
    SESSION_REVOCATION_POLL_MS: positiveInt(50).default(250),

    // Server keep-alive: longer than the idle timeout of the load balancer in front (AWS ALB: 60 s).
    KEEP_ALIVE_TIMEOUT_MS: positiveInt().default(65_000),
  });

export type GatewayConfig = z.output<typeof gatewayConfigSchema>;

export const UPSTREAM_URL_VARIABLES: Record<ServiceName, keyof GatewayConfig> = {
  identity: 'IDENTITY_URL',
  catalog: 'CATALOG_URL',
  scheduling: 'SCHEDULING_URL',
  commerce: 'COMMERCE_URL',
  billing: 'BILLING_URL',
  notifications: 'NOTIFICATIONS_URL',
};

export const upstreamUrlOf = (config: GatewayConfig, service: ServiceName): string | undefined =>
  config[UPSTREAM_URL_VARIABLES[service]] as string | undefined;

/** Reads the gateway's configuration; stops with a message naming every missing or invalid variable. */
export const loadGatewayConfig = (env: Record<string, string | undefined> = process.env): GatewayConfig =>
  loadConfig(gatewayConfigSchema, env);
