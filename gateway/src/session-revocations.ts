import { REVOKED_SESSIONS_PATH, revokedSessionsResponse } from '@salon/contracts';
import type { Logger } from '@salon/service-kit';
import type { GatewayMetrics } from './metrics';

export interface SessionRevocations {
  /** Whether the session has ended while tokens it issued may still be presented. */
  isRevoked(sessionId: string): boolean;
  /** Readiness: fails until the first complete list of ended sessions has arrived from identity. */
  check(): Promise<void>;
  /** Resolves once the first list has arrived (true), or after `timeoutMs` (false). */
  loaded(timeoutMs: number): Promise<boolean>;
  close(): void;
}

// Each poll asks again for a little before identity's last "now": a revocation committed after it was read,
// in a transaction that began earlier, still falls inside the window.
const OVERLAP_MS = 30_000;
const REQUEST_TIMEOUT_MS = 2_000;

/**
 * The sessions identity has ended (logout, password change, deletion, deactivation), polled every `pollMs`
 * from identity's internal list and held in memory until their last access token expires, so a token of an
 * ended session is refused by every gateway replica within about one poll. While identity cannot be reached
 * the gateway keeps what it holds (nothing new can be ended then either: ending a session is a write in
 * identity) and says so in its log and `gateway_session_revocations_stale_seconds`.
 */
export function createSessionRevocations(options: {
  identityUrl: string;
  internalToken: string;
  pollMs: number;
  logger: Logger;
  metrics: GatewayMetrics;
}): SessionRevocations {
  const { identityUrl, internalToken, pollMs, logger, metrics } = options;
  const ended = new Map<string, number>();
  let since: string | undefined;
  let loadedAt: number | undefined;
  let failing = false;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let markLoaded: () => void = () => undefined;
  const firstLoad = new Promise<void>((resolve) => (markLoaded = resolve));

  const poll = async () => {
    const url = new URL(REVOKED_SESSIONS_PATH, identityUrl);
    if (since !== undefined) url.searchParams.set('since', since);
    const response = await fetch(url, {
      headers: { 'x-internal-token': internalToken },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (response.status !== 200) throw new Error(`identity answered ${response.status}`);
    const body = revokedSessionsResponse.parse(await response.json());
    for (const session of body.sessions) ended.set(session.session_id, Date.parse(session.until));
    const now = Date.now();
    for (const [sessionId, until] of ended) if (until <= now) ended.delete(sessionId);
    since = new Date(Date.parse(body.now) - OVERLAP_MS).toISOString();
    loadedAt = now;
    markLoaded();
    metrics.revokedSessions.set(ended.size);
  };

  const loop = async () => {
    try {
      await poll();
      if (failing) logger.info('session revocations: identity reachable again');
      failing = false;
    } catch (error) {
      if (!failing)
        logger.warn({ err: error }, 'session revocations: polling identity failed; keeping the list held');
      failing = true;
    }
    metrics.revocationStaleness.set(loadedAt === undefined ? -1 : (Date.now() - loadedAt) / 1000);
    if (!closed) timer = setTimeout(() => void loop(), pollMs).unref();
  };
  void loop();

  return {
    isRevoked(sessionId) {
      const until = ended.get(sessionId);
      return until !== undefined && until > Date.now();
    },
    async check() {
      if (loadedAt === undefined) throw new Error('ended sessions not loaded from identity yet');
    },
    loaded(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<boolean>(
        (resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)),
      );
      return Promise.race([firstLoad.then(() => true), timeout]).finally(() => clearTimeout(timer));
    },
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}
