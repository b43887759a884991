import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, newId, startMetricsServer, type Logger } from '@salon/service-kit';
import { REVOKED_SESSIONS_PATH } from '@salon/contracts';
import { createTestKeys, testTokenSigner, type TestKeys } from '@salon/testing';
import { createGateway, loadGatewayConfig, type Gateway } from '../src';

export const INTERNAL_TOKEN = 'internal-token-for-gateway-tests-0123456789';

export const keys: TestKeys = createTestKeys();
export const signer = testTokenSigner(keys);

export const tenantId = newId();
export const staffToken = (overrides: { sub?: string; ttlSeconds?: number } = {}) =>
  signer.signStaffAccess(
    { sub: overrides.sub ?? newId(), role: 'TENANT_ADMIN', tenant_id: tenantId, outlet_ids: [] },
    overrides.ttlSeconds,
  );
export const customerToken = (overrides: { sub?: string; ttlSeconds?: number } = {}) =>
  signer.signCustomerAccess(
    { sub: overrides.sub ?? newId(), tenant_id: tenantId, session_id: newId() },
    overrides.ttlSeconds,
  );

/** What the echo upstream saw of a request. */
export interface Echo {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  bodyBytes: number;
  body: string;
}

export type UpstreamHandler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;

/** Answers 200 with what it received: method, URL, headers and body. */
export const echo: UpstreamHandler = (req, res, body) => {
  const seen: Echo = {
    method: req.method ?? '',
    url: req.url ?? '',
    headers: req.headers,
    bodyBytes: body.length,
    body: body.length <= 4096 ? body.toString('utf8') : '',
  };
  res.writeHead(200, { 'content-type': 'application/json', 'x-upstream': 'echo' });
  res.end(JSON.stringify(seen));
};

export interface RunningUpstream {
  url: string;
  /** Swap the behaviour at any time (echo by default). */
  handler: UpstreamHandler;
  /** Requests proxied to it (identity's list of ended sessions, which the gateway polls, is not counted). */
  requests: number;
  /** What it answers, as identity does, to the gateway's poll of ended sessions. */
  revokedSessions: Array<{ session_id: string; until: string }>;
  close(): Promise<void>;
}

/** A small real HTTP server on port 0 standing in for a service. */
export async function startUpstream(): Promise<RunningUpstream> {
  const upstream: Partial<RunningUpstream> &
    Pick<RunningUpstream, 'handler' | 'requests' | 'revokedSessions'> = {
    handler: echo,
    requests: 0,
    revokedSessions: [],
  };
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url?.startsWith(REVOKED_SESSIONS_PATH)) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ now: new Date().toISOString(), sessions: upstream.revokedSessions }));
      return;
    }
    upstream.requests += 1;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => upstream.handler(req, res, Buffer.concat(chunks)));
  });
  const url = await listenOn(server);
  upstream.url = url;
  upstream.close = () => closeAll(server);
  return upstream as RunningUpstream;
}

export interface RunningGateway {
  url: string;
  /** The operations port: `/metrics` and the detailed `/readyz`. */
  metricsUrl: string;
  gateway: Gateway;
  close(): Promise<void>;
}

export const quietLogger = (): Logger => createLogger({ service: 'gateway-test', level: 'silent' });

/** The real gateway on port 0 with its configuration read from an environment like the deployed one. */
export async function startGateway(
  env: Record<string, string | undefined> = {},
  logger: Logger = quietLogger(),
  options: { webDir?: string } = {},
): Promise<RunningGateway> {
  const config = loadGatewayConfig({
    JWT_PUBLIC_KEY: keys.publicKeyPem,
    INTERNAL_TOKEN,
    ...env,
  });
  const gateway = createGateway({ config, logger, ...options });
  if (config.REDIS_URL) await gateway.waitForRateLimitStore(5000);
  const server = gateway.createServer();
  const url = await listenOn(server);
  const metrics = await startMetricsServer({ port: 0, readiness: gateway.readiness });
  return {
    url,
    metricsUrl: metrics.url,
    gateway,
    async close() {
      await metrics.close();
      await closeAll(server);
      await gateway.close();
    },
  };
}

/** Every upstream variable pointing at one echo server. */
export const allUpstreams = (url: string) => ({
  IDENTITY_URL: url,
  CATALOG_URL: url,
  SCHEDULING_URL: url,
  COMMERCE_URL: url,
  BILLING_URL: url,
  NOTIFICATIONS_URL: url,
});

function listenOn(server: Server): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    );
  });
}

function closeAll(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
