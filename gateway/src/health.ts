import { Router } from 'express';
import { collectDefaultMetricsOnce, metricsRegistry } from '@salon/service-kit';

export type Check = () => Promise<void>;

export interface HealthOptions {
  /** Must pass for the gateway to be ready (the embedded process adds its database and broker). */
  checks: Record<string, Check>;
  /**
   * Reported but never failing readiness: the shared rate-limit store. When Redis is down every replica
   * would go unready at once, which is an outage; the gateway serves with local counters instead.
   */
  degradedChecks: Record<string, Check>;
  timeoutMs?: number;
}

/** `/healthz` (alive), `/readyz` (dependencies; degraded ones reported) and `/metrics` (Prometheus). */
export function healthRouter({ checks, degradedChecks, timeoutMs = 2000 }: HealthOptions): Router {
  collectDefaultMetricsOnce();
  const router = Router();

  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });

  router.get('/readyz', async (_req, res) => {
    const [required, degraded] = await Promise.all([run(checks, timeoutMs), run(degradedChecks, timeoutMs)]);
    const ready = Object.values(required).every((outcome) => outcome === 'ok');
    const reported = Object.fromEntries(
      Object.entries(degraded).map(([name, outcome]) => [
        name,
        outcome === 'ok' ? 'ok' : `degraded: ${outcome}`,
      ]),
    );
    res.status(ready ? 200 : 503).json({
      status: ready ? 'ready' : 'not_ready',
      checks: { ...required, ...reported },
    });
  });

  router.get('/metrics', async (_req, res) => {
    res.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  });

  return router;
}

async function run(checks: Record<string, Check>, timeoutMs: number): Promise<Record<string, string>> {
  const names = Object.keys(checks);
  const outcomes = await Promise.all(names.map((name) => runCheck(checks[name] as Check, timeoutMs)));
  return Object.fromEntries(names.map((name, i) => [name, outcomes[i] as string]));
}

/** "ok", or the failure's message; a check that hangs counts as failed after the timeout. */
async function runCheck(check: Check, timeoutMs: number): Promise<string> {
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
