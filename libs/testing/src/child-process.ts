import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { waitFor } from './wait';

/** The repository root: children run from here so their relative paths (dist/, migrations/) resolve. */
export const REPO_ROOT = join(__dirname, '..', '..', '..');

export interface ChildSpec {
  name: string;
  /** Script relative to the repository root, e.g. `services/catalog/dist/main.js`. */
  script: string;
  env: Record<string, string>;
  /** Extra node flags, e.g. `--cpu-prof` for a benchmark's profile. */
  nodeArgs?: string[];
  /** Log file that receives the child's stdout and stderr, appended across restarts. */
  logFile: string;
  /** Answers (any HTTP status) once the child is ready, e.g. its `/readyz` or a sandbox listing. */
  readyUrls: string[];
  /** Whether only a 200 counts as ready (health endpoints) or any answer (sandbox listeners). */
  readyStatus: 'ok' | 'any';
}

/** Fails fast, before anything is created, when the built output the children run is missing. */
export function assertBuilt(scripts: string[]): void {
  const missing = scripts.filter((script) => !existsSync(join(REPO_ROOT, script)));
  if (missing.length > 0)
    throw new Error(
      `Missing built output: ${missing.join(', ')}. Run \`npm run build\` first (\`npm test\` does it in pretest).`,
    );
}

/**
 * One platform process: spawned from the built output with its own environment, its output kept in a log
 * file, killed with any signal and restarted with the very same environment (port, database, secrets).
 */
export class PlatformChild {
  private child: ChildProcess | undefined;
  private log: WriteStream | undefined;
  private exited: Promise<void> = Promise.resolve();
  private exitRequested = false;
  /** Whether the process ever exited without being told to (a crash, a failed start). */
  crashed = false;

  constructor(readonly spec: ChildSpec) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start(timeoutMs = 60_000): Promise<void> {
    if (this.running) throw new Error(`${this.spec.name} is already running`);
    this.log ??= createWriteStream(this.spec.logFile, { flags: 'a' });
    const child = spawn(
      process.execPath,
      ['--enable-source-maps', ...(this.spec.nodeArgs ?? []), this.spec.script],
      {
        cwd: REPO_ROOT,
        env: { PATH: process.env.PATH ?? '', ...this.spec.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    this.child = child;
    child.stdout?.pipe(this.log, { end: false });
    child.stderr?.pipe(this.log, { end: false });
    this.exitRequested = false;
    this.exited = new Promise((resolve) =>
      child.once('close', () => {
        if (!this.exitRequested) this.crashed = true;
        resolve();
      }),
    );
    const outcome = await waitFor(
      async () => {
        if (!this.running) return 'exited';
        const answers = await Promise.all(this.spec.readyUrls.map((url) => isUp(url, this.spec.readyStatus)));
        return answers.every(Boolean) && 'ready';
      },
      {
        timeoutMs,
        intervalMs: 100,
        message: `${this.spec.name} did not become ready (log: ${this.spec.logFile})`,
      },
    );
    if (outcome === 'exited')
      throw new Error(
        `${this.spec.name} exited with ${child.exitCode ?? child.signalCode} before it was ready (log: ${this.spec.logFile})`,
      );
  }

  /** Sends a signal (SIGKILL for a crash) and waits until the process is gone. */
  async kill(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (!this.running) return;
    this.exitRequested = true;
    this.child!.kill(signal);
    await this.exited;
  }

  /** Stops gracefully; a child that does not finish its shutdown in time is killed. */
  async stop(graceMs = 10_000): Promise<void> {
    if (this.running) {
      const timer = setTimeout(() => this.child?.kill('SIGKILL'), graceMs);
      await this.kill('SIGTERM');
      clearTimeout(timer);
    }
  }

  async closeLog(): Promise<void> {
    const log = this.log;
    this.log = undefined;
    if (log) await new Promise<void>((resolve) => log.end(() => resolve()));
  }
}

async function isUp(url: string, status: 'ok' | 'any'): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return status === 'any' || response.status === 200;
  } catch {
    return false;
  }
}
