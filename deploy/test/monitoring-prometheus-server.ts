import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';

export interface PrometheusServer {
  url: string;
  /** The server's own log, for failure messages. */
  output(): string;
  api<T>(path: string): Promise<T>;
  stop(): Promise<void>;
}

export interface ScrapeTarget {
  job: string;
  /** host:port serving /metrics. */
  address: string;
}

/**
 * A real Prometheus (the Debian `prometheus` package's binary) on a free port with a throw-away TSDB,
 * scraping the targets every second and evaluating the rule files every second.
 */
export async function startPrometheus(options: {
  port: number;
  targets: ScrapeTarget[];
  ruleFiles: string[];
  binary?: string;
}): Promise<PrometheusServer> {
  const dir = mkdtempSync(join(tmpdir(), 'salon-prometheus-'));
  const configFile = join(dir, 'prometheus.yml');
  writeFileSync(
    configFile,
    stringify({
      global: { scrape_interval: '1s', scrape_timeout: '900ms', evaluation_interval: '1s' },
      rule_files: options.ruleFiles,
      scrape_configs: options.targets.map((target) => ({
        job_name: target.job,
        metrics_path: '/metrics',
        static_configs: [{ targets: [target.address] }],
      })),
    }),
  );
  const url = `http://127.0.0.1:${options.port}`;
  const child: ChildProcess = spawn(
    options.binary ?? process.env.PROMETHEUS ?? '/usr/bin/prometheus',
    [
      `--config.file=${configFile}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${options.port}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = once(child, 'exit');

  const api = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${url}${path}`);
    const body = (await response.json()) as { status: string; data: T; error?: string };
    if (body.status !== 'success') throw new Error(`Prometheus ${path}: ${body.error ?? response.status}`);
    return body.data;
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };

  // Ready once its HTTP API answers; an early exit (bad flag, bad config) fails at once with its log.
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prometheus exited with ${child.exitCode}:\n${output}`);
    const ready = await fetch(`${url}/-/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`prometheus not ready in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, output: () => output, api, stop };
}
