import type { IRouter } from 'express';
import { collectDefaultMetricsOnce } from './metrics';

export type HealthCheck = () => Promise<void>;

/** What a process's readiness depends on. */
export interface Readiness {
  /** Readiness checks by name (database, broker); each rejects when its dependency is unreachable. */
  checks?: Record<string, HealthCheck>;
  /**
   * Reported but never failing readiness (the gateway's shared rate-limit store: when Redis is down every
   * replica would go unready at once, which is an outage; the gateway serves with local counters instead).
   */
  degradedChecks?: Record<string, HealthCheck>;
  timeoutMs?: number;
}

export interface ReadinessReport {
  ready: boolean;
  /** "ok", "degraded: <why>" or the failure's message, by check name. */
  checks: Record<string, string>;
}

/** Runs every check at once; a check that hangs counts as failed after the timeout. */
export async function readinessReport({
  checks = {},
  degradedChecks = {},
  timeoutMs = 2000,
}: Readiness): Promise<ReadinessReport> {
  const [required, degraded] = await Promise.all([run(checks, timeoutMs), run(degradedChecks, timeoutMs)]);
  const reported = Object.fromEntries(
    Object.entries(degraded).map(([name, outcome]) => [
      name,
      outcome === 'ok' ? 'ok' : `degraded: ${outcome}`,
    ]),
  );
  return {
    ready: Object.values(required).every((outcome) => outcome === 'ok'),
    checks: { ...required, ...reported },
  };
}

/**
 * `/healthz` (alive) and `/readyz` (dependencies reachable) on the public port: a status and nothing else,
 * since this port is reachable from wherever the API is. Which dependency failed and why is on the metrics
 * port (`startMetricsServer`), for operators only.
 */
export function mountHealth(app: IRouter, readiness: Readiness = {}): void {
  collectDefaultMetricsOnce();

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });

  app.get('/readyz', async (_req, res) => {
    const { ready } = await readinessReport(readiness);
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not_ready' });
  });
}

async function run(checks: Record<string, HealthCheck>, timeoutMs: number): Promise<Record<string, string>> {
  const names = Object.keys(checks);
  const outcomes = await Promise.all(names.map((name) => runCheck(checks[name] as HealthCheck, timeoutMs)));
  return Object.fromEntries(names.map((name, i) => [name, outcomes[i] as string]));
}

/** "ok", or the failure's message. */
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
