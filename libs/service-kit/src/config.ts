import { createPrivateKey, createPublicKey } from 'node:crypto';
import { z } from 'zod';
import { pemBlocksOf } from './jwt-keys';
import type { TokenVerifierOptions } from './token-verifier';
import { retentionDays } from './retention';
import { intQuery } from './zod-helpers';

/** Thrown at start-up when the environment is incomplete; the message names every bad variable. */
export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

type Env = Record<string, string | undefined>;

/**
 * Parses the environment with a schema (usually `commonConfigSchema.extend({...})`). Empty values count as
 * unset, so `DATABASE_URL=` in a compose file means "not configured" and a required secret fails loudly.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: Env = process.env): z.output<S> {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = schema.safeParse(present, { reportInput: true });
  if (result.success) return result.data;
  throw new ConfigError(result.error.issues.map(describeProblem));
}

// Never echoes the value: configuration holds secrets.
function describeProblem(issue: z.core.$ZodIssue): string {
  const name = issue.path.map(String).join('.') || '(environment)';
  const missing = issue.code === 'invalid_type' && 'input' in issue && issue.input === undefined;
  return `${name}: ${missing ? 'required' : issue.message}`;
}

/** PEM text from an env var; literal "\n" sequences (how one-line env files carry PEM) become newlines. */
const pem = z
  .string()
  .transform((value) => value.replace(/\\n/g, '\n').replace(/\r\n/g, '\n').trim())
  .refine((value) => /^-----BEGIN [A-Z0-9 ]+-----\n[\s\S]+\n-----END [A-Z0-9 ]+-----$/.test(value), {
    error: 'must be a PEM block (-----BEGIN ...----- ... -----END ...-----)',
    abort: true, // no point checking the key of something that is not PEM
  });

const parses = (load: (key: string) => unknown) => (value: string) => {
  try {
    load(value);
    return true;
  } catch {
    return false;
  }
};

/**
 * One PEM public key, or several concatenated (each one accepted by the verifier, e.g. the current and the
 * next signing key during a rotation). The output is the normalized text; `pemBlocksOf` splits it.
 */
export const publicKeyPemSchema = pem.refine(
  (value) => {
    const blocks = pemBlocksOf(value);
    return (
      blocks.length > 0 &&
      blocks.join('\n') === value.replace(/\n+/g, '\n') &&
      blocks.every(parses(createPublicKey))
    );
  },
  { error: 'must be one or more PEM public keys' },
);
export const privateKeyPemSchema = pem.refine(parses(createPrivateKey), {
  error: 'must be a PEM private key',
});

export const commonConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PORT: intQuery.pipe(z.int().min(0).max(65535)).default(8080),
  /**
   * The operations port: `/metrics` and the detailed `/readyz`, kept off the public PORT so that nothing
   * routed to the API reaches them. 9464 is OpenTelemetry's Prometheus exporter port; 0 takes a free one.
   */
  METRICS_PORT: intQuery.pipe(z.int().min(0).max(65535)).default(9464),
  DATABASE_URL: z.string().optional(),
  /**
   * Migrate-only mode: the role the services connect as, granted read and write on the schema's tables and
   * nothing else. The migration Job connects as the schema's owner (its own DATABASE_URL); unset: no grants.
   */
  DATABASE_RUNTIME_ROLE: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/, { error: 'must be a lowercase SQL identifier' })
    .optional(),
  /** Connections per process; callers waiting on a row or advisory lock hold one each. */
  DB_POOL_SIZE: intQuery.pipe(z.int().min(1).max(200)).default(10),
  /**
   * The broker, or every node of a RabbitMQ cluster as a comma-separated list
   * (`amqp://u:p@rabbit-0:5672,amqp://u:p@rabbit-1:5672,…`): the bus connects to the first it reaches and
   * fails over to the next when its connection is lost.
   */
  AMQP_URL: z.string().optional(),
  /**
   * Members of each quorum queue (`x-quorum-initial-group-size`), e.g. 3 on a three-node cluster; unset:
   * the broker's default. Fixed when a namespace's queues are created (docs/operations.md, Several replicas).
   */
  AMQP_QUORUM_GROUP_SIZE: intQuery.pipe(z.int().min(1).max(7)).optional(),
  EVENT_NAMESPACE: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_.-]*$/, { error: 'must be lowercase letters, digits, ".", "_" or "-"' })
    .default('salon'),
  /** The public keys tokens may be signed with: one PEM or several concatenated (all accepted). */
  JWT_PUBLIC_KEY: publicKeyPemSchema,
  /**
   * Optional: identity's JWKS document (`http://identity:8080/internal/jwks`, fetched with INTERNAL_TOKEN),
   * loaded at start and refetched when a token names an unknown `kid`, so a new key needs no restart.
   */
  JWT_JWKS_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /** How old the loaded JWKS document may get before it is refetched in the background (default 300). */
  JWT_JWKS_MAX_AGE_SECONDS: intQuery.pipe(z.int().min(1)).optional(),
  JWT_ISSUER: z.string().default('salon-identity'),
  JWT_AUDIENCE: z.string().default('salon-api'),
  INTERNAL_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }),
  /** Days an inbox row is kept after its event was handled: longer than the broker could still redeliver it. */
  RETENTION_INBOX_DAYS: retentionDays(14),
});

export type CommonConfig = z.output<typeof commonConfigSchema>;

/** The verifier's options from a process's configuration: its keys and, when configured, the JWKS source. */
export function tokenVerifierOptionsOf(
  config: Pick<
    CommonConfig,
    | 'JWT_PUBLIC_KEY'
    | 'JWT_ISSUER'
    | 'JWT_AUDIENCE'
    | 'INTERNAL_TOKEN'
    | 'JWT_JWKS_URL'
    | 'JWT_JWKS_MAX_AGE_SECONDS'
  >,
  onJwksError?: (error: unknown) => void,
): TokenVerifierOptions {
  return {
    publicKeyPem: config.JWT_PUBLIC_KEY,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    ...(config.JWT_JWKS_URL === undefined
      ? {}
      : {
          jwks: {
            url: config.JWT_JWKS_URL,
            internalToken: config.INTERNAL_TOKEN,
            ...(config.JWT_JWKS_MAX_AGE_SECONDS === undefined
              ? {}
              : { maxAgeMs: config.JWT_JWKS_MAX_AGE_SECONDS * 1000 }),
            ...(onJwksError ? { onError: onJwksError } : {}),
          },
        }),
  };
}
