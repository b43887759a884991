/** One `BENCH {json}` line: which benchmark, which measurement, and its figures. */
export interface BenchLine {
  bench: string;
  name: string;
  /** Tells apart measurements of one name (the gateway's targets). */
  target?: string;
  [figure: string]: unknown;
}

/** Every run's value of each numeric figure of one measurement (nested objects flattened: `outcomes.201`). */
export interface Measurement {
  bench: string;
  name: string;
  target?: string;
  values: Map<string, number[]>;
  /** Non-numeric figures (the upstream's kind, …) as the last run printed them. */
  labels: Map<string, string>;
}

const PREFIX = 'BENCH ';

/** The BENCH lines in a benchmark's output; other lines are the human-readable report. */
export function parseBenchLines(output: string): BenchLine[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith(PREFIX))
    .map((line) => JSON.parse(line.slice(PREFIX.length)) as BenchLine);
}

export const measurementKey = (line: { bench: string; name: string; target?: string }) =>
  [line.bench, line.name, line.target].filter(Boolean).join(' / ');

function flatten(prefix: string, value: unknown, into: [string, unknown][]): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(prefix ? `${prefix}.${key}` : key, inner, into);
  } else {
    into.push([prefix, value]);
  }
}

/** Gathers the lines of every run into one measurement per key, in the order they were first printed. */
export function collect(runs: BenchLine[][]): Map<string, Measurement> {
  const measurements = new Map<string, Measurement>();
  for (const lines of runs) {
    for (const { bench, name, target, ...figures } of lines) {
      const key = measurementKey({ bench, name, target });
      let measurement = measurements.get(key);
      if (!measurement) {
        measurement = { bench, name, target, values: new Map(), labels: new Map() };
        measurements.set(key, measurement);
      }
      const flat: [string, unknown][] = [];
      flatten('', figures, flat);
      for (const [figure, value] of flat) {
        if (typeof value === 'number' && Number.isFinite(value)) {
          const values = measurement.values.get(figure) ?? [];
          values.push(value);
          measurement.values.set(figure, values);
        } else if (value !== undefined && value !== null) {
          measurement.labels.set(figure, String(value));
        }
      }
    }
  }
  return measurements;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** All runs' values of one figure, or undefined when no run printed it. */
export function valuesOf(
  measurements: Map<string, Measurement>,
  key: string,
  figure: string,
): number[] | undefined {
  const values = measurements.get(key)?.values.get(figure);
  return values && values.length > 0 ? values : undefined;
}
