import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
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
  startRoundRobinFront,
  testAmqpUrl,
  testNamespace,
  testRedisUrl,
  testTokenSigner,
  type RoundRobinFront,
  type TestDatabase,
  type TestKeys,
  type TestResponse,
} from '@salon/testing';
import { freePort } from '@salon/service-kit';
import { SandboxClient, type SandboxChannel } from './sandbox-client';

export type ProcessName = ServiceName | 'gateway' | 'sandbox';

export interface PlatformOptions {
  /**
   * Extra or overriding environment per process, e.g. `{ gateway: { RATE_LIMIT_PUBLIC: '1000/10000' } }`; every
   * replica of a service (every gateway) gets the same.
   */
  env?: Partial<Record<ProcessName, Record<string, string>>>;
  /**
   * Processes per service (default 1, or `E2E_REPLICAS`, which runs any suite scaled out). Above 1, every service runs that many replicas on its one database and
   * the one broker namespace, each on its own ports, behind a round-robin front of its own (the cluster's
   * Service): the gateways and the other services reach it only there. The gateways share their rate-limit
   * counters in Redis, as deployed.
   */
  replicas?: number;
  /**
   * Gateways (default 1 with one replica per service, 2 with more): above 1 they stand behind a round-robin
   * front of their own (the load balancer), which `gateway` names and `request` goes through.
   */
  gateways?: number;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Presents the platform's X-Internal-Token, as the CronJobs and the scheduler do. */
  internal?: boolean;
}

export interface PlatformService {
  /** This replica's own base URL. */
  url: string;
  /** Where the gateways and the other services reach the service: its front, or its one process. */
  frontUrl: string;
  /** Its operations port: `/metrics` and the detailed `/readyz`. */
  metricsUrl: string;
  /** The service's own database; the harness created it and drops it at stop. */
  database: TestDatabase;
  child: PlatformChild;
}

export interface Platform {
  /**
   * The gateway's base URL (`/healthz`, `/readyz`, and the API under `/api/v1`); with several gateways, the
   * round-robin front before them (what the provider sandboxes call back and the public links name).
   */
  gateway: string;
  /** The first gateway's operations port: `/metrics` and the detailed `/readyz`. */
  gatewayMetrics: string;
  /** Each gateway's own base URL (one unless `gateways` asked for more). */
  gateways: string[];
  /** Processes per service. */
  replicas: number;
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
  /** Calls the API through the gateway (round robin over the gateways); `path` is relative to `/api/v1`. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read JSON bodies of many shapes
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  /** A service's replica (the first by default). */
  service(name: ServiceName, replica?: number): PlatformService;
  /**
   * Requests each replica of a service (or each gateway) accepted through its front, in replica order; all
   * zeros with one process, which has no front.
   */
  forwarded(name: ServiceName | 'gateway'): number[];
  /**
   * Runs SQL on a service's own database. For what no API shows (fault tests counting effects, a journey
   * finding a notification id); a test that writes through it says in a comment why no API could do it.
   */
  query<T = Record<string, unknown>>(name: ServiceName, text: string, params?: unknown[]): Promise<T[]>;
  /**
   * Signals a process (SIGKILL for a crash) and waits until it is gone: replica `replica` (default the first)
   * of a service, or that gateway. Its front keeps naming it, as a Service does until the cluster notices.
   */
  kill(name: ProcessName, signal?: NodeJS.Signals, replica?: number): Promise<void>;
  /**
   * Starts a killed process again: same port, database, namespace and secrets; resolves once it is ready.
   */
  restart(name: ProcessName, replica?: number): Promise<void>;
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
 *
 * With `replicas` above 1, each service runs that many processes behind a round-robin front, and two gateways
 * behind another (see `PlatformOptions`): what docs/operations.md ("Several replicas") describes.
 */
export async function startPlatform(options: PlatformOptions = {}): Promise<Platform> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startPlatformOnce(options);
    } catch (error) {
      // A port chosen in advance can be taken by another test process before its server binds it (ports are
      // drawn at random below the ephemeral range, so this is rare): start again with fresh ports.
      if (!(error instanceof PortTakenError) || attempt >= START_ATTEMPTS) throw error;
      process.stderr.write(`e2e: ${error.message}; starting the platform again with other ports\n`);
    }
  }
}

/** How often a platform start that lost a port to another process is tried in all. */
const START_ATTEMPTS = 3;

class PortTakenError extends Error {}

/** Whether a process of the platform failed to listen because its port was taken meanwhile. */
function portTakenIn(logDir: string): boolean {
  return readdirSync(logDir).some((file) => readFileSync(join(logDir, file), 'utf8').includes('EADDRINUSE'));
}

async function startPlatformOnce(options: PlatformOptions): Promise<Platform> {
  const replicas = options.replicas ?? (Number(process.env.E2E_REPLICAS) || 1);
  const gatewayCount = options.gateways ?? (replicas > 1 ? 2 : 1);
  if (!Number.isInteger(replicas) || replicas < 1) throw new Error(`replicas must be 1 or more: ${replicas}`);
  if (!Number.isInteger(gatewayCount) || gatewayCount < 1)
    throw new Error(`gateways must be 1 or more: ${gatewayCount}`);
  assertBuilt([SANDBOX_SCRIPT, GATEWAY_SCRIPT, ...SERVICES.map(serviceScript)]);
  const logDir = mkdtempSync(join(tmpdir(), 'salon-e2e-'));
  const namespace = testNamespace();
  const keys = createTestKeys();
  const internalToken = randomBytes(24).toString('hex');
  const callbackToken = `callback-${randomBytes(16).toString('hex')}`;
  const paymentSecretKey = `sandbox-${randomBytes(8).toString('hex')}`;

  const [databases, ports] = await Promise.all([
    Promise.all(SERVICES.map((name) => createTestDatabase(`e2e_${name}`))),
    allocatePorts(replicas, gatewayCount),
  ]);
  const databaseOf = Object.fromEntries(SERVICES.map((name, i) => [name, databases[i]!])) as Record<
    ServiceName,
    TestDatabase
  >;
  const local = (port: number) => `http://127.0.0.1:${port}`;
  const replicaUrls = (name: ServiceName) => ports.services[name].map((replica) => local(replica.port));
  const gatewayUrls = ports.gateways.map((gateway) => local(gateway.port));

  // The fronts (one per service with several replicas, one before several gateways) listen before any
  // process starts: every address is known up front.
  const fronts: Partial<Record<ServiceName | 'gateway', RoundRobinFront>> = {};
  const startFronts = async () => {
    if (replicas > 1)
      for (const name of SERVICES)
        fronts[name] = await startRoundRobinFront(replicaUrls(name), { port: ports.fronts[name] });
    if (gatewayCount > 1)
      fronts.gateway = await startRoundRobinFront(gatewayUrls, { port: ports.fronts.gateway });
  };
  const closeFronts = () => Promise.all(Object.values(fronts).map((front) => front.close()));
  try {
    await startFronts();
  } catch (error) {
    await closeFronts();
    await Promise.all(databases.map((database) => database.drop()));
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new PortTakenError('a front lost its port', { cause: error });
    throw error;
  }
  const frontUrl = (name: ServiceName) => fronts[name]?.url ?? replicaUrls(name)[0]!;
  const gatewayUrl = fronts.gateway?.url ?? gatewayUrls[0]!;
  const paymentUrl = local(ports.sandbox.payment);
  const listUrls: Record<SandboxChannel, string> = {
    email: `${local(ports.sandbox.smtpList)}/sandbox/messages`,
    whatsapp: `${local(ports.sandbox.whatsapp)}/sandbox/messages`,
    sms: `${local(ports.sandbox.sms)}/sandbox/messages`,
    push: `${local(ports.sandbox.push)}/sandbox/messages`,
  };
  const logLevel = process.env.E2E_LOG_LEVEL ?? 'info';

  const upstreams = Object.fromEntries(
    SERVICES.map((name) => [UPSTREAM_URL_VARIABLES[name], frontUrl(name)]),
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
  // Twelve service processes share one PostgreSQL with whatever else CI runs beside this file (its default
  // max_connections is 100): replicas take smaller pools, about as many connections per service in all.
  const poolSize = replicas > 1 ? '3' : '5';
  // Several gateways count rate limits together in Redis, as deployed (deploy/k8s/secrets.template.yaml).
  const sharedRateLimits: Record<string, string> =
    gatewayCount > 1 ? { REDIS_URL: testRedisUrl(), RATE_LIMIT_PREFIX: `${namespace}:gateway:rl` } : {};

  /** `scheduling.log` for the first replica, `scheduling-1.log` for the second, and so on. */
  const processName = (name: ProcessName, replica: number) => (replica === 0 ? name : `${name}-${replica}`);
  const log = (name: string) => join(logDir, `${name}.log`);
  const children: Record<ProcessName, PlatformChild[]> = {
    sandbox: [
      new PlatformChild({
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
    ],
    gateway: ports.gateways.map((gateway, replica) => {
      const name = processName('gateway', replica);
      return new PlatformChild({
        name,
        script: GATEWAY_SCRIPT,
        env: {
          ...verification,
          ...upstreams,
          ...sharedRateLimits,
          PORT: String(gateway.port),
          METRICS_PORT: String(gateway.metrics),
          ...options.env?.gateway,
        },
        logFile: log(name),
        readyUrls: [`${local(gateway.port)}/readyz`],
        readyStatus: 'ok',
      });
    }),
    ...(Object.fromEntries(
      SERVICES.map((service) => [
        service,
        ports.services[service].map((own, replica) => {
          const name = processName(service, replica);
          return new PlatformChild({
            name,
            script: serviceScript(service),
            env: {
              ...verification,
              PORT: String(own.port),
              METRICS_PORT: String(own.metrics),
              DATABASE_URL: databaseOf[service].url,
              DB_POOL_SIZE: poolSize,
              AMQP_URL: testAmqpUrl(),
              EVENT_NAMESPACE: namespace,
              ...serviceEnv[service],
              ...options.env?.[service],
            },
            logFile: log(name),
            readyUrls: [`${local(own.port)}/readyz`],
            readyStatus: 'ok',
          });
        }),
      ]),
    ) as Record<ServiceName, PlatformChild[]>),
  };
  const everyChild = () => Object.values(children).flat();
  const childOf = (name: ProcessName, replica = 0): PlatformChild => {
    const child = children[name][replica];
    if (!child) throw new Error(`${name} has no replica ${replica} (${children[name].length} running)`);
    return child;
  };

  const stopAll = async () => {
    await Promise.all(everyChild().map((child) => child.stop()));
    await Promise.all(everyChild().map((child) => child.closeLog()));
    await closeFronts();
    await Promise.all(databases.map((database) => database.drop()));
    await deleteBrokerNamespace(namespace).catch(() => undefined);
  };

  // All at once: services retry their broker and peers, and the gateway needs no upstream to be ready.
  try {
    await Promise.all(everyChild().map((child) => child.start()));
  } catch (error) {
    await stopAll();
    if (portTakenIn(logDir)) {
      rmSync(logDir, { recursive: true, force: true });
      throw new PortTakenError('a process lost its port', { cause: error });
    }
    throw new Error(
      `The platform did not start: ${error instanceof Error ? error.message : String(error)}\nLogs: ${logDir}`,
      { cause: error },
    );
  }

  return {
    gateway: gatewayUrl,
    gatewayMetrics: local(ports.gateways[0]!.metrics),
    gateways: gatewayUrls,
    replicas,
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
    service: (name, replica = 0) => {
      const own = ports.services[name][replica];
      if (!own) throw new Error(`${name} has no replica ${replica} (${replicas} running)`);
      return {
        url: local(own.port),
        frontUrl: frontUrl(name),
        metricsUrl: local(own.metrics),
        database: databaseOf[name],
        child: childOf(name, replica),
      };
    },
    forwarded: (name) => {
      const urls = name === 'gateway' ? gatewayUrls : replicaUrls(name);
      return urls.map((url) => fronts[name]?.forwarded.get(url) ?? 0);
    },
    query: <T>(name: ServiceName, text: string, params?: unknown[]) =>
      databaseOf[name].db.withRawTx((session) => session.query<T>(text, params)),
    kill: (name, signal = 'SIGTERM', replica = 0) => childOf(name, replica).kill(signal),
    restart: (name, replica = 0) => childOf(name, replica).start(),
    async stop() {
      await stopAll();
      // Logs stay when asked for (E2E_KEEP_LOGS=1) or when a process died on its own.
      const crashed = everyChild().filter((child) => child.crashed);
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

/** A process's two ports: its API and its operations port (`/metrics`, the detailed `/readyz`). */
interface ProcessPorts {
  port: number;
  metrics: number;
}

async function allocatePorts(replicas: number, gatewayCount: number) {
  const taken = new Set<number>();
  const next = async (): Promise<number> => {
    const port = await freePort();
    if (taken.has(port)) return next(); // the OS may hand a just-released port out again
    taken.add(port);
    return port;
  };
  const processPorts = async (): Promise<ProcessPorts> => ({ port: await next(), metrics: await next() });
  const sandbox = {
    payment: await next(),
    smtp: await next(),
    smtpList: await next(),
    whatsapp: await next(),
    sms: await next(),
    push: await next(),
  };
  const services = {} as Record<ServiceName, ProcessPorts[]>;
  const fronts = {} as Record<ServiceName | 'gateway', number>;
  for (const name of SERVICES) {
    services[name] = [];
    for (let replica = 0; replica < replicas; replica += 1) services[name].push(await processPorts());
    fronts[name] = await next();
  }
  const gateways: ProcessPorts[] = [];
  for (let gateway = 0; gateway < gatewayCount; gateway += 1) gateways.push(await processPorts());
  fronts.gateway = await next();
  return { sandbox, services, gateways, fronts };
}
