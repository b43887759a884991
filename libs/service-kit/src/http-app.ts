import express, { type Express, type Response } from 'express';
import { errorHandler, notFoundHandler } from './error-handler';
import type { Logger } from './logger';
import { collectDefaultMetricsOnce } from './metrics';
import { requestId } from './request-id';
import { requestLog } from './request-log';
import './types';

export interface HttpAppOptions {
  service: string;
  logger: Logger;
  /** body-parser limit; larger bodies are answered 413. */
  bodyLimit?: string | number;
}

/**
 * An express app with request ids, per-request logs and RED metrics, and a 1 MB JSON body parser.
 * Mount routes on it, then call `finishHttpApp`.
 */
export function createHttpApp({ service, logger, bodyLimit = '1mb' }: HttpAppOptions): Express {
  collectDefaultMetricsOnce();
  const app = express();
  app.disable('x-powered-by');
  app.use(requestId());
  app.use(requestLog({ service, logger }));
  // The raw bytes stay beside the parsed body: a provider's webhook signature is over exactly these bytes.
  app.use(
    express.json({
      limit: bodyLimit,
      verify: (req, _res, raw) => void ((req as express.Request).rawBody = raw),
    }),
  );
  return app;
}

/** Adds the 404 `{detail: "Not Found"}` fallback and the error middleware; call after every route is mounted. */
export function finishHttpApp(app: Express, logger: Logger): void {
  app.use(notFoundHandler());
  app.use(errorHandler(logger));
}

/**
 * Sends a 200 whose JSON is already serialised, as text or UTF-8 bytes (answers of many megabytes, written
 * without building objects).
 * No ETag: hashing such a body costs more than revalidation would save.
 */
export function sendJsonText(res: Response, text: string | Buffer): void {
  const body = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  res.status(200).type('json').setHeader('Content-Length', body.length);
  res.end(body);
}
