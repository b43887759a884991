import pino from 'pino';
import { startService, type RunningService, type ServiceDefinition } from '@salon/runtime';
import { loadConfig, startMetricsServer, type CommonConfig, type TokenSigner } from '@salon/service-kit';
import { createTestBus, type TestBus } from './broker';
import { createTestDatabase, type TestDatabase } from './database';
import { testAmqpUrl } from './infrastructure';
import { TEST_AUDIENCE, TEST_ISSUER, createTestKeys, testTokenSigner, type TestKeys } from './tokens';

export const TEST_INTERNAL_TOKEN = 'test-internal-token-0123456789abcdef';

export interface TestResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestService {
  url: string;
  /** The service's operations port: `/metrics` and the detailed `/readyz`, as in a deployment. */
  metricsUrl: string;
  running: RunningService;
  database: TestDatabase;
  testBus: TestBus;
  keys: TestKeys;
  signer: TokenSigner;
  /** Calls the service over real HTTP; `token` becomes the Bearer header. */
  request<T = any>(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<TestResponse<T>>;
  stop(): Promise<void>;
}

/** One HTTP call with a JSON body; the answer's body is parsed as JSON when it is JSON, else kept as text. */
export async function httpRequest<T = any>(
  url: string,
  method: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<TestResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: body as T, headers: response.headers };
}

export interface TestServiceOptions {
  /**
   * Another replica of a service already started: its database is shared (and left for its owner to drop),
   * as replicas in a rolling deployment share theirs.
   */
  database?: TestDatabase;
}

/**
 * A service as its API tests meet it: its own fresh PostgreSQL database, its own broker namespace, real
 * signed tokens from a key pair made for the run, listening on a free port.
 */
export async function startTestService<C extends CommonConfig>(
  definition: ServiceDefinition<C>,
  env: Record<string, string> = {},
  options: TestServiceOptions = {},
): Promise<TestService> {
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const keys = createTestKeys();
  const database = options.database ?? (await createTestDatabase(definition.name));
  const testBus = await createTestBus({ logger });
  const config = loadConfig(definition.configSchema, {
    JWT_PUBLIC_KEY: keys.publicKeyPem,
    JWT_PRIVATE_KEY: keys.privateKeyPem,
    JWT_ISSUER: TEST_ISSUER,
    JWT_AUDIENCE: TEST_AUDIENCE,
    INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
    DATABASE_URL: database.url,
    AMQP_URL: testAmqpUrl(),
    EVENT_NAMESPACE: testBus.namespace,
    LOG_LEVEL: 'silent',
    // Password hashing at 2^12 instead of production's 2^17 (about a second and 128 MiB per hash): identity
    // only, ignored by the others. Its default and the rehash to it are tested in identity's auth suite.
    PASSWORD_HASH_COST_LOG2: '12',
    ...env,
  });
  const running = await startService(definition, { config, db: database.db, bus: testBus.bus, logger });
  const metrics = await startMetricsServer({ port: 0, readiness: running.readiness });
  return {
    url: running.url,
    metricsUrl: metrics.url,
    running,
    database,
    testBus,
    keys,
    signer: testTokenSigner(keys),
    async request(method, path, options = {}) {
      return httpRequest(`${running.url}${path}`, method, options);
    },
    async stop() {
      await metrics.close();
      await running.stop();
      await testBus.destroy();
      if (options.database === undefined) await database.drop();
    },
  };
}
