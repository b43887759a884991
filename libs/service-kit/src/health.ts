import type { IRouter } from 'express';
import { collectDefaultMetricsOnce, metricsRegistry } from './metrics';

export type HealthCheck = () => Promise<void>;

export interface HealthOptions {
  /** Readiness checks by name (database, broker); each rejects when its dependency is unreachable. */
  checks?: Record<string, HealthCheck>;
  timeoutMs?: number;
}

/** `/healthz` (alive), `/readyz` (dependencies reachable) and `/metrics` (Prometheus exposition). */
export function mountHealth(app: IRouter, { checks = {}, timeoutMs = 2000 }: HealthOptions = {}): void {
  collectDefaultMetricsOnce();

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });

  app.get('/readyz', async (_req, res) => {
    const names = Object.keys(checks);
    const outcomes = await Promise.all(names.map((name) => runCheck(checks[name] as HealthCheck, timeoutMs)));
    const results = Object.fromEntries(names.map((name, i) => [name, outcomes[i] ?? 'ok']));
    const ready = outcomes.every((outcome) => outcome === 'ok');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not_ready', checks: results });
  });

  app.get('/metrics', async (_req, res) => {
    res.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  });
}

/** "ok", or the failure's message; a check that hangs counts as failed after the timeout. */
async function runCheck(check: HealthCheck, timeoutMs: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([Promise.resolve().then(check), timeout]);
    return 'ok';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    clearTimeout(timer);
  }
}
