import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readinessReport, type Readiness } from './health';
import { collectDefaultMetricsOnce, metricsRegistry } from './metrics';
import { closeServer } from './shutdown';

export interface MetricsServer {
  /** `http://127.0.0.1:<port>`: `/metrics` and `/readyz` under it. */
  url: string;
  server: Server;
  close(): Promise<void>;
}

/**
 * The operations port, apart from the public one so that no ingress, route or client of the API reaches it:
 * `GET /metrics` (the process's registry in Prometheus text format) and `GET /readyz` with every check's
 * outcome (`{status, checks: {database: "ok", broker: "connection refused"}}`), the detail the public
 * `/readyz` leaves out. Port 0 takes a free one (tests, and the embedded mode unless METRICS_PORT is set).
 */
export async function startMetricsServer(options: {
  port: number;
  host?: string;
  readiness?: Readiness;
}): Promise<MetricsServer> {
  collectDefaultMetricsOnce();
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const answer = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      answer(405, 'application/json', JSON.stringify({ detail: 'Method Not Allowed' }));
      return;
    }
    const respond = async () => {
      if (path === '/metrics') {
        answer(200, metricsRegistry.contentType, await metricsRegistry.metrics());
      } else if (path === '/readyz') {
        const { ready, checks } = await readinessReport(options.readiness ?? {});
        const status = ready ? 'ready' : 'not_ready';
        answer(ready ? 200 : 503, 'application/json', JSON.stringify({ status, checks }));
      } else {
        answer(404, 'application/json', JSON.stringify({ detail: 'Not Found' }));
      }
    };
    respond().catch((error: unknown) =>
      answer(500, 'application/json', JSON.stringify({ detail: String(error) })),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, server, close: () => closeServer(server) };
}
