import { median, valuesOf, type Measurement } from './bench-figures';
import type { Machine } from './bench-machine';

/** Everything after this line of docs/benchmarks.md is written by hand and copied verbatim. */
export const NOTES_MARKER = '<!-- notes: kept by the generator -->';

export interface BenchmarkRun {
  exitCode: number | null;
  seconds: number;
}

export interface BenchmarkResult {
  name: string;
  command: string;
  runs: BenchmarkRun[];
}

export interface Report {
  generatedAt: Date;
  machine: Machine;
  loadBefore: string;
  loadAfter: string;
  /** The BENCH_* and other size knobs set for this report (none for the default sizes). */
  knobs: Record<string, string>;
  benchmarks: BenchmarkResult[];
  measurements: Map<string, Measurement>;
}

interface Goal {
  goal: string;
  target: string;
  key: string;
  figure: string;
  /** `max` where every run must meet the goal (correctness counts); `median` otherwise. */
  aggregate: 'median' | 'max';
  met: (value: number) => boolean;
  format: (value: number) => string;
}

const number = (value: number) =>
  value.toLocaleString('en-US', { maximumFractionDigits: Math.abs(value) < 10 ? 3 : 1 });
const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
const ms = (value: number) => `${number(value)} ms`;

/** The platform's speed goals (issues 2, 3, 7, 11, 23), each read from one figure of one benchmark. */
const GOALS: Goal[] = [
  {
    goal: 'outbox → broker → inbox throughput',
    target: '≥ 10,000 events/s',
    key: 'messaging / outbox_to_inbox',
    figure: 'events_per_s',
    aggregate: 'median',
    met: (value) => value >= 10_000,
    format: (value) => `${number(value)} events/s`,
  },
  {
    goal: 'outbox path / raw confirmed publishing, same run',
    target: '≥ 50 %',
    key: 'messaging / outbox_to_inbox',
    figure: 'ratio_to_raw',
    aggregate: 'median',
    met: (value) => value >= 0.5,
    format: percent,
  },
  {
    goal: 'commit-to-effect at 1,000 events/s for 60 s, worst 10-second window',
    target: 'p99 ≤ 50 ms',
    key: 'messaging / commit_to_effect_at_1000_per_s',
    figure: 'worst_10s_p99_ms',
    aggregate: 'median',
    met: (value) => value <= 50,
    format: ms,
  },
  {
    goal: 'gateway / direct throughput, same run',
    target: '≥ 60 %',
    key: 'gateway / throughput / gateway',
    figure: 'ratio_to_direct',
    aggregate: 'median',
    met: (value) => value >= 0.6,
    format: percent,
  },
  {
    goal: 'availability grid, 20 staff × 90 days, time in the service (reads kept, nothing changed)',
    target: 'p50 ≤ 20 ms',
    key: 'scheduling / grid_service_time',
    figure: 'p50_ms',
    aggregate: 'median',
    met: (value) => value <= 20,
    format: ms,
  },
  {
    goal: 'the same grid, one staff member changed before each',
    target: 'p50 ≤ 20 ms',
    key: 'scheduling / grid_service_time_one_staff_changed',
    figure: 'p50_ms',
    aggregate: 'median',
    met: (value) => value <= 20,
    format: ms,
  },
  {
    goal: 'the same grid, nothing kept (every staff member read)',
    target: 'p50 ≤ 20 ms',
    key: 'scheduling / grid_service_time_nothing_kept',
    figure: 'p50_ms',
    aggregate: 'median',
    met: (value) => value <= 20,
    format: ms,
  },
  {
    goal: 'availability grid, 20 staff × 90 days, on the wire to a client accepting gzip',
    target: '≤ 1.5 MB',
    key: 'scheduling / grid_on_the_wire',
    figure: 'gzip_bytes',
    aggregate: 'median',
    met: (value) => value <= 1_500_000,
    format: (value) => `${number(value / 1_000_000)} MB`,
  },
  {
    goal: 'bookings through the gateway',
    target: '≥ 200 bookings/s',
    key: 'scheduling / bookings_through_gateway',
    figure: 'bookings_per_s',
    aggregate: 'median',
    met: (value) => value >= 200,
    format: (value) => `${number(value)} bookings/s`,
  },
  {
    goal: 'bookings through the gateway, 100 clients',
    target: 'p99 ≤ 500 ms',
    key: 'scheduling / bookings_through_gateway',
    figure: 'p99_ms',
    aggregate: 'median',
    met: (value) => value <= 500,
    format: ms,
  },
  {
    goal: 'CPU per booking in scheduling',
    target: '≤ 2 ms',
    key: 'scheduling / bookings_through_gateway',
    figure: 'scheduling_cpu_ms_per_request',
    aggregate: 'median',
    met: (value) => value <= 2,
    format: ms,
  },
  {
    goal: 'CPU per booking in the gateway',
    target: '≤ 0.6 ms',
    key: 'scheduling / bookings_through_gateway',
    figure: 'gateway_cpu_ms_per_request',
    aggregate: 'median',
    met: (value) => value <= 0.6,
    format: ms,
  },
  {
    goal: 'double bookings found by the SQL audit',
    target: '0 in every run',
    key: 'scheduling / bookings_through_gateway',
    figure: 'double_bookings',
    aggregate: 'max',
    met: (value) => value === 0,
    format: (value) => String(value),
  },
  {
    goal: 'provider callbacks acknowledged (through the gateway)',
    target: 'p99 ≤ 200 ms',
    key: 'book_and_pay / callback_ack',
    figure: 'p99_ms',
    aggregate: 'median',
    met: (value) => value <= 200,
    format: ms,
  },
  {
    goal: 'payment callback → appointment confirmed, 20 flows at a time',
    target: 'p50 ≤ 100 ms',
    key: 'book_and_pay / step_payment_to_confirmed',
    figure: 'p50_ms',
    aggregate: 'median',
    met: (value) => value <= 100,
    format: ms,
  },
  {
    goal: 'payment callback → appointment confirmed, 20 flows at a time',
    target: 'p99 ≤ 300 ms',
    key: 'book_and_pay / step_payment_to_confirmed',
    figure: 'p99_ms',
    aggregate: 'median',
    met: (value) => value <= 300,
    format: ms,
  },
  // The same flow one at a time (bench (c)): what the path costs when the two cores are not saturated.
  {
    goal: 'payment callback → appointment confirmed, one flow at a time',
    target: 'p50 ≤ 100 ms',
    key: 'book_and_pay / alone_step_payment_to_confirmed',
    figure: 'p50_ms',
    aggregate: 'median',
    met: (value) => value <= 100,
    format: ms,
  },
  {
    goal: 'payment callback → appointment confirmed, one flow at a time',
    target: 'p99 ≤ 300 ms',
    key: 'book_and_pay / alone_step_payment_to_confirmed',
    figure: 'p99_ms',
    aggregate: 'median',
    met: (value) => value <= 300,
    format: ms,
  },
  {
    goal: 'grid on a large platform / on an empty one',
    target: '≤ 1.5 ×',
    key: 'growth / grid_full_vs_empty',
    figure: 'ratio_to_empty',
    aggregate: 'median',
    met: (value) => value <= 1.5,
    format: (value) => `${number(value)} ×`,
  },
  {
    goal: 'booking on a large platform / on an empty one',
    target: '≤ 1.5 ×',
    key: 'growth / booking_full_vs_empty',
    figure: 'ratio_to_empty',
    aggregate: 'median',
    met: (value) => value <= 1.5,
    format: (value) => `${number(value)} ×`,
  },
  {
    goal: 'event path on a large platform / on an empty one (cost per event)',
    target: '≤ 1.5 ×',
    key: 'growth / event_path_full_vs_empty',
    figure: 'ratio_to_empty',
    aggregate: 'median',
    met: (value) => value <= 1.5,
    format: (value) => `${number(value)} ×`,
  },
];

const runsText = (values: number[], format = number) => values.map(format).join(' · ');

function goalsSection(report: Report): string[] {
  const rows = GOALS.map((goal) => {
    const values = valuesOf(report.measurements, goal.key, goal.figure);
    if (!values) return `| ${goal.goal} | ${goal.target} | not measured | — | **not measured** |`;
    const value = goal.aggregate === 'max' ? Math.max(...values) : median(values);
    const verdict = goal.met(value) ? 'met' : '**not met**';
    const measured = goal.format(value);
    return `| ${goal.goal} | ${goal.target} | ${measured} | ${runsText(values, goal.format === percent ? percent : number)} | ${verdict} |`;
  });
  return [
    '## Goals',
    '',
    'Computed from the figures below by the generator (median of the runs unless the goal says "every run").',
    '',
    '| goal | target | measured | runs | verdict |',
    '|---|---|---|---|---|',
    ...rows,
  ];
}

function ratiosSection(report: Report): string[] {
  const rows: string[] = [];
  for (const [key, measurement] of report.measurements) {
    for (const [figure, values] of measurement.values) {
      if (!figure.startsWith('ratio_to_')) continue;
      const baseline = figure.slice('ratio_to_'.length).replaceAll('_', ' ');
      if (measurement.target === baseline) continue; // the baseline against itself
      rows.push(`| ${key} | ${baseline} | ${percent(median(values))} | ${runsText(values, percent)} |`);
    }
  }
  return [
    '## Ratios against the in-run baselines',
    '',
    'Each run measures its own baseline (raw confirmed publishing with amqplib alone; the upstream reached',
    'directly; the same requests before the database was filled like a large platform) on the same machine in',
    'the same minutes, so the ratio holds up better than absolute figures on a shared machine.',
    '',
    '| measurement | against | median | runs |',
    '|---|---|---|---|',
    ...rows,
  ];
}

function figuresSection(report: Report): string[] {
  const lines = [
    '## Figures',
    '',
    "Each figure: the median of the runs in bold, then every run's value.",
    '',
  ];
  for (const { name } of report.benchmarks) {
    const measurements = [...report.measurements.entries()].filter(([, m]) => m.bench === name);
    lines.push(`### ${name}`, '');
    if (measurements.length === 0) {
      lines.push('No figures: every run failed (see the commands above).', '');
      continue;
    }
    lines.push('| measurement | figures |', '|---|---|');
    for (const [key, measurement] of measurements) {
      const labels = [...measurement.labels].map(([figure, value]) => `${figure} ${value}`);
      const figures = [...measurement.values].map(
        ([figure, values]) => `${figure} **${number(median(values))}** (${runsText(values)})`,
      );
      lines.push(`| ${key} | ${[...labels, ...figures].join('<br>')} |`);
    }
    lines.push('');
  }
  return lines;
}

/** The generated part of docs/benchmarks.md, ending with the notes marker. */
export function renderReport(report: Report): string {
  const { machine } = report;
  const runs = Math.max(...report.benchmarks.map((benchmark) => benchmark.runs.length));
  const knobs = Object.entries(report.knobs);
  return [
    '# Benchmarks',
    '',
    `<!-- Written by \`npm run bench\` (scripts/bench-report.ts) down to the notes marker; edit below it only. -->`,
    '',
    `Generated ${report.generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run bench\`: ` +
      `${runs} run${runs === 1 ? '' : 's'} of each benchmark (\`BENCH_RUNS\`),`,
    "as child processes one after another. Every figure is the median of the runs, with each run's value beside",
    'it. Speed goals live here, never in timed tests: the machines are shared and noisy.',
    '',
    '## Machine',
    '',
    '| CPU | cores | memory | Node.js | PostgreSQL | RabbitMQ | load average before (1 / 5 / 15 min) | after |',
    '|---|---|---|---|---|---|---|---|',
    `| ${machine.cpuModel} | ${machine.cpus} | ${machine.memoryGiB} GiB | ${machine.node} | ${machine.postgres} | ` +
      `${machine.rabbitmq} | ${report.loadBefore} | ${report.loadAfter} |`,
    '',
    '## Commands',
    '',
    knobs.length === 0
      ? 'Default sizes (no `BENCH_*` knobs set).'
      : `Sizes changed from the defaults: ${knobs.map(([name, value]) => `\`${name}=${value}\``).join(', ')}.`,
    '',
    '| benchmark | command | exit codes | seconds per run |',
    '|---|---|---|---|',
    ...report.benchmarks.map(
      (benchmark) =>
        `| ${benchmark.name} | \`${benchmark.command}\` | ${benchmark.runs.map((run) => run.exitCode).join(' · ')} | ` +
        `${benchmark.runs.map((run) => run.seconds.toFixed(0)).join(' · ')} |`,
    ),
    '',
    ...goalsSection(report),
    '',
    ...ratiosSection(report),
    '',
    ...figuresSection(report),
    NOTES_MARKER,
  ].join('\n');
}
