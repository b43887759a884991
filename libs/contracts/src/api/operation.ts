import type { z } from 'zod';

/** An HTTP operation's contract: what the gateway's OpenAPI document shows and the owning service validates with. */
export interface OperationSchemas {
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The body's media type; JSON unless given (a provider's form-encoded callback). */
  bodyMediaType?: 'application/x-www-form-urlencoded';
  response?: z.ZodType;
  /** Success status; 200 unless given. */
  status?: number;
  /**
   * The success answer's media type when it is not JSON (`application/pdf`, `text/calendar`): its body is a file,
   * described by `response` when that is a text format, else binary.
   */
  mediaType?: string;
  /**
   * The operation's own error statuses beyond those every route of its area can answer (401/403 by token,
   * 404, 422, 429, 503, 504): e.g. 400 for a refused business rule, 402 for a plan limit, 409 for a duplicate,
   * 502 for a failed payment-provider call. Each is documented with the `{detail}` error body.
   */
  errors?: readonly number[];
  /**
   * Takes an `Idempotency-Key` header: a retry with the same key and request within 24 hours gets the first
   * answer again and does nothing again (the owning service mounts its idempotency guard on the route).
   */
  idempotent?: boolean;
  /** Answers 304 without a body when If-None-Match names its ETag (or If-Modified-Since is not older). */
  conditional?: boolean;
}

/** Operation contracts by "METHOD /path", the gateway routing table's path template (without /api/v1). */
export type OperationSchemaMap = Record<string, OperationSchemas>;
