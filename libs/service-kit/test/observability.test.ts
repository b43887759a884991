import express from 'express';
import {
  actingAdminOf,
  createHttpApp,
  finishHttpApp,
  metricsRegistry,
  mountHealth,
  setRouteTemplate,
  startMetricsServer,
  type MetricsServer,
  type Readiness,
} from '../src';
import { captureLogger, listen, type Running } from './helpers';

const { logger, lines } = captureLogger('obs');
const SCOPED_ADMIN = {
  kind: 'staff' as const,
  userId: 'a'.repeat(24),
  tenantId: 'b'.repeat(24),
  role: 'SUPER_ADMIN' as const,
  outletIds: [],
  tokenId: 'jti',
};
let server: Running;
let metricsServer: MetricsServer;
let brokerUp = true;
const readiness: Readiness = {
  checks: {
    database: async () => undefined,
    broker: async () => {
      if (!brokerUp) throw new Error('connection refused');
    },
  },
};

beforeAll(async () => {
  const app = createHttpApp({ service: 'obs', logger });
  mountHealth(app, readiness);
  app.get('/items/:id', (req, res) => {
    res.json({ id: req.params.id, requestId: req.id });
  });
  // What `authenticate` leaves for a SUPER_ADMIN token scoped to a tenant.
  app.get('/as-admin', (req, res) => {
    req.auth = { ...SCOPED_ADMIN };
    res.json({ ok: true });
  });
  const router = express.Router();
  router.get('/:id/fail', () => {
    throw new Error('boom');
  });
  app.use('/things', router);
  app.use('/proxied', (req, res) => {
    setRouteTemplate(req, '/proxied/*');
    res.json({ ok: true });
  });
  finishHttpApp(app, logger);
  server = await listen(app);
  metricsServer = await startMetricsServer({ port: 0, readiness });
});

afterAll(async () => {
  await metricsServer.close();
  await server.close();
});

const metricLines = async (name: string) =>
  (await metricsRegistry.metrics()).split('\n').filter((line) => line.startsWith(`${name}{`));

describe('health endpoints', () => {
  it('reports liveness', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('reports readiness as a status only on the public port, every check on the metrics port', async () => {
    brokerUp = true;
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
    const detailed = await fetch(`${metricsServer.url}/readyz`);
    expect(detailed.status).toBe(200);
    expect(await detailed.json()).toEqual({ status: 'ready', checks: { database: 'ok', broker: 'ok' } });

    brokerUp = false;
    const notReady = await fetch(`${server.url}/readyz`);
    expect(notReady.status).toBe(503);
    // No dependency names, no error messages: this port is reachable from wherever the API is.
    expect(await notReady.json()).toEqual({ status: 'not_ready' });
    const detailedNotReady = await fetch(`${metricsServer.url}/readyz`);
    expect(detailedNotReady.status).toBe(503);
    expect(await detailedNotReady.json()).toEqual({
      status: 'not_ready',
      checks: { database: 'ok', broker: 'connection refused' },
    });
  });

  it('fails a check that hangs past the timeout', async () => {
    const slow: Readiness = { checks: { slow: () => new Promise(() => undefined) }, timeoutMs: 100 };
    const app = createHttpApp({ service: 'hang', logger });
    mountHealth(app, slow);
    finishHttpApp(app, logger);
    const hanging = await listen(app);
    const hangingMetrics = await startMetricsServer({ port: 0, readiness: slow });
    try {
      const response = await fetch(`${hanging.url}/readyz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 'not_ready' });
      const detailed = await fetch(`${hangingMetrics.url}/readyz`);
      expect(await detailed.json()).toEqual({
        status: 'not_ready',
        checks: { slow: 'timed out after 100 ms' },
      });
    } finally {
      await hangingMetrics.close();
      await hanging.close();
    }
  });

  it('reports a degraded check without failing readiness', async () => {
    const degraded = await startMetricsServer({
      port: 0,
      readiness: { degradedChecks: { store: () => Promise.reject(new Error('ECONNREFUSED')) } },
    });
    try {
      const response = await fetch(`${degraded.url}/readyz`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ready', checks: { store: 'degraded: ECONNREFUSED' } });
    } finally {
      await degraded.close();
    }
  });

  it('serves Prometheus metrics on the metrics port only, default process metrics included', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    const response = await fetch(`${metricsServer.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('http_request_duration_seconds_bucket');
    expect((await fetch(`${metricsServer.url}/items/1`)).status).toBe(404);
  });
});

describe('RED metrics', () => {
  it('labels requests with the route template, not the raw URL', async () => {
    await fetch(`${server.url}/items/abc123`);
    await fetch(`${server.url}/items/def456`);
    const counted = await metricLines('http_requests_total');
    expect(counted).toContain(
      'http_requests_total{service="obs",method="GET",route="/items/:id",status="200"} 2',
    );
    expect(counted.join('\n')).not.toContain('abc123');
  });

  it('keeps the sub-router prefix when the handler fails', async () => {
    await fetch(`${server.url}/things/42/fail`);
    expect(await metricLines('http_requests_total')).toContain(
      'http_requests_total{service="obs",method="GET",route="/things/:id/fail",status="500"} 1',
    );
  });

  it('labels unknown routes "unmatched" and lets mounted handlers label themselves', async () => {
    await fetch(`${server.url}/random/path/1`);
    await fetch(`${server.url}/proxied/a/b`);
    const counted = (await metricLines('http_requests_total')).join('\n');
    expect(counted).toContain('route="unmatched",status="404"');
    expect(counted).toContain('route="/proxied/*",status="200"');
    expect(counted).not.toContain('/random/path');
  });
});

describe('request ids and request logs', () => {
  it('keeps a well-formed client request id', async () => {
    const response = await fetch(`${server.url}/items/1`, { headers: { 'X-Request-Id': 'abc-123.def:9_z' } });
    expect(response.headers.get('x-request-id')).toBe('abc-123.def:9_z');
    expect(await response.json()).toEqual({ id: '1', requestId: 'abc-123.def:9_z' });
  });

  it.each([['has spaces in it'], ['x'.repeat(129)], ['<script>']])(
    'replaces a malformed request id: %s',
    async (id) => {
      const response = await fetch(`${server.url}/items/1`, { headers: { 'X-Request-Id': id } });
      const issued = response.headers.get('x-request-id');
      expect(issued).not.toBe(id);
      expect(issued).toMatch(/^[0-9a-f-]{36}$/);
    },
  );

  it('writes one line per request with id, route, status and duration', async () => {
    await fetch(`${server.url}/items/7`, { headers: { 'X-Request-Id': 'log-line-test' } });
    await new Promise((resolve) => setImmediate(resolve));
    const logged = lines.filter(
      (line) => line.requestId === 'log-line-test' && line.msg === 'request completed',
    );
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      service: 'obs',
      level: 'info',
      method: 'GET',
      route: '/items/:id',
      status: 200,
      durationMs: expect.any(Number),
    });
  });

  it('logs a tenant-scoped SUPER_ADMIN request with acting_admin_id, and no other request', async () => {
    await fetch(`${server.url}/as-admin`, { headers: { 'X-Request-Id': 'acting-admin-test' } });
    await fetch(`${server.url}/items/8`, { headers: { 'X-Request-Id': 'no-admin-test' } });
    await new Promise((resolve) => setImmediate(resolve));
    const lineOf = (requestId: string) =>
      lines.find((line) => line.requestId === requestId && line.msg === 'request completed');
    expect(lineOf('acting-admin-test')).toMatchObject({
      acting_admin_id: SCOPED_ADMIN.userId,
      tenantId: SCOPED_ADMIN.tenantId,
      status: 200,
    });
    expect(lineOf('no-admin-test')).toBeDefined();
    expect(lineOf('no-admin-test')).not.toHaveProperty('acting_admin_id');
  });

  it('names the acting administrator of a tenant-scoped SUPER_ADMIN token, and nobody else', () => {
    const staff = { kind: 'staff' as const, userId: 'a'.repeat(24), outletIds: [], tokenId: 'j' };
    expect(actingAdminOf({ ...staff, role: 'SUPER_ADMIN', tenantId: 'b'.repeat(24) })).toBe('a'.repeat(24));
    expect(actingAdminOf({ ...staff, role: 'SUPER_ADMIN', tenantId: null })).toBeUndefined();
    expect(actingAdminOf({ ...staff, role: 'TENANT_ADMIN', tenantId: 'b'.repeat(24) })).toBeUndefined();
    expect(actingAdminOf(undefined)).toBeUndefined();
  });
});
