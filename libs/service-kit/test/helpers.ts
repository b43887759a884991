import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { createLogger, type Logger } from '../src';

export interface Running {
  url: string;
  close(): Promise<void>;
}

/** Listens on port 0 and returns the base URL. */
export function listen(app: Express): Promise<Running> {
  return new Promise((resolve) => {
    const server = app.listen(0, () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/** A logger whose JSON lines are kept in memory so tests can assert on them. */
export function captureLogger(service = 'test'): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({
    service,
    level: 'debug',
    destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  return { logger, lines };
}

export const json = async (response: Response): Promise<unknown> => response.json() as Promise<unknown>;
