import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PREFIX, SERVICES, UPSTREAM_URL_VARIABLES, type ServiceName } from '@salon/gateway';
import {
  FCM_SANDBOX_CREDENTIALS,
  TWILIO_SANDBOX_CREDENTIALS,
  WHATSAPP_SANDBOX_CREDENTIALS,
} from '@salon/notifications';
import {
  assertBuilt,
  PlatformChild,
  TEST_AUDIENCE,
  TEST_ISSUER,
  createTestDatabase,
  createTestKeys,
  deleteBrokerNamespace,
  httpRequest,
  testAmqpUrl,
  testNamespace,
  testTokenSigner,
  type TestDatabase,
  type TestKeys,
  type TestResponse,
} from '@salon/testing';
import { freePort } from '@salon/service-kit';
import { SandboxClient, type SandboxChannel } from './sandbox-client';

export type ProcessName = ServiceName | 'gateway' | 'sandbox';

export interface PlatformOptions {
  /** Extra or overriding environment per process, e.g. `{ gateway: { RATE_LIMIT_PUBLIC: '1000/10000' } }`. */
  env?: Partial<Record<ProcessName, Record<string, string>>>;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Presents the platform's X-Internal-Token, as the CronJobs and the scheduler do. */
  internal?: boolean;
}

export interface PlatformService {
  url: string;
  /** Its operations port: `/metrics` and the detailed `/readyz`. */
  metricsUrl: string;
  /** The service's own database; the harness created it and drops it at stop. */
  database: TestDatabase;
  child: PlatformChild;
}

export interface Platform {
  /** The gateway's base URL (`/healthz`, `/readyz`, and the API under `/api/v1`). */
  gateway: string;
  /** The gateway's operations port: `/metrics` and the detailed `/readyz`. */
  gatewayMetrics: string;
  internalToken: string;
  /** The token the payment provider sandbox signs its callbacks with (a test replaying a provider's retries). */
  callbackToken: string;
  /** The broker namespace of this platform's exchanges and queues (a test may listen to its events). */
  eventNamespace: string;
  keys: TestKeys;
  /** Mints tokens with the platform's own key pair (expired, forged-role and similar tokens for attacks). */
  signer: ReturnType<typeof testTokenSigner>;
  /** Where each process's stdout and stderr are written. */
  logDir: string;
  sandbox: SandboxClient;
  /** Calls the API through the gateway; `path` is relative to `/api/v1`. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read JSON bodies of many shapes
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  service(name: ServiceName): PlatformService;
  /**
   * Runs SQL on a service's own database. For what no API shows (fault tests counting effects, a journey
   * finding a notification id); a test that writes through it says in a comment why no API could do it.
   */
  query<T = Record<string, unknown>>(name: ServiceName, text: string, params?: unknown[]): Promise<T[]>;
  /** Signals a process (SIGKILL for a crash) and waits until it is gone. */
  kill(name: ProcessName, signal?: NodeJS.Signals): Promise<void>;
  /** Starts a killed process again: same port, database, namespace and secrets; resolves once it is ready. */
  restart(name: ProcessName): Promise<void>;
  stop(): Promise<void>;
}

const SANDBOX_SCRIPT = 'embedded/dist/sandbox-main.js';
const GATEWAY_SCRIPT = 'gateway/dist/main.js';
const serviceScript = (name: ServiceName) => `services/${name}/dist/main.js`;

/**
 * The distributed platform for one test file: the provider sandboxes, the six services and the gateway, each
 * in its own OS process started from `dist/`, on real PostgreSQL (a fresh database per service) and RabbitMQ
 * (a namespace of its own), with a key pair and internal credentials made for this run. Every port is chosen
 * before anything starts, so all processes start at once and a restarted one comes back where it was.
 */
export async function startPlatform(options: PlatformOptions = {}): Promise<Platform> {
  assertBuilt([SANDBOX_SCRIPT, GATEWAY_SCRIPT, ...SERVICES.map(serviceScript)]);
  const logDir = mkdtempSync(join(tmpdir(), 'salon-e2e-'));
  const namespace = testNamespace();
  const keys = createTestKeys();
  const internalToken = randomBytes(24).toString('hex');
  const callbackToken = `callback-${randomBytes(16).toString('hex')}`;
  const paymentSecretKey = `sandbox-${randomBytes(8).toString('hex')}`;

  const [databases, ports] = await Promise.all([
    Promise.all(SERVICES.map((name) => createTestDatabase(`e2e_${name}`))),
    allocatePorts(),
  ]);
  const databaseOf = Object.fromEntries(SERVICES.map((name, i) => [name, databases[i]!])) as Record<
    ServiceName,
    TestDatabase
  >;
  const local = (port: number) => `http://127.0.0.1:${port}`;
  const gatewayUrl = local(ports.gateway);
  const serviceUrl = (name: ServiceName) => local(ports.services[name]);
  const paymentUrl = local(ports.sandbox.payment);
  const listUrls: Record<SandboxChannel, string> = {
    email: `${local(ports.sandbox.smtpList)}/sandbox/messages`,
    whatsapp: `${local(ports.sandbox.whatsapp)}/sandbox/messages`,
    sms: `${local(ports.sandbox.sms)}/sandbox/messages`,
    push: `${local(ports.sandbox.push)}/sandbox/messages`,
  };
  const logLevel = process.env.E2E_LOG_LEVEL ?? 'info';

  const upstreams = Object.fromEntries(
    SERVICES.map((name) => [UPSTREAM_URL_VARIABLES[name], serviceUrl(name)]),
  ) as Record<string, string>;
  const verification = {
    JWT_PUBLIC_KEY: keys.publicKeyPem,
    JWT_ISSUER: TEST_ISSUER,
    JWT_AUDIENCE: TEST_AUDIENCE,
    INTERNAL_TOKEN: internalToken,
    LOG_LEVEL: logLevel,
  };
  const provider = { PAYMENT_PROVIDER_URL: paymentUrl, PAYMENT_PROVIDER_SECRET_KEY: paymentSecretKey };
  // What each service needs beyond the common settings (see each services/*/src/config.ts).
  const serviceEnv: Record<ServiceName, Record<string, string>> = {
    identity: {
      JWT_PRIVATE_KEY: keys.privateKeyPem,
      SUPER_ADMIN_EMAIL: 'admin@e2e.example',
      SUPER_ADMIN_PASSWORD: randomBytes(12).toString('base64url'),
      SCHEDULING_URL: upstreams.SCHEDULING_URL!,
      COMMERCE_URL: upstreams.COMMERCE_URL!,
      // Tests hash at 2^12 for speed; production's default is 2^17 (services/identity/src/config.ts).
      PASSWORD_HASH_COST_LOG2: '12',
      ...provider,
    },
    catalog: {},
    scheduling: { COMMERCE_URL: upstreams.COMMERCE_URL! },
    commerce: {
      ...provider,
      PAYMENT_CALLBACK_TOKEN: callbackToken,
      PUBLIC_BASE_URL: gatewayUrl,
      SCHEDULING_URL: upstreams.SCHEDULING_URL!,
    },
    billing: { COMMERCE_URL: upstreams.COMMERCE_URL! },
    notifications: {
      SMTP_URL: `smtp://127.0.0.1:${ports.sandbox.smtp}`,
      WHATSAPP_API_URL: local(ports.sandbox.whatsapp),
      ...WHATSAPP_SANDBOX_CREDENTIALS,
      SMS_API_URL: local(ports.sandbox.sms),
      ...TWILIO_SANDBOX_CREDENTIALS,
      FCM_API_URL: local(ports.sandbox.push),
      FCM_TOKEN_URL: `${local(ports.sandbox.push)}/token`,
      ...FCM_SANDBOX_CREDENTIALS,
      PUBLIC_BASE_URL: gatewayUrl,
    },
  };

  const log = (name: ProcessName) => join(logDir, `${name}.log`);
  const children: Record<ProcessName, PlatformChild> = {
    sandbox: new PlatformChild({
      name: 'sandbox',
      script: SANDBOX_SCRIPT,
      env: {
        HOST: '127.0.0.1',
        PAYMENT_PORT: String(ports.sandbox.payment),
        PAYMENT_SECRET_KEY: paymentSecretKey,
        PAYMENT_CALLBACK_TOKEN: callbackToken,
        SMTP_PORT: String(ports.sandbox.smtp),
        SMTP_LIST_PORT: String(ports.sandbox.smtpList),
        WHATSAPP_PORT: String(ports.sandbox.whatsapp),
        WHATSAPP_CALLBACK_URL: `${gatewayUrl}${API_PREFIX}/webhooks/whatsapp`,
        SMS_PORT: String(ports.sandbox.sms),
        PUSH_PORT: String(ports.sandbox.push),
        LOG_LEVEL: logLevel,
        ...options.env?.sandbox,
      },
      logFile: log('sandbox'),
      // The provider answers 401 on its API root once it listens; the listings answer 200.
      readyUrls: [paymentUrl, ...Object.values(listUrls)],
      readyStatus: 'any',
    }),
    gateway: new PlatformChild({
      name: 'gateway',
      script: GATEWAY_SCRIPT,
      env: {
        ...verification,
        ...upstreams,
        PORT: String(ports.gateway),
        METRICS_PORT: String(ports.metrics.gateway),
        ...options.env?.gateway,
      },
      logFile: log('gateway'),
      readyUrls: [`${gatewayUrl}/readyz`],
      readyStatus: 'ok',
    }),
    ...(Object.fromEntries(
      SERVICES.map((name) => [
        name,
        new PlatformChild({
          name,
          script: serviceScript(name),
          env: {
            ...verification,
            PORT: String(ports.services[name]),
            METRICS_PORT: String(ports.metrics[name]),
            DATABASE_URL: databaseOf[name].url,
            DB_POOL_SIZE: '5',
            AMQP_URL: testAmqpUrl(),
            EVENT_NAMESPACE: namespace,
            ...serviceEnv[name],
            ...options.env?.[name],
          },
          logFile: log(name),
          readyUrls: [`${serviceUrl(name)}/readyz`],
          readyStatus: 'ok',
        }),
      ]),
    ) as Record<ServiceName, PlatformChild>),
  };

  const stopAll = async () => {
    await Promise.all(Object.values(children).map((child) => child.stop()));
    await Promise.all(Object.values(children).map((child) => child.closeLog()));
    await Promise.all(databases.map((database) => database.drop()));
    await deleteBrokerNamespace(namespace).catch(() => undefined);
  };

  // All at once: services retry their broker and peers, and the gateway needs no upstream to be ready.
  try {
    await Promise.all(Object.values(children).map((child) => child.start()));
  } catch (error) {
    await stopAll();
    throw new Error(
      `The platform did not start: ${error instanceof Error ? error.message : String(error)}\nLogs: ${logDir}`,
      { cause: error },
    );
  }

  return {
    gateway: gatewayUrl,
    gatewayMetrics: local(ports.metrics.gateway),
    internalToken,
    callbackToken,
    eventNamespace: namespace,
    keys,
    signer: testTokenSigner(keys),
    logDir,
    sandbox: new SandboxClient({ paymentUrl, listUrls }),
    request: (method, path, requestOptions = {}) =>
      httpRequest(`${gatewayUrl}${API_PREFIX}${path}`, method, {
        ...requestOptions,
        headers: {
          ...(requestOptions.internal ? { 'x-internal-token': internalToken } : {}),
          ...requestOptions.headers,
        },
      }),
    service: (name) => ({
      url: serviceUrl(name),
      metricsUrl: local(ports.metrics[name]),
      database: databaseOf[name],
      child: children[name],
    }),
    query: <T>(name: ServiceName, text: string, params?: unknown[]) =>
      databaseOf[name].db.withRawTx((session) => session.query<T>(text, params)),
    kill: (name, signal = 'SIGTERM') => children[name].kill(signal),
    restart: (name) => children[name].start(),
    async stop() {
      await stopAll();
      // Logs stay when asked for (E2E_KEEP_LOGS=1) or when a process died on its own.
      const crashed = Object.values(children).filter((child) => child.crashed);
      if (process.env.E2E_KEEP_LOGS === '1' || crashed.length > 0) {
        if (crashed.length > 0)
          process.stderr.write(
            `e2e: ${crashed.map((child) => child.spec.name).join(', ')} exited unexpectedly; logs in ${logDir}\n`,
          );
      } else {
        rmSync(logDir, { recursive: true, force: true });
      }
    },
  };
}

async function allocatePorts() {
  const taken = new Set<number>();
  const next = async (): Promise<number> => {
    const port = await freePort();
    if (taken.has(port)) return next(); // the OS may hand a just-released port out again
    taken.add(port);
    return port;
  };
  const sandbox = {
    payment: await next(),
    smtp: await next(),
    smtpList: await next(),
    whatsapp: await next(),
    sms: await next(),
    push: await next(),
  };
  const services = {} as Record<ServiceName, number>;
  const metrics = {} as Record<ServiceName | 'gateway', number>;
  for (const name of SERVICES) {
    services[name] = await next();
    metrics[name] = await next();
  }
  metrics.gateway = await next();
  return { sandbox, services, gateway: await next(), metrics };
}
