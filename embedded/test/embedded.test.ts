import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * `npm start` in a child process, as a newcomer runs it: embedded PostgreSQL (PGlite) and the in-process bus,
 * on a free port. (PGlite needs real dynamic imports, which jest's module sandbox does not give.)
 */
it('starts on embedded PostgreSQL and the in-process bus, prints its URL, answers health and readiness', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'salon-embedded-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'embedded/src/main.ts'], {
    cwd: join(__dirname, '..', '..'),
    env: { PATH: process.env.PATH, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ready line in time:\n${output}`)), 50_000);
      child.stdout.on('data', () => {
        const match = /ready at (http:\/\/localhost:\d+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
      child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
    });
    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    const ready = await fetch(`${url}/readyz`);
    expect(await ready.json()).toMatchObject({ status: 'ready', checks: { database: 'ok', broker: 'ok' } });
    expect(output).toContain('generated embedded-mode secrets');
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);
