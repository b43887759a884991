/**
 * `npx tsx embedded/bench/embedded.bench.ts` (after `npm run build`): what a newcomer's `npm start` costs.
 *
 *   1. a first start on an empty data folder (PGlite created, every service's migrations applied): time from
 *      spawning the process to the gateway's /healthz answering 200;
 *   2. `npm run seed` against it (the demo salon through the public API), then the process's resident memory;
 *   3. a restart on the same data folder (migrations already applied): time to ready again.
 *
 * Prints the human-readable lines, then one `BENCH {json}` line per measurement for scripts/bench-report.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@salon/service-kit';
import { PlatformChild, REPO_ROOT, assertBuilt } from '@salon/testing';

const report = (name: string, figures: Record<string, unknown>) =>
  console.log(`BENCH ${JSON.stringify({ bench: 'embedded', name, ...figures })}`);

/** Resident memory of a process in MB (Linux /proc), as `ps` and a container's limit see it. */
function residentMb(pid: number | undefined): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '')) / 1024;
}

async function timedStart(child: PlatformChild): Promise<number> {
  const began = performance.now();
  await child.start(180_000);
  return performance.now() - began;
}

async function main(): Promise<void> {
  assertBuilt(['embedded/dist/main.js', 'embedded/dist/seed-main.js']);
  const dataDir = mkdtempSync(join(tmpdir(), 'salon-embedded-bench-'));
  const port = await freePort();
  const logFile = join(dataDir, 'embedded.log');
  const platform = new PlatformChild({
    name: 'embedded',
    script: 'embedded/dist/main.js',
    env: { PORT: String(port), DATA_DIR: join(dataDir, 'data'), LOG_LEVEL: 'warn' },
    logFile,
    readyUrls: [`http://127.0.0.1:${port}/healthz`],
    readyStatus: 'ok',
  });
  try {
    const firstStartMs = await timedStart(platform);
    const rssReadyMb = residentMb(platform.pid);
    // The SMTP sandbox's address is printed at start-up; the seed reads verification mails from it.
    const smtp = /Sandbox smtp: (\S+)/.exec(readFileSync(logFile, 'utf8'))?.[1];
    if (!smtp) throw new Error('the embedded platform did not print its SMTP sandbox address');
    const seedBegan = performance.now();
    const seed = spawnSync(process.execPath, ['embedded/dist/seed-main.js'], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        SEED_API_URL: `http://127.0.0.1:${port}`,
        SEED_SMTP_MESSAGES_URL: smtp,
      },
      encoding: 'utf8',
    });
    if (seed.status !== 0) throw new Error(`npm run seed failed: ${seed.stderr}`);
    const seedMs = performance.now() - seedBegan;
    const rssSeededMb = residentMb(platform.pid);
    await platform.stop();
    const restartMs = await timedStart(platform);

    console.log(
      `npm start: first start ${(firstStartMs / 1000).toFixed(1)} s (migrations included), restart ` +
        `${(restartMs / 1000).toFixed(1)} s; resident memory ${rssReadyMb.toFixed(0)} MB ready, ` +
        `${rssSeededMb.toFixed(0)} MB after the seed (${(seedMs / 1000).toFixed(1)} s)`,
    );
    report('npm_start', {
      first_start_ms: Math.round(firstStartMs),
      restart_ms: Math.round(restartMs),
      seed_ms: Math.round(seedMs),
      rss_ready_mb: Math.round(rssReadyMb),
      rss_after_seed_mb: Math.round(rssSeededMb),
    });
  } finally {
    await platform.stop();
    await platform.closeLog();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
