import type { Server } from 'node:http';
import type { Logger } from './logger';

export type Closer = () => Promise<void> | void;

export interface Shutdown {
  /** Registers a closer; closers run in reverse order (the server first if it was started last). */
  register(name: string, close: Closer): void;
  /** Runs every closer once; resolves true when all finished cleanly within the timeout. */
  run(): Promise<boolean>;
  /** SIGTERM/SIGINT → run, then exit (0 clean, 1 otherwise). A second signal kills the process at once. */
  installSignalHandlers(signals?: NodeJS.Signals[]): void;
}

export function createShutdown(
  logger: Logger,
  { timeoutMs = 15_000 }: { timeoutMs?: number } = {},
): Shutdown {
  const closers: { name: string; close: Closer }[] = [];
  let running: Promise<boolean> | undefined;

  const closeAll = async (): Promise<boolean> => {
    let clean = true;
    for (const { name, close } of [...closers].reverse()) {
      try {
        await close();
        logger.info({ closer: name }, 'closed');
      } catch (error) {
        clean = false;
        logger.error({ err: error, closer: name }, 'closer failed');
      }
    }
    return clean;
  };

  const run = (): Promise<boolean> => {
    running ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => {
          logger.error({ timeoutMs }, 'shutdown timed out');
          resolve(false);
        }, timeoutMs);
      });
      try {
        return await Promise.race([closeAll(), timedOut]);
      } finally {
        clearTimeout(timer);
      }
    })();
    return running;
  };

  return {
    register: (name, close) => {
      closers.push({ name, close });
    },
    run,
    installSignalHandlers: (signals = ['SIGTERM', 'SIGINT']) => {
      for (const signal of signals) {
        // `once`: the handler is removed when it fires, so a second signal gets the default (immediate exit).
        process.once(signal, () => {
          logger.info({ signal }, 'shutting down');
          void run().then((clean) => process.exit(clean ? 0 : 1));
        });
      }
    },
  };
}

/**
 * Stops accepting connections and lets in-flight requests finish: idle keep-alive connections are closed
 * at once (and again as requests complete), anything still open after `graceMs` is cut.
 */
export function closeServer(server: Server, { graceMs = 10_000 }: { graceMs?: number } = {}): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    sweep.unref();
    force.unref();
    server.close((error) => {
      clearInterval(sweep);
      clearTimeout(force);
      if (error) reject(error);
      else resolve();
    });
    server.closeIdleConnections();
  });
}
