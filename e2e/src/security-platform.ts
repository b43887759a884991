import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import {
  createTestKeys,
  createTestDatabase,
  deleteBrokerNamespace,
  testAmqpUrl,
  testNamespace,
  type TestResponse,
} from '@salon/testing';
import { startPlatform, type RunningPlatform } from '../../embedded/src/platform';
import type { PlatformSecrets } from '../../embedded/src/secrets';

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** Sent as is (not JSON-encoded) when given. */
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
}

/** A response with its JSON body (loosely typed, as the test harness's) and its raw text. */
export type SecurityResponse = TestResponse & { text: string };

export interface SecurityPlatform {
  url: string;
  platform: RunningPlatform;
  /** One request through the gateway; `path` is relative to /api/v1 and may carry a query string. */
  call(method: string, path: string, options?: CallOptions): Promise<SecurityResponse>;
  stop(): Promise<void>;
}

/**
 * Gateway settings that keep the rate limits out of the way: for suites sending about a thousand requests from
 * one address and a handful of users (the rate-limit suite keeps the real defaults).
 */
export const UNLIMITED_RATES = {
  RATE_LIMIT_STAFF: '1000000/10000000',
  RATE_LIMIT_CUSTOMER: '1000000/10000000',
  RATE_LIMIT_PUBLIC: '1000000/10000000',
};

/**
 * The whole platform as attackers meet it: every service and the gateway in this process (`startPlatform`),
 * on a fresh PostgreSQL database and its own RabbitMQ namespace, with a data dir of its own so the test knows
 * the signing keys and the internal token. `gatewayEnv` reaches the gateway (e.g. raised RATE_LIMIT_*).
 */
export async function startSecurityPlatform(
  gatewayEnv: Record<string, string> = {},
): Promise<SecurityPlatform> {
  const database = await createTestDatabase('security');
  const namespace = testNamespace();
  const dataDir = mkdtempSync(join(tmpdir(), 'salon-security-'));
  // Secrets made here rather than by the platform, which would announce new ones on stderr.
  const keys = createTestKeys();
  const secrets: PlatformSecrets = {
    jwtPublicKeyPem: keys.publicKeyPem,
    jwtPrivateKeyPem: keys.privateKeyPem,
    internalToken: randomBytes(24).toString('hex'),
    superAdminEmail: 'admin@security.example',
    superAdminPassword: randomBytes(12).toString('base64url'),
    paymentCallbackToken: randomBytes(24).toString('hex'),
  };
  writeFileSync(join(dataDir, 'secrets.json'), JSON.stringify(secrets));
  const platform = await startPlatform({
    dataDir,
    port: 0,
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    databaseUrl: database.url,
    amqpUrl: testAmqpUrl(),
    eventNamespace: namespace,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', ...gatewayEnv },
  });
  return {
    url: platform.url,
    platform,
    async call(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
      let body: string | Buffer | undefined = options.rawBody;
      if (body === undefined && options.body !== undefined) body = JSON.stringify(options.body);
      if (body !== undefined) headers['content-type'] ??= 'application/json';
      const response = await fetch(`${platform.url}/api/v1${path}`, { method, headers, body });
      // An event stream never ends: its status and headers are the answer.
      const streaming = response.ok && response.headers.get('content-type')?.startsWith('text/event-stream');
      if (streaming) await response.body?.cancel();
      const text = streaming ? '' : await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON: keep the text
      }
      return {
        status: response.status,
        body: parsed as TestResponse['body'],
        headers: response.headers,
        text,
      };
    },
    async stop() {
      await platform.stop();
      await database.drop();
      await deleteBrokerNamespace(namespace);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
