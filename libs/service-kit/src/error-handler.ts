import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z } from 'zod';
import { AppError, type ValidationIssue } from './errors';
import type { Logger } from './logger';
import { toValidationIssues } from './zod-issues';

interface Rendered {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** The errors body-parser raises carry a `type`; these are the ones with a spec-defined answer. */
interface HttpishError {
  type?: unknown;
  status?: unknown;
  expose?: unknown;
  message?: unknown;
}

const JSON_INVALID: ValidationIssue[] = [{ loc: ['body'], msg: 'JSON decode error', type: 'json_invalid' }];

export function renderError(error: unknown): Rendered | undefined {
  if (error instanceof AppError)
    return { status: error.status, body: error.toBody(), headers: error.headers };
  if (error instanceof z.core.$ZodError) {
    // A schema parsed by hand in a route: the request body is what it validated.
    return { status: 422, body: { detail: toValidationIssues(error.issues, ['body']) } };
  }
  if (typeof error !== 'object' || error === null) return undefined;
  const httpish = error as HttpishError;
  if (httpish.type === 'entity.parse.failed') return { status: 422, body: { detail: JSON_INVALID } };
  if (httpish.type === 'entity.too.large') return { status: 413, body: { detail: 'Request body too large' } };
  // Other http-errors from express and body-parser (unsupported charset, aborted request) are safe to show.
  if (
    httpish.expose === true &&
    typeof httpish.status === 'number' &&
    httpish.status >= 400 &&
    httpish.status < 500
  ) {
    return { status: httpish.status, body: { detail: String(httpish.message) } };
  }
  return undefined;
}

export const notFoundHandler = (): RequestHandler => (_req, res) => {
  res.status(404).json({ detail: 'Not Found' });
};

/** Renders known errors as the spec's bodies; anything else is logged with its stack and answered with a bare 500. */
export const errorHandler =
  (logger: Logger): ErrorRequestHandler =>
  (error, req, res, next) => {
    const log = req.log ?? logger;
    const rendered = renderError(error);
    if (rendered === undefined) {
      log.error({ err: error, requestId: req.id }, 'unhandled error');
    } else if (rendered.status >= 500) {
      log.warn({ err: error, requestId: req.id }, 'request failed');
    }
    if (res.headersSent) {
      // Too late for a body: express's final handler closes the connection.
      next(error);
      return;
    }
    const { status, body, headers } = rendered ?? { status: 500, body: { detail: 'Internal Server Error' } };
    if (headers) res.set(headers);
    res.status(status).json(body);
  };
