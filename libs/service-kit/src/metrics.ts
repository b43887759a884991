import {
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
} from 'prom-client';

/** The process's one registry: in embedded mode every service in the process shares it and /metrics. */
export const metricsRegistry = new Registry();

let defaultMetricsCollected = false;

/** Registers prom-client's process metrics once, however many apps the process builds. */
export function collectDefaultMetricsOnce(): void {
  if (defaultMetricsCollected) return;
  defaultMetricsCollected = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

// Get-or-create by name: building a second app in the same process must reuse, not re-register, a metric.
function getOrCreate<M>(name: string, kind: abstract new (...args: never[]) => M, create: () => M): M {
  const existing = metricsRegistry.getSingleMetric(name);
  if (existing === undefined) return create();
  if (!(existing instanceof kind)) throw new Error(`Metric ${name} is already registered with another type`);
  return existing;
}

export const getOrCreateCounter = <T extends string>(config: CounterConfiguration<T>): Counter<T> =>
  getOrCreate(config.name, Counter<T>, () => new Counter<T>({ ...config, registers: [metricsRegistry] }));

export const getOrCreateGauge = <T extends string>(config: GaugeConfiguration<T>): Gauge<T> =>
  getOrCreate(config.name, Gauge<T>, () => new Gauge<T>({ ...config, registers: [metricsRegistry] }));

export const getOrCreateHistogram = <T extends string>(config: HistogramConfiguration<T>): Histogram<T> =>
  getOrCreate(config.name, Histogram<T>, () => new Histogram<T>({ ...config, registers: [metricsRegistry] }));

const HTTP_LABELS = ['service', 'method', 'route', 'status'] as const;

/** RED metrics of HTTP servers, labelled by route template (never the raw URL, which would explode cardinality). */
export const httpMetrics = () => ({
  requests: getOrCreateCounter({
    name: 'http_requests_total',
    help: 'HTTP requests served, by route template and status',
    labelNames: HTTP_LABELS,
  }),
  duration: getOrCreateHistogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds, by route template and status',
    labelNames: HTTP_LABELS,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  }),
});

/** Circuit breaker state per breaker: 0 closed, 1 half-open, 2 open. */
export const circuitBreakerState = () =>
  getOrCreateGauge({
    name: 'circuit_breaker_state',
    help: 'Circuit breaker state: 0 closed, 1 half-open, 2 open',
    labelNames: ['breaker'] as const,
  });
