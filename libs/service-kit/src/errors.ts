/** One entry of a 422 body, in the FastAPI shape the spec uses: `{loc: ["body", "pricing", "base_price"], msg, type}`. */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export interface AppErrorOptions {
  /** Replaces `{detail}` as the response body (e.g. the 402 subscription-limit body). */
  body?: Record<string, unknown>;
  /** Extra response headers (Retry-After, WWW-Authenticate). */
  headers?: Record<string, string>;
  cause?: unknown;
}

/** An error whose status and body are meant for the client; anything else thrown is a 500. */
export class AppError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly body?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(status: number, detail: string, options: AppErrorOptions = {}) {
    super(detail, { cause: options.cause });
    this.name = 'AppError';
    this.status = status;
    this.detail = detail;
    this.body = options.body;
    this.headers = options.headers;
  }

  /** What the error middleware sends: the custom body when one was given, else the spec's `{detail}`. */
  toBody(): Record<string, unknown> {
    return this.body ?? { detail: this.detail };
  }
}

/** A 422 carrying the list of field errors; rendered as `{detail: [{loc, msg, type}]}`. */
export class ValidationError extends AppError {
  readonly errors: ValidationIssue[];

  constructor(errors: ValidationIssue[]) {
    super(422, 'Validation failed', { body: { detail: errors } });
    this.name = 'ValidationError';
    this.errors = errors;
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;

/** A single-field 422 raised by code rather than by a schema (e.g. a date range the schema cannot see). */
export const invalidField = (loc: (string | number)[], msg: string, type = 'value_error') =>
  new ValidationError([{ loc, msg, type }]);

export const badRequest = (detail: string) => new AppError(400, detail);

export const unauthorized = (detail = 'Not authenticated') =>
  new AppError(401, detail, { headers: { 'WWW-Authenticate': 'Bearer' } });

/** 402 with either a plain detail or a structured body such as `{error, message, upgrade_required}`. */
export const paymentRequired = (detailOrBody: string | Record<string, unknown>) =>
  typeof detailOrBody === 'string'
    ? new AppError(402, detailOrBody)
    : new AppError(402, String(detailOrBody.message ?? detailOrBody.detail ?? 'Payment Required'), {
        body: detailOrBody,
      });

export const forbidden = (detail = 'Forbidden') => new AppError(403, detail);
export const notFound = (detail = 'Not Found') => new AppError(404, detail);
export const conflict = (detail: string) => new AppError(409, detail);

export const tooManyRequests = (detail = 'Too Many Requests', retryAfterSeconds?: number) =>
  new AppError(429, detail, {
    headers:
      retryAfterSeconds === undefined ? undefined : { 'Retry-After': String(Math.ceil(retryAfterSeconds)) },
  });

export const badGateway = (detail = 'Bad Gateway') => new AppError(502, detail);
export const serviceUnavailable = (detail = 'Service Unavailable') => new AppError(503, detail);
export const gatewayTimeout = (detail = 'Gateway Timeout') => new AppError(504, detail);
