/**
 * The processes the gateway bench starts, one role each (argv[2]), so that the load generator, the upstream
 * and the gateway never share an event loop. Each reports its port to the parent over IPC.
 *
 *   service   a small service as the platform's are built: service-kit's express app (request id, request
 *             log, RED metrics), the bearer token verified again with service-kit's verifier, a ~400-byte
 *             JSON answer
 *   bare      a bare Node HTTP server answering the same body without any work (the worst case for a proxy)
 *   gateway   the real gateway (createGateway) from the environment the parent passes
 *   hpm       http-proxy-middleware on express with a keep-alive agent and nothing else (a reference line)
 *   hpm-bare  http-proxy-middleware on a bare Node server with a keep-alive agent: no express, no gateway
 *   pipe-bare the gateway's own proxy (createUpstream: keep-alive streaming pipe, breaker, compression check)
 *             on a bare Node server, nothing else: the like-for-like pair to hpm-bare
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import {
  authenticate,
  createHttpApp,
  createLogger,
  createTokenVerifier,
  finishHttpApp,
} from '@salon/service-kit';
import { createGateway, loadGatewayConfig } from '../src';
import type { GatewayRequest } from '../src/http';
import { gatewayMetrics } from '../src/metrics';
import { createUpstream } from '../src/proxy';

const SERVICE = JSON.stringify({
  id: '65f1c0ffee0000000000abcd',
  tenant_id: '65f1c0ffee0000000000beef',
  name: 'Signature haircut',
  slug: 'signature-haircut',
  category: 'hair_cut',
  duration_minutes: 45,
  preparation_minutes: 5,
  cleanup_minutes: 10,
  pricing: { base_price: '150000.00', currency: 'IDR', outlet_prices: {}, promotional_price: null },
  tags: ['hair', 'cut'],
  status: 'active',
  is_active: true,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

function report(server: http.Server) {
  server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
}

const role = process.argv[2];
if (role === 'service') {
  const logger = createLogger({ service: 'catalog', level: 'info' });
  const app = createHttpApp({ service: 'catalog', logger });
  const verifier = createTokenVerifier({
    publicKeyPem: process.env.JWT_PUBLIC_KEY as string,
    issuer: 'salon-identity',
    audience: 'salon-api',
  });
  const service = JSON.parse(SERVICE) as object;
  // The gateway forwards without the /api/v1 prefix; the direct and reference-proxy runs keep it.
  app.get(
    ['/services/:service_id', '/api/v1/services/:service_id'],
    authenticate(verifier, { allow: ['staff', 'customer'] }),
    (_req, res) => {
      res.json(service);
    },
  );
  finishHttpApp(app, logger);
  report(http.createServer(app));
} else if (role === 'bare') {
  report(
    http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(SERVICE),
        });
        res.end(SERVICE);
      });
    }),
  );
} else if (role === 'gateway') {
  const config = loadGatewayConfig();
  const gateway = createGateway({
    config,
    logger: createLogger({ service: 'gateway', level: config.LOG_LEVEL }),
  });
  void gateway.waitForRateLimitStore().then(() => report(gateway.createServer()));
} else if (role === 'hpm') {
  const app = express();
  app.use(
    createProxyMiddleware({
      target: process.env.UPSTREAM_URL,
      agent: new http.Agent({ keepAlive: true, maxFreeSockets: 256 }),
    }),
  );
  report(http.createServer(app));
} else if (role === 'hpm-bare') {
  const proxy = createProxyMiddleware({
    target: process.env.UPSTREAM_URL,
    agent: new http.Agent({ keepAlive: true, maxFreeSockets: 256 }),
  });
  report(
    http.createServer((req, res) => {
      void proxy(req, res, () => res.writeHead(404).end());
    }),
  );
} else if (role === 'pipe-bare') {
  const config = loadGatewayConfig();
  const logger = createLogger({ service: 'gateway', level: 'warn' });
  const upstream = createUpstream(
    'catalog',
    process.env.UPSTREAM_URL as string,
    config,
    logger,
    gatewayMetrics(),
  );
  report(
    http.createServer((req, res) => {
      const request = req as GatewayRequest;
      request.id = 'bench';
      request.log = logger;
      void upstream.forward(request, res, { internal: false, protocol: 'http' });
    }),
  );
} else {
  process.stderr.write(`unknown role ${role}\n`);
  process.exit(1);
}
