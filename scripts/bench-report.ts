/**
 * `npm run bench`: builds, runs every benchmark BENCH_RUNS (3) times as child processes, one after another (never
 * two at once: they would measure each other), collects their `BENCH {json}` lines and writes docs/benchmarks.md
 * with the machine, the commands, the medians, the ratios against the in-run baselines and the goals.
 *
 * The benchmarks' own size knobs (BENCH_EVENTS, BENCH_DURATION, BENCH_CUSTOMERS, …) pass through to them and
 * are named in the report. For development: BENCH_ONLY=gateway,book_and_pay runs some of them,
 * BENCH_OUTPUT=/tmp/benchmarks.md writes elsewhere, BENCH_SKIP_BUILD=1 skips `npm run build`.
 *
 * Everything below the notes marker of docs/benchmarks.md (the hand-written analysis) is copied verbatim.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { collect, parseBenchLines, type BenchLine } from './bench-figures';
import { describeMachine, loadAverage } from './bench-machine';
import { NOTES_MARKER, renderReport, type BenchmarkResult } from './bench-render';

const ROOT = join(__dirname, '..');
const BENCHMARKS = [
  { name: 'messaging', command: 'npm run --silent bench:messaging' },
  { name: 'gateway', command: 'npm run --silent bench:gateway' },
  { name: 'scheduling', command: 'npm run --silent bench:scheduling' },
  { name: 'book_and_pay', command: 'npx tsx e2e/bench/book-and-pay.bench.ts' },
  { name: 'growth', command: 'npx tsx services/scheduling/bench/growth.bench.ts' },
  { name: 'embedded', command: 'npx tsx embedded/bench/embedded.bench.ts' },
];
/** Environment variables that change what the benchmarks measure; the report names those that are set. */
const KNOB = /^(BENCH_|GRID_RUNS$|BOOKINGS_PER_CLIENT$)/;
const REPORT_SETTINGS = new Set(['BENCH_RUNS', 'BENCH_ONLY', 'BENCH_OUTPUT', 'BENCH_SKIP_BUILD']);

/** Runs one command, echoing its output with a prefix; resolves with its stdout and exit code. */
function run(label: string, command: string): Promise<{ stdout: string; exitCode: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, { cwd: ROOT, shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    const echo = (chunk: Buffer) =>
      process.stdout.write(
        chunk
          .toString()
          .split('\n')
          .filter((line) => line !== '')
          .map((line) => `[${label}] ${line}\n`)
          .join(''),
      );
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      echo(chunk);
    });
    child.stderr.on('data', echo);
    child.once('error', reject);
    child.once('close', (exitCode) => resolve({ stdout, exitCode }));
  });
}

/** The hand-written notes of the current report: everything after the marker (nothing before the first run). */
function currentNotes(path: string): string {
  if (!existsSync(path)) return '';
  const text = readFileSync(path, 'utf8');
  const at = text.indexOf(NOTES_MARKER);
  return at === -1 ? '' : text.slice(at + NOTES_MARKER.length);
}

async function main(): Promise<void> {
  const runs = Number(process.env.BENCH_RUNS ?? 3);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('BENCH_RUNS must be a positive whole number');
  const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
  const unknown = only?.filter((name) => !BENCHMARKS.some((benchmark) => benchmark.name === name)) ?? [];
  if (unknown.length > 0)
    throw new Error(
      `BENCH_ONLY names unknown benchmarks ${unknown.join(', ')}; known: ${BENCHMARKS.map((b) => b.name)}`,
    );
  const selected = BENCHMARKS.filter((benchmark) => !only || only.includes(benchmark.name));
  const report = join(ROOT, 'docs/benchmarks.md');
  const output = process.env.BENCH_OUTPUT ?? report;

  // The platform benchmarks start processes from dist/: measure the code as it is.
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }

  const machine = await describeMachine();
  const loadBefore = loadAverage();
  const results: BenchmarkResult[] = [];
  const lines: BenchLine[][] = [];
  for (const benchmark of selected) {
    const result: BenchmarkResult = { ...benchmark, runs: [] };
    results.push(result);
    for (let n = 1; n <= runs; n += 1) {
      const began = performance.now();
      const { stdout, exitCode } = await run(`${benchmark.name} ${n}/${runs}`, benchmark.command);
      result.runs.push({ exitCode, seconds: (performance.now() - began) / 1000 });
      // A failed run's figures are kept as far as it printed them; its exit code is in the report.
      lines.push(parseBenchLines(stdout));
    }
  }
  const loadAfter = loadAverage();

  const knobs = Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        KNOB.test(entry[0]) && !REPORT_SETTINGS.has(entry[0]) && entry[1] !== undefined,
    ),
  );
  const generated = renderReport({
    generatedAt: new Date(),
    machine,
    loadBefore,
    loadAfter,
    knobs,
    benchmarks: results,
    measurements: collect(lines),
  });
  writeFileSync(output, `${generated}${currentNotes(report)}`);
  process.stdout.write(`\nwrote ${output}\n`);
  if (results.some((result) => result.runs.some((r) => r.exitCode !== 0))) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
