import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Linux's default ephemeral range starts here; other systems start at 49152 or above. */
const DEFAULT_EPHEMERAL_LOW = 32_768;
/** The lowest port handed out: above the well-known and most registered services' ports. */
const LOWEST_PORT = 10_000;

/**
 * Ports of the range that browsers and Node's `fetch` refuse to connect to (the Fetch standard's "bad ports"
 * at or above LOWEST_PORT): a service there answers no health check (a CI run lost a platform to 10080).
 */
const FETCH_BLOCKED_PORTS = new Set([10_080]);

/** The first port the OS uses for outgoing connections and `listen(0)`. */
function ephemeralLow(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const parsed = Number(low);
    return Number.isInteger(parsed) && parsed > LOWEST_PORT + 1_000 ? parsed : DEFAULT_EPHEMERAL_LOW;
  } catch {
    return DEFAULT_EPHEMERAL_LOW;
  }
}

/** Whether a server may listen on `port` on every interface (so on loopback too) right now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '0.0.0.0', () => probe.close(() => resolve(true)));
  });
}

/**
 * A free port, for an address that must be known before its server starts. It is drawn at random from below
 * the OS's ephemeral range: a port from `listen(0)` is one the OS hands out again at once, to an outgoing
 * connection or to the next `listen(0)` of another process, before the server meant to use it has bound it
 * (EADDRINUSE, seen when many test processes start together). Below that range only another explicit choice
 * can take it, and a random one among thousands rarely collides.
 */
export async function freePort(): Promise<number> {
  const ceiling = ephemeralLow();
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = LOWEST_PORT + Math.floor(Math.random() * (ceiling - LOWEST_PORT));
    if (!FETCH_BLOCKED_PORTS.has(port) && (await canListen(port))) return port;
  }
  throw new Error(`No free port found between ${LOWEST_PORT} and ${ceiling}`);
}

/** `port` when nothing listens on it, else 0 (any free port). */
export function portIfFree(port: number): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(0));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(port)));
  });
}
