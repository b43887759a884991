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
const UNSTORABLE_TEXT: ValidationIssue[] = [
  { loc: ['body'], msg: 'Text must not contain NUL characters or unpaired surrogates', type: 'value_error' },
];

/**
 * SQLSTATEs and socket errors meaning the database cannot be reached right now, not that the request is wrong:
 * class 08 (connection exception), 57P01–57P03 (connection terminated by an administrator or a crash, or
 * the server not accepting connections yet), 53300 (too many connections).
 */
const DATABASE_UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
]);
/** node-postgres's own errors for a lost or unobtainable connection; 55000 at connect is ALLOW_CONNECTIONS off. */
const DATABASE_UNAVAILABLE_MESSAGES =
  /^Connection terminated|timeout exceeded when trying to connect|is not currently accepting connections/;

/** The error or one of its causes (drizzle wraps the driver's error) says the database is unreachable. */
function databaseUnavailable(error: unknown): boolean {
  for (
    let current = error, depth = 0;
    typeof current === 'object' && current !== null && depth < 3;
    depth += 1
  ) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (code.startsWith('08') || DATABASE_UNAVAILABLE_CODES.has(code)))
      return true;
    if (typeof message === 'string' && DATABASE_UNAVAILABLE_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}

export function renderError(error: unknown): Rendered | undefined {
  if (error instanceof AppError)
    return { status: error.status, body: error.toBody(), headers: error.headers };
  if (error instanceof z.core.$ZodError) {
    // A schema parsed by hand in a route: the request body is what it validated.
    return { status: 422, body: { detail: toValidationIssues(error.issues, ['body']) } };
  }
  if (typeof error !== 'object' || error === null) return undefined;
  // Fail fast and retryable while the database is unreachable (readiness reports the same), never a bare 500.
  if (databaseUnavailable(error)) return { status: 503, body: { detail: 'Service temporarily unavailable' } };
  // Text PostgreSQL cannot store (NUL, a lone surrogate) that reached it without passing parseInput.
  const pgCode = (error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
  if (pgCode === '22021' || pgCode === '22P05') return { status: 422, body: { detail: UNSTORABLE_TEXT } };
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
