import { getOrCreateCounter, getOrCreateGauge, getOrCreateHistogram } from '@salon/service-kit';

/**
 * The gateway's own metrics, beside service-kit's `http_requests_total` / `http_request_duration_seconds`
 * (by route template and status) and `circuit_breaker_state` (breaker `gateway:<service>`).
 */
export const gatewayMetrics = () => ({
  upstreamDuration: getOrCreateHistogram({
    name: 'gateway_upstream_duration_seconds',
    help: 'Time from sending a request upstream to its response headers, by upstream and status (or timeout, error)',
    labelNames: ['upstream', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  }),
  rejected: getOrCreateCounter({
    name: 'gateway_rejected_requests_total',
    help: 'Requests the gateway answered itself: 401 (no or invalid token), 403 (wrong token kind), 429 (rate limit)',
    labelNames: ['status', 'area'] as const,
  }),
  rateLimitStoreUp: getOrCreateGauge({
    name: 'gateway_rate_limit_store_up',
    help: 'Whether the shared rate-limit store (Redis) is reachable: 1 up, 0 down (local counters in use)',
  }),
  rateLimitFallbacks: getOrCreateCounter({
    name: 'gateway_rate_limit_fallback_total',
    help: 'Rate-limit decisions taken with local counters because the shared store (Redis) failed',
  }),
  upstreamUnavailable: getOrCreateCounter({
    name: 'gateway_upstream_unavailable_total',
    help: 'Requests answered 502/503/504 by the gateway, by upstream and reason',
    labelNames: ['upstream', 'reason'] as const,
  }),
  revokedSessions: getOrCreateGauge({
    name: 'gateway_revoked_sessions',
    help: 'Ended sessions held by the gateway, whose access tokens it refuses until they expire',
  }),
  revocationStaleness: getOrCreateGauge({
    name: 'gateway_session_revocations_stale_seconds',
    help: 'Seconds since the list of ended sessions was last read from identity (-1: never)',
  }),
});

export type GatewayMetrics = ReturnType<typeof gatewayMetrics>;
